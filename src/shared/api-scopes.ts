// The scopes of API keys. A request may do what its key's scopes AND its person's role in the workspace
// allow (`effectiveScopes`). Which scope an API route needs is derived from its path and method in one place,
// server/auth/route-scopes.ts, and shown per operation in the API document (`x-linkdeck-scope`).
import { WORKSPACE_ROLES, type WorkspaceRole } from './workspace-roles';
import type { OperationObject } from './objects/operation.object';

export const API_SCOPES = [
  'links:read',
  'links:write',
  'domains:read',
  'domains:write',
  'spaces:read',
  'spaces:write',
  'pixels:read',
  'pixels:write',
  'tags:read',
  'tags:write',
  'templates:read',
  'templates:write',
  'webhooks:read',
  'webhooks:write',
  'analytics:read',
  'imports:write',
  'exports:read',
  'members:read',
  'members:write',
  'keys:read',
  'keys:write',
  'audit:read',
  'workspace:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a key do, in words (the API document, the dashboard's key form). */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'links:read': 'Read links, their history, QR codes, saved views and operations',
  'links:write': 'Create, change, delete and undo links, saved views and social images',
  'domains:read': 'Read domains',
  'domains:write': 'Add, change and delete domains',
  'spaces:read': 'Read spaces',
  'spaces:write': 'Create, change and delete spaces',
  'pixels:read': 'Read pixels',
  'pixels:write': 'Create, change and delete pixels',
  'tags:read': 'Read tags',
  'tags:write': 'Create, change and delete tags',
  'templates:read': 'Read UTM templates and the QR style',
  'templates:write': 'Change UTM templates and the QR style',
  'webhooks:read': 'Read webhooks and their deliveries',
  'webhooks:write': 'Create, change, test and delete webhooks',
  'analytics:read': 'Read statistics and live clicks',
  'imports:write': 'Import links and follow imports',
  'exports:read': 'Export links and clicks',
  'members:read': 'Read members and invitations',
  'members:write': 'Invite, remove and change members',
  'keys:read': "Read the workspace's API keys",
  'keys:write': 'Create and revoke API keys',
  'audit:read': 'Read the audit log',
  'workspace:write': 'Rename, hand over and delete the workspace',
};

export function isApiScope(value: unknown): value is ApiScope {
  return (API_SCOPES as readonly unknown[]).includes(value);
}

const VIEWER: ApiScope[] = ['links:read', 'domains:read', 'spaces:read', 'pixels:read', 'tags:read', 'templates:read', 'analytics:read'];
const MEMBER: ApiScope[] = [
  ...VIEWER,
  'links:write',
  'spaces:write',
  'tags:write',
  'pixels:write',
  'templates:write',
  'imports:write',
  'exports:read',
];
const ADMIN: ApiScope[] = [
  ...MEMBER,
  'domains:write',
  'webhooks:read',
  'webhooks:write',
  'members:read',
  'members:write',
  'keys:read',
  'keys:write',
  'audit:read',
];
const OWNER: ApiScope[] = [...ADMIN, 'workspace:write'];

const inOrder = (scopes: readonly ApiScope[]) => API_SCOPES.filter((s) => scopes.includes(s));

/** The scopes each role has, in API_SCOPES order. */
export const ROLE_SCOPES: Record<WorkspaceRole, readonly ApiScope[]> = {
  owner: inOrder(OWNER),
  admin: inOrder(ADMIN),
  member: inOrder(MEMBER),
  viewer: inOrder(VIEWER),
};

/** The lowest role that has `scope`. */
export function leastRoleFor(scope: ApiScope): WorkspaceRole {
  return [...WORKSPACE_ROLES].reverse().find((role) => ROLE_SCOPES[role].includes(scope)) ?? 'owner';
}

/** What a request may do: the key's scopes that the role also has, in API_SCOPES order. */
export function effectiveScopes(keyScopes: readonly string[], role: WorkspaceRole): ApiScope[] {
  return ROLE_SCOPES[role].filter((s) => keyScopes.includes(s));
}

/**
 * Undoing an operation (POST /operations/{id}/undo, which needs links:write) writes what the operation changed: a
 * deleted domain comes back only with domains:write, and so on. The server requires it; the dashboard shows Undo only
 * with it.
 */
export const UNDO_SCOPES: Record<OperationObject, ApiScope> = {
  link: 'links:write',
  import: 'links:write',
  space: 'spaces:write',
  pixel: 'pixels:write',
  tag: 'tags:write',
  domain: 'domains:write',
  webhook: 'webhooks:write',
};
