// The bulk bar's Tags button: a popover to pick tag names (existing ones suggested, new ones typed), then add
// them to the selected links or take them off.
import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Stack, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TAG_NAME_MAX, TAGS_PER_LINK_MAX } from '../../../shared/tag.schema';
import { tagQueries } from '../tags/tags.queries';
import type { BulkAction } from './bulk';

export function BulkTagsButton({ buttonProps, disabled, onPick }: { buttonProps: Record<string, unknown>; disabled: boolean; onPick: (a: BulkAction) => void }) {
  const [opened, setOpened] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const tags = useQuery({ ...tagQueries.lookup(), enabled: opened });
  const pick = (add: boolean) => {
    setOpened(false);
    onPick({ kind: 'tag', add, names });
    setNames([]);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus shadow="md" width={300}>
      <Popover.Target>
        <Button {...(buttonProps as { leftSection?: ReactNode })} variant="default" disabled={disabled} onClick={() => setOpened((o) => !o)}>
          Tags
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TagsInput
            label="Tags"
            placeholder="Type or pick tags"
            data={(tags.data ?? []).map((t) => t.name)}
            value={names}
            onChange={(v) => setNames(v.map((n) => n.trim().slice(0, TAG_NAME_MAX)).filter((n) => n && !n.includes(',')))}
            maxTags={TAGS_PER_LINK_MAX}
            splitChars={[',']}
            clearable
            // Above the input, so that the suggestions never cover the buttons below it.
            comboboxProps={{ withinPortal: false, position: 'top' }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" disabled={!names.length} onClick={() => pick(false)}>
              Remove from links
            </Button>
            <Button size="xs" disabled={!names.length} onClick={() => pick(true)}>
              Add to links
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
