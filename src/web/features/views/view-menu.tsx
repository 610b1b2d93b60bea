// A saved view's menu (copy link, and rename and delete for those who may change views), loaded on the first use of
// its button (view-item.tsx). The copied link names the workspace (`ws`), so that it opens the view's workspace.
import type { ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { View } from '../../../shared/view.schema';
import { notify } from '../../components/resource-list/notify';
import { withWorkspace } from '../../lib/current-workspace';
import type { ViewActions } from './view-item';

function copyLink(view: View): void {
  const url = withWorkspace(view.url);
  void navigator.clipboard?.writeText(url).then(
    () => notify.success(`Copied the link to “${view.name}”.`),
    () => notify.failure('Could not copy', `The browser did not allow access to the clipboard. The link is ${url}`),
  );
}

/** A view's menu on `target`, a button named for the view; `defaultOpened`: open as it mounts (its first use). */
export function ViewMenu({ view, onRename, onDelete, target, defaultOpened }: ViewActions & { view: View; target: ReactElement; defaultOpened?: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown aria-label={`Actions for view ${view.name}`}>
        <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => copyLink(view)}>
          Copy link
        </Menu.Item>
        {onRename && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onRename(view)}>
            Rename…
          </Menu.Item>
        )}
        {onDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(view)}>
              Delete…
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

