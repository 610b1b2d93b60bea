// The dry run of a bulk edit in words: "Will change 212 links; 3 would be invalid:", each of those with why in
// the editor's words, how many already have these values, and what the change sets, field by field.
import { List, Stack, Text } from '@mantine/core';
import { alreadySo, describeSet, invalidReasons, previewHeadline, type BulkEditPreview, type BulkSet, type Names } from './bulk-edit';

const links = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'link' : 'links'}`;

export function BulkEditSummary({ preview, set, names }: { preview: BulkEditPreview; set: BulkSet; names: Names }) {
  const more = preview.invalid_count - preview.invalid.length;
  const same = alreadySo(preview);
  return (
    <Stack gap="xs" data-testid="bulk-edit-summary">
      <Text size="sm" fw={600} role="status" data-testid="bulk-edit-headline">
        {previewHeadline(preview)}
      </Text>
      {preview.invalid_count > 0 && (
        <>
          <List size="sm" data-testid="bulk-edit-invalid">
            {preview.invalid.map((l) => (
              <List.Item key={l.id}>
                <Text span size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {l.alias}
                </Text>
                : {invalidReasons(l).join(' ')}
              </List.Item>
            ))}
            {more > 0 && <List.Item>and {more.toLocaleString('en')} more</List.Item>}
          </List>
          <Text size="sm">{preview.invalid_count === 1 ? 'That link is left as it is.' : 'Those links are left as they are.'}</Text>
        </>
      )}
      {same > 0 && preview.changed + preview.invalid_count > 0 && <Text size="sm">{links(same)} already {same === 1 ? 'has' : 'have'} these values.</Text>}
      <Text size="sm" fw={600} mt="xs">
        The change
      </Text>
      <List size="sm" data-testid="bulk-edit-set">
        {describeSet(set, names).map((d) => (
          <List.Item key={d.label} style={{ overflowWrap: 'anywhere' }}>
            {d.label}: {d.value}
          </List.Item>
        ))}
      </List>
      {preview.changed > 0 && <Text size="sm">You can undo it for 24 hours, from the notification or the Operations page.</Text>}
    </Stack>
  );
}
