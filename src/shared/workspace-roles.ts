// The roles of a person in a workspace, highest first: each role can do everything the ones below it
// can (their scopes: api-scopes.ts). `owner` may also delete the workspace and hand it over; `viewer` only reads.
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** What each role may do, in words (the dashboard's role picker, the API document). */
export const WORKSPACE_ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the workspace and handing it over.',
  admin: 'Members, API keys, domains and webhooks, and everything a member does.',
  member: 'Links, spaces, tags, pixels and templates, imports and exports.',
  viewer: 'Reads everything but members, keys, webhooks and the audit log, analytics included; changes nothing.',
};

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly unknown[]).includes(value);
}

/** 3 for owner down to 0 for viewer. */
export function roleRank(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.length - 1 - WORKSPACE_ROLES.indexOf(role);
}

/** Whether `role` is `least` or above it. */
export function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
  return roleRank(role) >= roleRank(least);
}
