// Every saved view, in a drawer: the views bar's "Views" on a phone, and "All views" when the bar has no room for
// them all. Also saves the list shown as a new view.
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import type { View } from '../../../shared/view.schema';
import { ViewRow, type ViewActions } from './view-item';

export interface ViewsDrawerProps extends ViewActions {
  opened: boolean;
  onClose: () => void;
  views: View[];
  /** The list shown, normalised: its view is marked. */
  current: string;
  /** Saves the list shown as a view; absent when the person may not. */
  onSave?: () => void;
}

export function ViewsDrawer({ opened, onClose, views, current, onSave, ...actions }: ViewsDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Saved views" position="right" size="sm" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {onSave && (
          <Button variant="light" leftSection={<IconBookmarkPlus size={16} aria-hidden />} onClick={onSave} fullWidth>
            Save this list as a view
          </Button>
        )}
        {views.length === 0 ? (
          <Text size="sm" c="dimmed">
            No saved views yet. Filter and sort the list, then save it here to come back to it or share its link.
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Saved views">
            {views.map((view) => (
              <ViewRow key={view.id} view={view} active={view.query === current} {...actions} onOpen={onClose} />
            ))}
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
