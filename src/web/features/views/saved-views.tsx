// The links page's saved views: a bar above the filters with the account's views, "Save view", and
// each view's menu (copy link, rename, delete). Its menus, drawer and dialogs are not part of the list's first
// load: the bar (saved-views-bar.tsx) loads at once after it, in a box of its height, so nothing moves.
import { Suspense, lazy } from 'react';
import { Box } from '@mantine/core';
import type { LinkListQuery } from '../../../shared/link-list.schema';

const SavedViewsBar = lazy(() => import('./saved-views-bar').then((m) => ({ default: m.SavedViewsBar })));

/** The bar's height (a row of small buttons), kept while it loads. */
const VIEWS_BAR_HEIGHT = 30;

export function SavedViews({ query }: { query: LinkListQuery }) {
  return (
    <Suspense fallback={<Box h={VIEWS_BAR_HEIGHT} mb="sm" />}>
      <SavedViewsBar query={query} minHeight={VIEWS_BAR_HEIGHT} />
    </Suspense>
  );
}
