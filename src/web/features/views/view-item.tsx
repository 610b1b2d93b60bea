// One saved view: its link (opens the links list with the view's query) and its menu (copy link, rename, delete),
// as a chip in the views bar or as a row of the views drawer.
import { Suspense, cloneElement, lazy, useState, type ReactElement } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { View } from '../../../shared/view.schema';
import type { LinkListSearch } from '../../../shared/link-list.schema';
import { normaliseViewQuery } from '../../../shared/view-query';
import { queryParams } from '../../../shared/query-params';
import { AnchorLink, ButtonLink } from '../../components/router-links';

export interface ViewActions {
  /** Rename and delete: absent when the person may not change views in this workspace. */
  onRename?: (view: View) => void;
  onDelete?: (view: View) => void;
  /** A view was opened (the drawer closes). */
  onOpen?: () => void;
}

/**
 * The links page's search for a view: its query read as the list reads it. A query the list no longer takes (its
 * parameters changed since) goes as it is, for the page to say what is wrong with it.
 */
function viewSearch(view: View): LinkListSearch {
  const read = normaliseViewQuery(view.query);
  return (read.ok ? read.list : queryParams(view.query)) as LinkListSearch;
}

const menuLabel = (view: View) => `Actions for view ${view.name}`;

// The menu (Mantine's Menu, floating-ui) is not part of the links list's first load: its button loads it on first
// use and the menu opens at once (view-menu.tsx).
const ViewMenuReal = lazy(() => import('./view-menu').then((m) => ({ default: m.ViewMenu })));

function ViewMenu(props: ViewActions & { view: View; target: ReactElement<{ onClick?: () => void }> }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return cloneElement(props.target, { onClick: () => setWanted(true) });
  return (
    <Suspense fallback={props.target}>
      <ViewMenuReal {...props} defaultOpened />
    </Suspense>
  );
}

/**
 * The router marks a link to the list shown as the current page only when its search is the same (its default
 * would take a view of `status=3` for current on any list of disabled links); `active` (the queries normalised
 * alike, the page left out) says it otherwise.
 */
const EXACT = { exact: true } as const;

/** In the views bar: the view's name as a button that opens it (filled when it is the list shown), and its menu. */
export function ViewChip({ view, active, ...actions }: ViewActions & { view: View; active: boolean }) {
  const variant = active ? 'filled' : 'default';
  return (
    <Button.Group>
      <ButtonLink
        to="/links"
        search={viewSearch(view)}
        activeOptions={EXACT}
        size="xs"
        variant={variant}
        aria-current={active ? 'page' : undefined}
        maw={200}
        title={view.name}
      >
        <Text span size="xs" fw={600} truncate="end">
          {view.name}
        </Text>
      </ButtonLink>
      <ViewMenu
        view={view}
        {...actions}
        target={
          <Button size="xs" variant={variant} px={6} aria-label={menuLabel(view)} aria-haspopup="menu">
            <IconDots size={14} aria-hidden />
          </Button>
        }
      />
    </Button.Group>
  );
}

/** In the views drawer: the view's name (a link), its query in small print, and its menu. */
export function ViewRow({ view, active, ...actions }: ViewActions & { view: View; active: boolean }) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" py={6}>
      <div style={{ minWidth: 0 }}>
        <AnchorLink
          to="/links"
          search={viewSearch(view)}
          activeOptions={EXACT}
          fw={active ? 700 : 500}
          aria-current={active ? 'page' : undefined}
          onClick={actions.onOpen}
          lineClamp={2}
        >
          {view.name}
        </AnchorLink>
        <Text size="xs" c="dimmed" truncate="end" title={view.query}>
          {view.query || 'All links'}
        </Text>
      </div>
      <ViewMenu
        view={view}
        {...actions}
        target={
          <Button size="compact-sm" variant="subtle" color="gray" px={6} style={{ flexShrink: 0 }} aria-label={menuLabel(view)} aria-haspopup="menu">
            <IconDots size={16} aria-hidden />
          </Button>
        }
      />
    </Group>
  );
}
