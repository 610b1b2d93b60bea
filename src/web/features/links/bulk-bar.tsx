// Bulk actions on the selected links: delete, move to a space, disable, enable; progress and failures.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Menu, Paper, Progress, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFolderShare, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { ConfirmModal } from '../../components/confirm-modal';
import { runBulk, type BulkResult } from './bulk';
import { linkKeys } from './links.queries';
import classes from './bulk-bar.module.css';
import { spacesLookup } from './lookups.queries';

type Action = { kind: 'delete' } | { kind: 'move'; spaceId: number | null; spaceName: string } | { kind: 'disable' } | { kind: 'enable' };

/** How many aliases the delete confirmation names before "and N more". */
const NAMED = 5;

/** "Delete 3 links?": the aliases of the first few, so the user sees what goes. */
function DeleteMessage({ ids, aliases }: { ids: number[]; aliases: Map<number, string> }) {
  const named = ids.slice(0, NAMED).map((id) => aliases.get(id) ?? `#${id}`);
  const more = ids.length - named.length;
  return (
    <Stack gap="xs">
      <List size="sm" data-testid="bulk-delete-names">
        {named.map((alias) => (
          <List.Item key={alias}>
            <Text span size="sm" fw={600} ff="monospace">
              {alias}
            </Text>
          </List.Item>
        ))}
        {more > 0 && <List.Item>and {more} more</List.Item>}
      </List>
      <Text size="sm">Their short URLs stop working and their statistics are deleted. This cannot be undone.</Text>
    </Stack>
  );
}

function describe(a: Action): string {
  switch (a.kind) {
    case 'delete':
      return 'Deleting';
    case 'move':
      return `Moving to ${a.spaceName}`;
    case 'disable':
      return 'Disabling';
    case 'enable':
      return 'Enabling';
  }
}

export function BulkBar({ selected, aliases, onDone }: { selected: number[]; aliases: Map<number, string>; onDone: (failedIds: number[]) => void }) {
  const qc = useQueryClient();
  const spaces = useQuery(spacesLookup());
  const [confirmDelete, setConfirmDelete] = useState(false);
  // On a phone the bar sticks over a small screen: compact buttons without icons keep it to two short lines.
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`);
  const button = (icon: ReactNode) => (phone ? { size: 'compact-sm' } : { size: 'xs', leftSection: icon });
  const [running, setRunning] = useState<{ action: Action; finished: number; total: number } | null>(null);
  const [report, setReport] = useState<{ action: Action; result: BulkResult; names: Map<number, string> } | null>(null);

  const run = async (action: Action) => {
    setConfirmDelete(false);
    setReport(null);
    const ids = [...selected];
    // Names as they are now: deleted rows leave the list before the report is read.
    const names = new Map(ids.map((id) => [id, aliases.get(id) ?? `#${id}`]));
    setRunning({ action, finished: 0, total: ids.length });
    const perform = (id: number) => {
      switch (action.kind) {
        case 'delete':
          return api.delete(`/links/${id}`);
        case 'move':
          return api.put(`/links/${id}`, { space_id: action.spaceId ?? '' });
        case 'disable':
          return api.put(`/links/${id}`, { disabled: 1 });
        case 'enable':
          return api.put(`/links/${id}`, { disabled: 0 });
      }
    };
    const result = await runBulk(ids, perform, (finished, total) => setRunning({ action, finished, total }));
    setRunning(null);
    setReport({ action, result, names });
    await qc.invalidateQueries({ queryKey: linkKeys.all });
    if (action.kind === 'move') await qc.invalidateQueries({ queryKey: ['spaces'] });
    onDone(result.failed.map((f) => f.id));
  };

  return (
    <>
      {(selected.length > 0 || running) && (
        <div className={classes.sticky}>
          <Paper withBorder shadow="sm" p="xs" role="region" aria-label="Bulk actions">
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} data-testid="selected-count">
                {selected.length} selected
              </Text>
              <Group gap="xs">
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button {...button(<IconFolderShare size={14} />)} variant="default" disabled={!!running}>
                      Move to space
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
                    <Menu.Item onClick={() => void run({ kind: 'move', spaceId: null, spaceName: 'no space' })}>No space</Menu.Item>
                    {(spaces.data ?? []).map((s) => (
                      <Menu.Item key={s.id} onClick={() => void run({ kind: 'move', spaceId: s.id, spaceName: s.name })}>
                        {s.name}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <Button {...button(<IconPlayerPause size={14} />)} variant="default" disabled={!!running} onClick={() => void run({ kind: 'disable' })}>
                  Disable
                </Button>
                <Button {...button(<IconPlayerPlay size={14} />)} variant="default" disabled={!!running} onClick={() => void run({ kind: 'enable' })}>
                  Enable
                </Button>
                <Button {...button(<IconTrash size={14} />)} color="red" variant="light" disabled={!!running} onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              </Group>
            </Group>
            {running && (
              // The words beside the bar, in the page's text colour: a label inside a thin, barely started bar
              // was cut ("1/…") and white on light blue.
              <Group gap="xs" mt="xs">
                <Text size="sm" data-testid="bulk-progress" className={classes.progressText} aria-hidden>
                  {describe(running.action)}: {running.finished} of {running.total}
                </Text>
                <Progress.Root size="md" className={classes.progress}>
                  <Progress.Section
                    value={(running.finished / Math.max(1, running.total)) * 100}
                    aria-label={`${describe(running.action)}: ${running.finished} of ${running.total}`}
                  />
                </Progress.Root>
              </Group>
            )}
          </Paper>
        </div>
      )}
      {report && (
        <Alert
          mb="sm"
          color={report.result.failed.length ? 'orange' : 'green'}
          withCloseButton
          onClose={() => setReport(null)}
          title={`${describe(report.action)}: ${report.result.done.length} done, ${report.result.failed.length} failed`}
          data-testid="bulk-report"
          role="status"
        >
          {report.result.failed.length > 0 && (
            <List size="sm">
              {report.result.failed.map((f) => (
                <List.Item key={f.id}>
                  {report.names.get(f.id) ?? `#${f.id}`}: {f.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <ConfirmModal
        opened={confirmDelete}
        title={`Delete ${selected.length} link${selected.length === 1 ? '' : 's'}?`}
        message={<DeleteMessage ids={selected} aliases={aliases} />}
        confirmLabel="Delete"
        onConfirm={() => void run({ kind: 'delete' })}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
