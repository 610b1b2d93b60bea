// A links-table row's menu: copy the short URL, open it, details, and for those who may change links
// duplicate, edit, delete. Loaded and mounted
// only when a row's menu button is first pressed (a Mantine Menu per row would cost every row its Popover);
// it opens at once on a button of the same look, and hands the focus back to the row's button when it closes.
// No initial-focus placeholder: a focusable element inside role="menu" that is not a menu item fails axe.
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconCopyPlus, IconDots, IconExternalLink, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { Link } from '../../../shared/link.schema';
import { notify } from '../../components/resource-list/notify';

export interface LinkRowMenuProps {
  link: Link;
  /** The dashboard URL of a path (with the router's base path), and a click handler that navigates there. */
  href: (to: string) => string;
  go: (to: string) => (e: MouseEvent) => void;
  onDelete: (link: Link) => void;
  /** The person may change links: duplicate, edit and delete are offered. */
  editable: boolean;
  /** The menu closed (an item was chosen, Escape, a click outside). */
  onClose: () => void;
}

export function LinkRowMenu({ link, href, go, onDelete, editable, onClose }: LinkRowMenuProps) {
  const details = `/links/${link.id}`;
  const edit = `/links/${link.id}/edit`;
  const duplicate = `/links/new?duplicate=${link.id}`;
  const copy = () => {
    void navigator.clipboard?.writeText(link.short_url).then(
      () => notify.success(`Copied ${link.short_url}`),
      () => notify.failure('Could not copy', 'The browser did not allow access to the clipboard.'),
    );
  };
  return (
    <Menu defaultOpened onClose={onClose} position="bottom-end" withinPortal shadow="md" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${link.alias}`} aria-haspopup="menu" title="More actions">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={`Actions for ${link.alias}`}>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={copy}>
          Copy short URL
        </Menu.Item>
        <Menu.Item component="a" href={link.short_url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
          Open short URL
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component="a" href={href(details)} onClick={go(details)} leftSection={<IconEye size={16} />}>
          Details and statistics
        </Menu.Item>
        {editable && (
          <>
            <Menu.Item component="a" href={href(duplicate)} onClick={go(duplicate)} leftSection={<IconCopyPlus size={16} />}>
              Duplicate
            </Menu.Item>
            <Menu.Item component="a" href={href(edit)} onClick={go(edit)} leftSection={<IconPencil size={16} />}>
              Edit
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={() => onDelete(link)}>
              Delete…
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
