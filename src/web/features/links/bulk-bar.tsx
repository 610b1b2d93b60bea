// Bulk actions on the selected links (edit fields, move to a space, add or remove tags, disable, enable, delete)
// through the bulk API: the ticked rows by id (on every page they were ticked on: the bar says "12 selected on 3
// pages"), or "all N matching" by the list's filters, previewed by a dry run before anything changes (an edit of
// fields always is, bulk-edit-dialog.tsx). One request does the whole change in one
// transaction; its notification offers Undo. The bar also says when a change of the list cleared a selection.
import { useState, type ReactNode } from 'react';
import { Alert, Button, CloseButton, Group, Menu, Paper, Progress, Text, useMantineTheme } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFolderShare, IconPencil, IconPlayerPause, IconPlayerPlay, IconTags, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { plural } from '../../components/resource-list/format';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { actionLabel, bulkBody, confirmTitle, doing, done, filterSelection, verb, type BulkAction, type BulkOutcome, type BulkPreview, type BulkSelection } from './bulk';
import { DeleteMessage, PreviewMessage } from './bulk-confirm';
import { BulkNotes } from './bulk-done-notice';
import { showUndoNotice } from '../operations/undo-notice';
import { linkQueries } from './links.queries';
import classes from './bulk-bar.module.css';
import { spaceQueries } from '../spaces/spaces.queries';
import { BulkTagsButton } from './bulk-tags-button';
import { BulkEditDialog } from './bulk-edit-dialog';
import type { Cleared } from './use-link-selection';

export interface BulkBarProps {
  /** The ticked rows, on this page and others, in the order ticked. */
  selected: number[];
  aliases: Map<number, string>;
  /** What the bar says is selected: "12 selected on 3 pages", "All 4,812 matching selected" (selection.ts). */
  label: string;
  /** The list's query: its filters are the selection when every matching link is selected. */
  query: LinkListQuery;
  /** Links matching the filters. */
  total: number;
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** A selection that a change of the list's filters, sort or page size cleared. */
  cleared: Cleared | null;
  onDismissCleared: () => void;
}

function send(action: BulkAction, selection: BulkSelection, dryRun: boolean) {
  const query = dryRun ? { dry_run: 1 } : action.kind === 'edit' && action.partial ? { partial: 1 } : undefined;
  return action.kind === 'delete' ? api.deleteWith<BulkOutcome & BulkPreview>('/links/bulk', selection, query) : api.patch<BulkOutcome & BulkPreview>('/links/bulk', bulkBody(action, selection), query);
}

export function BulkBar({ selected, aliases, label, query, total, allMatching, onSelectAllMatching, onClear, cleared, onDismissCleared }: BulkBarProps) {
  const qc = useQueryClient();
  const spaces = useQuery(spaceQueries.lookup());
  // On a phone the bar sticks over a small screen: compact buttons without icons keep it to two short lines.
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`);
  const button = (icon: ReactNode) => (phone ? { size: 'compact-sm' } : { size: 'xs', leftSection: icon });
  /** A confirmation: of a delete of ticked rows, or of any action over the filter (with the dry run's answer). */
  const [confirm, setConfirm] = useState<{ action: BulkAction; preview: BulkPreview | null; error: string | null } | null>(null);
  const [running, setRunning] = useState<{ action: BulkAction; count: number } | null>(null);
  const [failure, setFailure] = useState<{ action: BulkAction; message: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const any = allMatching || selected.length > 0;
  const what = allMatching ? `all ${plural(total, 'matching link')}` : plural(selected.length, 'link');
  const selection = (): BulkSelection => (allMatching ? filterSelection(query) : { ids: [...selected] });

  const start = (action: BulkAction) => {
    setFailure(null);
    if (!allMatching) {
      if (action.kind === 'delete') setConfirm({ action, preview: null, error: null });
      else void run(action, selected.length);
      return;
    }
    setConfirm({ action, preview: null, error: null });
    send(action, selection(), true).then(
      (preview) => setConfirm((c) => (c?.action === action ? { ...c, preview: preview as BulkPreview } : c)),
      (err: Error) => setConfirm((c) => (c?.action === action ? { ...c, error: err.message } : c)),
    );
  };

  const run = async (action: BulkAction, expected: number) => {
    setConfirm(null);
    setRunning({ action, count: expected });
    try {
      const outcome = (await send(action, selection(), false)) as BulkOutcome;
      const title = `${done(action)}: ${plural(outcome.count, 'link')}`;
      const missing = allMatching ? 0 : Math.max(0, selected.length - outcome.count - (outcome.skipped ?? 0));
      const notes = <BulkNotes missing={missing} skipped={outcome.skipped} changed={!!outcome.operation} />;
      // Recorded: Undo stays while the operation can be undone; nothing changed: a plain notice.
      if (outcome.operation) showUndoNotice(outcome.operation, { title, notes });
      else notifications.show({ color: 'green', title, message: notes, autoClose: 30_000, closeButtonProps: { 'aria-label': 'Close notification' } });
      onClear();
    } catch (err) {
      setFailure({ action, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setRunning(null);
      await Promise.all([qc.invalidateQueries({ queryKey: linkQueries.keys.all }), qc.invalidateQueries({ queryKey: ['operations'] })]);
      if (action.kind === 'move') await qc.invalidateQueries({ queryKey: ['spaces'] });
      if (action.kind === 'tag') await qc.invalidateQueries({ queryKey: ['tags'] });
    }
  };

  const busy = !!running || !!confirm || editing;
  const { ref: barRef, height: barHeight } = useElementSize();
  return (
    <>
      {(any || running || failure || cleared) && (
        <>
          {/* In the flow at the end of the page: the last rows and the pagination can scroll above the bar. */}
          <div aria-hidden style={{ height: barHeight + 16 }} />
          <div className={classes.floating} ref={barRef}>
            {failure && (
              <Alert color="red" withCloseButton onClose={() => setFailure(null)} title={`Could not ${verb(failure.action)} the links; nothing changed`} data-testid="bulk-report" role="alert">
                {failure.message}
              </Alert>
            )}
            {cleared && !any && !running && (
              <Paper withBorder shadow="md" p="xs" role="status" data-testid="selection-cleared">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{cleared.message}</Text>
                  <CloseButton size="sm" aria-label="Dismiss" onClick={onDismissCleared} />
                </Group>
              </Paper>
            )}
            {(any || running) && (
              <Paper withBorder shadow="md" p="xs" role="region" aria-label="Bulk actions">
                <Group justify="space-between" gap="xs">
                  <Group gap="xs">
                    <Text size="sm" fw={600} data-testid="selected-count" aria-live="polite">
                      {label}
                    </Text>
                    {/* On a phone, shorter words and an icon keep these to the label's line. */}
                    {!allMatching && total > selected.length && (
                      <Button size="compact-sm" variant="subtle" onClick={onSelectAllMatching} data-testid="select-all-matching" aria-label={`Select all ${total.toLocaleString('en')} matching`}>
                        Select all {total.toLocaleString('en')}
                        {phone ? '' : ' matching'}
                      </Button>
                    )}
                    {phone ? (
                      <CloseButton size="sm" aria-label="Clear selection" onClick={onClear} />
                    ) : (
                      <Button size="compact-sm" variant="subtle" onClick={onClear}>
                        Clear selection
                      </Button>
                    )}
                  </Group>
                  <Group gap="xs">
                    <Button {...button(<IconPencil size={14} />)} variant="default" disabled={busy} onClick={() => setEditing(true)}>
                      Edit fields
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button {...button(<IconFolderShare size={14} />)} variant="default" disabled={busy}>
                          Move to space
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
                        <Menu.Item onClick={() => start({ kind: 'move', spaceId: null, spaceName: 'no space' })}>No space</Menu.Item>
                        {(spaces.data ?? []).map((s) => (
                          <Menu.Item key={s.id} onClick={() => start({ kind: 'move', spaceId: s.id, spaceName: s.name })}>
                            {s.name}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                    <BulkTagsButton buttonProps={button(<IconTags size={14} />)} disabled={busy} onPick={start} />
                    <Button {...button(<IconPlayerPause size={14} />)} variant="default" disabled={busy} onClick={() => start({ kind: 'disable' })}>
                      Disable
                    </Button>
                    <Button {...button(<IconPlayerPlay size={14} />)} variant="default" disabled={busy} onClick={() => start({ kind: 'enable' })}>
                      Enable
                    </Button>
                    <Button {...button(<IconTrash size={14} />)} color="red" variant="light" disabled={busy} onClick={() => start({ kind: 'delete' })}>
                      Delete
                    </Button>
                  </Group>
                </Group>
                {running && (
                  // One request, one transaction: no partial progress to count, so the bar moves until the answer.
                  <Group gap="xs" mt="xs">
                    <Text size="sm" data-testid="bulk-progress" className={classes.progressText} aria-hidden>
                      {doing(running.action)} {plural(running.count, 'link')}…
                    </Text>
                    <Progress.Root size="md" className={classes.progress}>
                      <Progress.Section value={100} animated striped aria-label={`${doing(running.action)} ${plural(running.count, 'link')}`} />
                    </Progress.Root>
                  </Group>
                )}
              </Paper>
            )}
          </div>
        </>
      )}
      {editing && (
        <BulkEditDialog
          what={what}
          selection={selection}
          onClose={() => setEditing(false)}
          onApply={({ set, preview }) => {
            setEditing(false);
            void run({ kind: 'edit', set, partial: preview.invalid_count > 0 }, preview.changed);
          }}
        />
      )}
      <ConfirmDialog
        opened={!!confirm}
        title={confirm ? confirmTitle(confirm.action, what) : ''}
        confirmLabel={confirm ? actionLabel(confirm.action) : ''}
        destructive={confirm?.action.kind === 'delete'}
        pending={allMatching && !confirm?.preview && !confirm?.error}
        onConfirm={() => {
          if (!confirm) return;
          if (!allMatching) void run(confirm.action, selected.length);
          else if (confirm.preview?.count) void run(confirm.action, confirm.preview.count);
          else setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      >
        {!confirm ? null : allMatching ? (
          <PreviewMessage action={confirm.action} preview={confirm.preview} error={confirm.error} />
        ) : (
          <DeleteMessage ids={selected} aliases={aliases} />
        )}
      </ConfirmDialog>
    </>
  );
}
