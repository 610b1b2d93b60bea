// The saved views bar of the links page (saved-views.tsx loads it): on a wide screen the first views as chips,
// "All views" when there are more, and "Save view"; on a phone "Views (n)", which opens them all in a drawer, and
// "Save view". The view of the list shown is marked (its query is the list's query, normalised alike). Saving,
// renaming and deleting are offered only to those who may change views in the workspace (links:write).
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBookmarkPlus, IconBookmarks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import type { View } from '../../../shared/view.schema';
import { listQueryString } from '../../../shared/view-query';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/resource-list/notify';
import { viewQueries } from './views.queries';
import { ViewChip } from './view-item';
import { ViewsDrawer } from './views-drawer';
import { ViewNameModal, type NameTarget } from './view-name-modal';
import { useCan } from '../../lib/current-workspace';

/** Views shown as chips on a wide screen; the others are in the drawer. */
const IN_BAR = 4;

/** `minHeight`: the box kept for the bar while it loaded (saved-views.tsx), so that nothing moves. */
export function SavedViewsBar({ query, minHeight }: { query: LinkListQuery; minHeight: number }) {
  const views = useQuery(viewQueries.lookup());
  const phone = usePhoneWidth();
  const current = listQueryString(query);
  const [drawer, setDrawer] = useState(false);
  const [naming, setNaming] = useState<NameTarget | null>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  const remove = viewQueries.useDelete();
  const list = views.data ?? [];
  const editable = useCan('links:write');
  const rename = (view: View) => setNaming({ view });
  const askDelete = (view: View) => {
    remove.reset();
    setDeleting(view);
  };
  const actions = editable ? { onRename: rename, onDelete: askDelete } : {};
  const saveCurrent = () => setNaming({ query: current });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(`View “${deleting.name}” deleted.`);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <Group component="nav" aria-label="Saved views" gap="xs" mb="sm" mih={minHeight} wrap="wrap">
        <Text size="sm" fw={600} c="dimmed" visibleFrom="sm">
          Views
        </Text>
        {!phone && list.slice(0, IN_BAR).map((view) => <ViewChip key={view.id} view={view} active={view.query === current} {...actions} />)}
        {(phone || list.length > IN_BAR) && (
          <Button size="xs" variant="default" leftSection={<IconBookmarks size={14} aria-hidden />} aria-haspopup="dialog" onClick={() => setDrawer(true)}>
            {phone ? `Views (${list.length})` : `All views (${list.length})`}
          </Button>
        )}
        {!phone && views.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            {editable ? 'None yet: filter the list, then save it.' : 'None yet.'}
          </Text>
        )}
        {views.isError && (
          <Button size="xs" variant="subtle" onClick={() => void views.refetch()}>
            Could not load views: retry
          </Button>
        )}
        {editable && (
          <Button size="xs" variant="light" leftSection={<IconBookmarkPlus size={14} aria-hidden />} onClick={saveCurrent}>
            Save view
          </Button>
        )}
      </Group>
      <ViewsDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        views={list}
        current={current}
        // A dialog from the drawer replaces it (one dialog at a time, one focus trap).
        {...(editable && {
          onSave: () => {
            setDrawer(false);
            saveCurrent();
          },
          onRename: (view: View) => {
            setDrawer(false);
            rename(view);
          },
          onDelete: (view: View) => {
            setDrawer(false);
            askDelete(view);
          },
        })}
      />
      {naming && <ViewNameModal target={naming} onClose={() => setNaming(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete view?"
        confirmLabel="Delete view"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.error}
      >
        {`“${deleting?.name ?? ''}” is removed from your saved views. The links it lists do not change, and a link to it that was copied still opens the same list.`}
      </ConfirmDialog>
    </>
  );
}
