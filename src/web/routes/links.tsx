// Routes of the links list and the link editor (create, edit). Components load lazily (split routes). The editor is
// for those who may change links in the workspace; others are told their role does not allow it.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { appRoute } from './app-layout';
import { linkListQuerySchema } from '../../shared/link-list.schema';
import { linkQueries } from '../features/links/links.queries';
import { LINK_LIST_DEFAULTS, urlForm } from '../features/links/list-url';
import { spaceQueries } from '../features/spaces/spaces.queries';
import { domainQueries } from '../features/domains/domains.queries';
import { pixelQueries } from '../features/pixels/pixels.queries';
import { accountQueryOptions } from '../lib/session.queries';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
// The links list is the landing page: in the first bundle, so its rows need no second round of requests.
import { LinksPage } from '../features/links/links-page';
import { idParam } from '../lib/route-params';
import { pastEndPage } from '../components/resource-list/list-url';
import { editTitle, titleHead } from '../lib/page-title';
import { queryInt } from '../../shared/fields';
import { LIMITS } from '../../shared/enums';
import { unlessUnreachable } from '../lib/connection';
import { writeOnly } from '../components/can';

/**
 * `/links/new?duplicate=12`: the editor starts from a copy of link 12 (alias and passwords left out);
 * `?url=…`: with that destination (the fast create's "More options").
 */
export const linkNewSearchSchema = z.object({ duplicate: queryInt(1), url: z.string().max(LIMITS.urlMax).optional().catch(undefined) });

export const linksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links',
  head: () => titleHead('Links'),
  validateSearch: linkListQuerySchema,
  // Every link to the list (this page's own, the tags page's, a saved view's) is written in one readable form: no
  // defaults, `tag=a,b` rather than the router's JSON for a list, `search_by` only with a search (urlForm).
  search: { middlewares: [stripSearchParams(LINK_LIST_DEFAULTS), ({ search, next }) => urlForm(next(search))] },
  loaderDeps: ({ search }) => search,
  // The filters' lists and the shell's account are fetched alongside the links (prefetch never throws),
  // so that the 100 rows render once with everything rather than again when those arrive.
  loader: async ({ context: { queryClient }, deps }) => {
    // The server away: no waiting; the page shows the last list while React Query retries (and the shell's
    // banner says so).
    const [links] =
      (await unlessUnreachable(
        Promise.all([
          queryClient.ensureQueryData(linkQueries.list(deps)),
          queryClient.prefetchQuery(spaceQueries.lookup()),
          queryClient.prefetchQuery(domainQueries.lookup()),
          queryClient.prefetchQuery(pixelQueries.lookup()),
          queryClient.prefetchQuery(accountQueryOptions()),
        ]),
      )) ?? [];
    if (!links) return undefined;
    // Past the end (page=99 of 3): the last page, replacing the URL.
    const last = pastEndPage(links.meta);
    if (last !== null) throw redirect({ to: '/links', search: { ...deps, page: last }, replace: true });
    return links;
  },
  component: LinksPage,
  pendingComponent: () => <LoadingState label="Loading links…" />,
  errorComponent: RouteError,
});

export const linkNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links/new',
  validateSearch: linkNewSearchSchema,
  loaderDeps: ({ search }) => ({ duplicate: search.duplicate }),
  loader: ({ context, deps }) => (deps.duplicate ? context.queryClient.ensureQueryData(linkQueries.detail(deps.duplicate)) : null),
  head: ({ loaderData }) => titleHead(loaderData ? `Duplicate ${loaderData.alias}` : 'New link'),
  component: writeOnly('links:write', 'create links', lazyPage(() => import('../features/links/link-editor-page'), 'LinkCreatePage')),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const linkEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links/$linkId/edit',
  params: idParam('linkId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(linkQueries.detail(params.linkId)),
  head: ({ loaderData }) => titleHead(editTitle('link', loaderData?.alias)),
  component: writeOnly('links:write', 'change links', lazyPage(() => import('../features/links/link-editor-page'), 'LinkEditPage')),
  pendingComponent: () => <LoadingState label="Loading link…" />,
  errorComponent: RouteError,
});

export const linkRoutes = [linksRoute, linkNewRoute, linkEditRoute];
