// The bulk bar's Tags button: a popover to pick tag names with the editor's tag picker (existing ones suggested,
// new ones typed), then add them to the selected links or take them off.
import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Stack } from '@mantine/core';
import { TagPicker } from '../tags/tag-picker';
import type { BulkAction } from './bulk';

export function BulkTagsButton({ buttonProps, disabled, onPick }: { buttonProps: Record<string, unknown>; disabled: boolean; onPick: (a: BulkAction) => void }) {
  const [opened, setOpened] = useState(false);
  const [names, setNames] = useState<string[]>([]);
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
          {/* The editor's tag picker; its suggestions open above it, so that they never cover the buttons below. */}
          <TagPicker value={names} onChange={setNames} description="To add to the selected links or take off them." comboboxProps={{ withinPortal: false, position: 'top' }} />
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
