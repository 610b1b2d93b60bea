// The routes of a simple resource, generated: its list (search, sort, page size and page in the URL, a page past the
// end replaced by the last), its creation page and its editor. Domains, spaces and pixels are made of these. Their
// pages read their parameters with getRouteApi('/app/spaces/$spaceId/edit') and so on, never by importing a route.
// With `writeScope`, the creation page and the editor are for those who may change the resource.
import type { ComponentType } from 'react';
import { createRoute, redirect, stripSearchParams, type ParamsOptions } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import type { z } from 'zod';
import { appRoute } from './app-layout';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { editTitle, titleHead } from '../lib/page-title';
import type { ResourceReads } from '../lib/resource-queries';
import type { ApiScope } from '../../shared/api-scopes';
import { writeOnly } from '../components/can';

/** A page's module and the name of its component: [() => import('…/spaces-page'), 'SpacesPage']. */
type Page = readonly [() => Promise<Record<string, ComponentType>>, string];

interface ListConfig<P extends `/${string}`, T extends { id: number }, Q extends object, In> {
  /** The list's path: `/spaces`. */
  path: P;
  /** The list's title ("Spaces"). */
  title: string;
  /** The list's URL query, which is the API's list query. */
  search: z.ZodType<Q, In>;
  queries: ResourceReads<T, Q>;
  page: Page;
}

/** A resource's list page: search, sort, page size and page in the URL (defaults left out), a page past the end replaced by the last. */
export function resourceListRoute<const P extends `/${string}`, T extends { id: number }, Q extends object, In>({ path, title, search, queries, page }: ListConfig<P, T, Q, In>) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    head: () => titleHead(title),
    validateSearch: search,
    // Every simple list query has these fields (listQuery in shared/list-query.ts); their defaults stay out of the URL.
    // (The route's search is Q and the layout's `ws`, a type the router cannot work out for a generic Q: hence `never`.)
    search: { middlewares: [stripSearchParams<Q>(SIMPLE_LIST_DEFAULTS as unknown as Partial<Q>) as never] },
    loaderDeps: ({ search }) => search as Q,
    loader: async ({ context, deps }) => {
      const list = await context.queryClient.ensureQueryData(queries.list(deps));
      // Past the end (page=99 of 3): the last page, replacing the URL.
      const last = pastEndPage(list.meta);
      if (last !== null) throw redirect({ to: path as string, search: { ...deps, page: last }, replace: true });
      return list;
    },
    component: lazyPage(...page),
    pendingComponent: () => <LoadingState label={`Loading ${title.toLowerCase()}…`} />,
    errorComponent: RouteError,
  });
}

export interface ResourceRoutesConfig<P extends `/${string}`, I extends string, T extends { id: number; name: string }, Q extends object, In>
  extends Omit<ListConfig<P, T, Q, In>, 'page'> {
  /** The editor's id parameter: `spaceId` (a number in the page). */
  idParam: I;
  /** One row in words ("space": "New space", "Loading space…"). */
  noun: string;
  pages: { list: Page; create: Page; edit: Page };
  /** The scope its creation page and editor need (`spaces:write`): without it they say the role does not allow it. */
  writeScope?: ApiScope;
}

/** The list, `/spaces/new` and `/spaces/$spaceId/edit`. */
export function resourceRoutes<const P extends `/${string}`, const I extends string, T extends { id: number; name: string }, Q extends object, In>(
  config: ResourceRoutesConfig<P, I, T, Q, In>,
) {
  const { path, noun, queries, pages, writeScope } = config;
  const forWriters = (page: Page, what: string) => (writeScope ? writeOnly(writeScope, what, lazyPage(...page)) : lazyPage(...page));
  const editPath = `${path}/$${config.idParam}/edit` as const;
  // The path is generic here, so the router cannot check the params' parser against it; at each use it is a
  // literal again (`/spaces/$spaceId/edit` with { spaceId: number }).
  const params = idParam(config.idParam) as unknown as NonNullable<ParamsOptions<typeof editPath, Record<I, number>>['params']>;

  const listRoute = resourceListRoute({ ...config, page: pages.list });

  const newRoute = createRoute({
    getParentRoute: () => appRoute,
    path: `${path}/new` as const,
    head: () => titleHead(`New ${noun}`),
    component: forWriters(pages.create, `create ${config.title.toLowerCase()}`),
    pendingComponent: () => <LoadingState />,
    errorComponent: RouteError,
  });

  const editRoute = createRoute({
    getParentRoute: () => appRoute,
    path: editPath,
    params,
    loader: ({ context, params }) => context.queryClient.ensureQueryData(queries.detail((params as Record<I, number>)[config.idParam])),
    head: ({ loaderData }) => titleHead(editTitle(noun, loaderData?.name)),
    component: forWriters(pages.edit, `change ${config.title.toLowerCase()}`),
    pendingComponent: () => <LoadingState label={`Loading ${noun}…`} />,
    errorComponent: RouteError,
  });

  return [listRoute, newRoute, editRoute] as const;
}
