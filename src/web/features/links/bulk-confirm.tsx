// What a bulk confirmation says: the links it names (the ticked rows' aliases, or the dry run's first links
// of a filter selection), how many in all, and that it can be undone.
import { List, Loader, Group, Stack, Text } from '@mantine/core';
import { plural } from '../../components/resource-list/format';
import { verb, type BulkAction, type BulkPreview } from './bulk';

/** How many aliases a confirmation names before "and N more". */
const NAMED = 5;

function Names({ names, total }: { names: string[]; total: number }) {
  const more = total - names.length;
  return (
    <List size="sm" data-testid="bulk-delete-names">
      {names.map((alias) => (
        <List.Item key={alias}>
          <Text span size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {alias}
          </Text>
        </List.Item>
      ))}
      {more > 0 && <List.Item>and {more.toLocaleString('en')} more</List.Item>}
    </List>
  );
}

const UNDO = 'You can undo it for 24 hours, from the notification or the Operations page.';

/** "Delete 3 links?": the aliases of the first few ticked rows, so the user sees what goes. */
export function DeleteMessage({ ids, aliases }: { ids: number[]; aliases: Map<number, string> }) {
  return (
    <Stack gap="xs">
      <Names names={ids.slice(0, NAMED).map((id) => aliases.get(id) ?? `#${id}`)} total={ids.length} />
      <Text size="sm">Their short URLs stop working. {UNDO}</Text>
    </Stack>
  );
}

/** Over a filter: the dry run's count ("This will disable 12,408 links") and its first links, or a loader. */
export function PreviewMessage({ action, preview, error }: { action: BulkAction; preview: BulkPreview | null; error: string | null }) {
  if (error) {
    return (
      <Text size="sm" c="red" role="alert">
        Could not count the matching links: {error}
      </Text>
    );
  }
  if (!preview) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Counting the matching links…</Text>
      </Group>
    );
  }
  if (preview.count === 0) return <Text size="sm">No links match these filters any more; nothing would change.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} data-testid="bulk-preview-count">
        This will {verb(action)} {plural(preview.count, 'link')}.
      </Text>
      <Text size="sm">{preview.count > preview.links.length ? 'Among them, the newest:' : 'They are:'}</Text>
      <Names names={preview.links.slice(0, NAMED).map((l) => l.alias)} total={preview.count} />
      <Text size="sm">
        {action.kind === 'delete' ? 'Their short URLs stop working. ' : ''}
        {UNDO}
      </Text>
    </Stack>
  );
}
