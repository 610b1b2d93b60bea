// The workspace the dashboard acts in and what the signed-in person may do there.
// - Where: the address's `ws` (shared/workspace-search.ts), kept from page to page by the signed-in layout's search
//   middleware; the layout hands it to the API client before any page loads (enterWorkspace), and the client names it
//   in every request's `Linkdeck-Workspace` header.
// - The cache: a switch empties React Query's cache, and the client drops any answer that arrives for the workspace
//   left (WorkspaceChangedError). So the cache only ever holds answers of the current workspace, whatever key a query
//   uses. Keying every query by workspace instead would still let a refetch or a mutation that ends after a switch
//   file one workspace's answer under the other's key: the key and the header would be read at different moments.
// - What the person may do: the `workspace` of GET /account (its role and scopes there), read by useCan.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ApiScope } from '../../shared/api-scopes';
import type { Account } from '../../shared/user.schema';
import type { Workspace } from '../../shared/workspace.schema';
import { WORKSPACE_PARAM } from '../../shared/workspace-search';
import { requestWorkspace } from './api-client';
import { unlessUnreachable } from './connection';
import { fetchAll } from './resource-queries';
import { accountQueryOptions } from './session.queries';

/** The workspace a request acts in, as GET /account describes it: its role there and what it may do. */
export type AccountWorkspace = Account['workspace'];

/** GET /account's answer, `workspace` absent from a server of before workspaces. */
export type AccountInWorkspace = Omit<Account, 'workspace'> & { workspace?: AccountWorkspace };

/**
 * Whether the person may use `scope` in the current workspace: not before the account is known (a button a viewer
 * cannot use is never shown, not even for a moment). A server that does not describe the workspace yet (no
 * `workspace` in GET /account) is the one of before workspaces, where a person could do everything.
 */
export function canIn(account: AccountInWorkspace | undefined, scope: ApiScope): boolean {
  if (!account) return false;
  if (!account.workspace) return true;
  return account.workspace.scopes.includes(scope);
}

/** Whether the signed-in person may use `scope` in the current workspace (see canIn); undefined until the account is known. */
export function useCanYet(scope: ApiScope): boolean | undefined {
  return useQuery({ ...accountQueryOptions(), select: (account: AccountInWorkspace) => canIn(account, scope) }).data;
}

/** Whether the signed-in person may use `scope` in the current workspace (see canIn). */
export function useCan(scope: ApiScope): boolean {
  return useCanYet(scope) ?? false;
}

/** The current workspace as GET /account describes it; undefined while loading or from a server without it. */
export function useAccountWorkspace(): AccountWorkspace | undefined {
  return useQuery({ ...accountQueryOptions(), select: (account: AccountInWorkspace) => account.workspace }).data;
}

const appRoute = getRouteApi('/app');

/** The address's workspace id; null: the person's personal workspace. */
export function useWorkspaceId(): number | null {
  return appRoute.useSearch({ select: (search) => search[WORKSPACE_PARAM] ?? null });
}

/**
 * Called by the signed-in layout before its pages load, with the address's workspace: the API client names it from
 * now on, and a change empties the cache of the workspace left (its queries, cancelled, keep no answer).
 */
export function enterWorkspace(id: number | undefined, queryClient: QueryClient): void {
  if (requestWorkspace.set(id ?? null)) queryClient.clear();
}

/** The layout's loader: the account in this workspace (role, scopes) alongside the page's data; never fails the layout. */
export async function loadAccountIn(queryClient: QueryClient): Promise<void> {
  await unlessUnreachable(queryClient.ensureQueryData(accountQueryOptions())).catch(() => undefined);
}

/** The person's workspaces with their role there (GET /workspaces, which no workspace header changes). */
export const myWorkspacesQueryOptions = () =>
  queryOptions({ queryKey: ['workspaces', 'mine'], queryFn: () => fetchAll<Workspace>('/workspaces'), staleTime: 60_000 });

/**
 * Whether the requests name a workspace the person may not act in (a stale or foreign address, a workspace left or
 * deleted): GET /account then answers another one, the person's own.
 */
export function isForeignWorkspace(id: number | null, account: AccountInWorkspace | undefined): boolean {
  return id !== null && account?.workspace !== undefined && account.workspace.id !== id;
}

/**
 * Where a switch of workspace goes: the section of the page the person is on (its list: `/links/12/edit` ->
 * `/links`), since the other workspace has other rows; `/links` when the page is in none of `sections`.
 */
export function sectionOf(pathname: string, sections: readonly string[]): string {
  return sections.find((s) => pathname === s || pathname.startsWith(`${s}/`)) ?? '/links';
}

/**
 * A dashboard path with the current workspace (for plain anchors, which the router's search middleware does not
 * write: the links list's rows). `ws` is added to the path's own query.
 */
export function withWorkspace(path: string, id: number | null = requestWorkspace.get()): string {
  if (id === null) return path;
  const [pathname, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(WORKSPACE_PARAM, String(id));
  return `${pathname}?${params.toString()}`;
}
