// The link page's History tab: every change to the link, newest first, 25 at a time ("Load more"), each with a
// readable diff (revision-item.tsx); Restore brings the link back to a revision after the one confirm dialog.
import { useMemo, useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Link } from '../../../shared/link.schema';
import type { LinkRevision } from '../../../shared/objects/revision.object';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/resource-list/notify';
import { plural } from '../../components/resource-list/format';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { accountQueryOptions } from '../../lib/session.queries';
import { useNow } from '../../lib/use-now';
import { domainQueries } from '../domains/domains.queries';
import { pixelQueries } from '../pixels/pixels.queries';
import { spaceQueries } from '../spaces/spaces.queries';
import { canRestore, restoreErrorMessages, type DiffContext, type RefNames } from './revision-diff';
import { revisionsQueryOptions, useRestoreRevision } from './revisions.queries';
import { RevisionItem } from './revision-item';
import { formatInZone } from './settings-view';
import classes from './link-history.module.css';
import { useCan } from '../../lib/current-workspace';

const byId = (rows: readonly { id: number; name: string }[] | undefined) => (rows ? new Map(rows.map((r) => [r.id, r.name])) : undefined);

/** Names of the spaces, pixels and domains the loaded revisions mention (each list fetched only when needed). */
function useRefNames(revisions: readonly LinkRevision[]): RefNames {
  const fields = new Set(revisions.flatMap((r) => r.changes.map((c) => c.field)));
  const spaces = useQuery({ ...spaceQueries.lookup(), enabled: fields.has('space_id') });
  const pixels = useQuery({ ...pixelQueries.lookup(), enabled: fields.has('pixel_ids') });
  const domains = useQuery({ ...domainQueries.lookup(), enabled: fields.has('domain_id') });
  return useMemo(() => ({ spaces: byId(spaces.data), pixels: byId(pixels.data), domains: byId(domains.data) }), [spaces.data, pixels.data, domains.data]);
}

function restoreError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const messages = restoreErrorMessages(error.errors);
  return messages.length ? messages.join(' ') : undefined;
}

export function LinkHistoryCard({ link, tz }: { link: Link; tz: string }) {
  const history = useInfiniteQuery(revisionsQueryOptions(link.id));
  const { data: account } = useQuery(accountQueryOptions());
  const revisions = useMemo(() => history.data?.pages.flatMap((p) => p.data) ?? [], [history.data]);
  const total = history.data?.pages[0]?.meta.total ?? 0;
  const names = useRefNames(revisions);
  const ctx: DiffContext = { names, tz, targetsType: link.targets_type };
  const now = useNow(60_000);
  const restore = useRestoreRevision(link.id);
  const editable = useCan('links:write');
  // The revision to restore; kept while the dialog closes, so its words do not change mid-fade.
  const [chosen, setChosen] = useState<LinkRevision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (r: LinkRevision) => {
    restore.reset();
    setChosen(r);
    setConfirming(true);
  };

  const onConfirm = () => {
    if (!chosen) return;
    restore.mutate(chosen.id, {
      onSuccess: () => {
        notify.success(`Restored revision #${chosen.id}: the link is as it was on ${formatInZone(chosen.created_at, tz)}.`);
        setConfirming(false);
      },
    });
  };

  let body;
  if (history.isPending) body = <LoadingState label="Loading the history…" />;
  else if (history.isError) body = <ErrorState error={history.error} onRetry={() => void history.refetch()} title="The history could not be loaded" />;
  else if (!revisions.length) {
    body = <EmptyState title="No changes recorded yet" description="From now on, every change to this link is listed here: who made it, when, and what it changed." />;
  } else {
    body = (
      <Stack gap="sm">
        <ol className={classes.list} aria-label="Revisions, newest first">
          {revisions.map((r, i) => (
            <RevisionItem
              key={r.id}
              revision={r}
              ctx={ctx}
              meId={account?.id}
              now={now}
              onRestore={editable && canRestore(r, i === 0) ? () => ask(r) : undefined}
            />
          ))}
        </ol>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="history-count">
          {revisions.length < total ? `${revisions.length} of ${plural(total, 'change')}` : plural(total, 'change')}
        </Text>
        {history.hasNextPage && (
          <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            Load more
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'sm', xs: 'lg' }} data-testid="link-history">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            History
          </Title>
          <Text size="xs" c="dimmed">
            Every change to this link, newest first. Times in {tz}
          </Text>
        </div>
        {body}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={chosen ? `Restore revision #${chosen.id}?` : 'Restore'}
        confirmLabel="Restore"
        destructive={false}
        onClose={() => setConfirming(false)}
        onConfirm={onConfirm}
        pending={restore.isPending}
        error={restore.error}
        errorTitle="The link could not be restored"
        errorText={restoreError(restore.error)}
        errorTestId="restore-error"
      >
        {chosen
          ? `The link goes back to how it was right after this change (${formatInZone(chosen.created_at, tz)}). Its clicks stay; a space or pixel deleted since is left out. The restore is recorded in this history as a change of its own.`
          : ''}
      </ConfirmDialog>
    </Paper>
  );
}
