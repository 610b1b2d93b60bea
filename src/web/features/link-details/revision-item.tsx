// One revision of the History tab: what happened (a badge), who, through which path, when (how long ago, and the
// moment in the viewer's zone), each changed field as "old -> new", and the Restore button when it can be restored.
import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconRestore } from '@tabler/icons-react';
import type { LinkRevision, RevisionAction } from '../../../shared/objects/revision.object';
import { formatRelative } from '../../components/resource-list/format';
import { ACTION_WORDS, actorText, describeChanges, sourceText, type DiffContext, type DiffRow } from './revision-diff';
import { formatInZone } from './settings-view';
import { RevisionValue } from './revision-value';
import classes from './link-history.module.css';

const ACTION_COLOR: Record<RevisionAction, string> = { create: 'green', update: 'blue', delete: 'red', restore: 'grape' };

function FieldRow({ row }: { row: DiffRow }) {
  const both = row.old !== undefined && row.new !== undefined;
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{row.label}</dt>
      <dd className={both ? classes.values : `${classes.values} ${classes.single}`}>
        {row.old && (
          <span className={`${classes.value} ${both ? classes.old : ''}`}>
            {both && <VisuallyHidden>Before: </VisuallyHidden>}
            <RevisionValue value={row.old} />
          </span>
        )}
        {both && <IconArrowRight size={16} aria-hidden className={classes.arrow} />}
        {row.new && (
          <span className={classes.value}>
            {both && <VisuallyHidden>After: </VisuallyHidden>}
            <RevisionValue value={row.new} />
          </span>
        )}
      </dd>
    </div>
  );
}

export interface RevisionItemProps {
  revision: LinkRevision;
  ctx: DiffContext;
  meId: number | undefined;
  now: number;
  /** Absent: this revision cannot be restored (the newest, a deletion). */
  onRestore?: () => void;
}

export function RevisionItem({ revision: r, ctx, meId, now, onRestore }: RevisionItemProps) {
  const rows = describeChanges(r, ctx);
  return (
    <li className={classes.entry} data-testid="revision" aria-label={`Revision #${r.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap={8} wrap="wrap">
            <Badge variant="light" color={ACTION_COLOR[r.action]} data-testid="revision-action">
              {ACTION_WORDS[r.action]}
            </Badge>
            <Text size="sm" fw={600}>
              {actorText(r.actor, meId)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="revision-source">
              {sourceText(r)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={r.created_at}>{formatRelative(r.created_at, now)}</time>
            {` · ${formatInZone(r.created_at, ctx.tz)} · Revision #${r.id}`}
          </Text>
        </Stack>
        {onRestore && (
          <Button size="xs" variant="light" leftSection={<IconRestore size={14} aria-hidden />} onClick={onRestore} aria-label={`Restore revision #${r.id}`}>
            Restore
          </Button>
        )}
      </Group>
      {rows.length > 0 && (
        <dl className={classes.fields}>
          {rows.map((row) => (
            <FieldRow key={row.field} row={row} />
          ))}
        </dl>
      )}
    </li>
  );
}
