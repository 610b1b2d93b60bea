// The root route: carries the router context (React Query client) that every loader can use, and renders
// the route-managed head (the tab title each route names in its `head` option, lib/page-title.ts).
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFoundState } from '../components/states';
import { titleHead } from '../lib/page-title';

export interface RouterContext {
  queryClient: QueryClient;
}

function Root() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: () => titleHead(),
  component: Root,
  notFoundComponent: () => <NotFoundState />,
});
