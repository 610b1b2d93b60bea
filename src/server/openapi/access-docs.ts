// What the API document says of each operation's access, from the one derivation in
// auth/route-scopes.ts: `x-linkdeck-scope` (the scope it needs, or null), `x-linkdeck-access` (the whole of it) and
// the scope, or the `admin` role, in its security requirement. The bearer scheme's description lists the scopes
// and what each role has.
import type { OpenAPIV3_1 } from 'openapi-types';
import { API_SCOPE_LABELS, API_SCOPES, ROLE_SCOPES } from '../../shared/api-scopes';
import { WORKSPACE_ROLES } from '../../shared/workspace-roles';
import { routeAccess, type RouteAccess } from '../auth/route-scopes';

/** `x-linkdeck-access`: who may call an operation. */
export interface AccessDoc {
  /** `workspace`: acts in a workspace; `account`: the caller's own; `instance`: instance admins; `open`: anyone with a key. */
  kind: RouteAccess['kind'];
  scope: string | null;
  /** Only a person's sign-in key (a key of a workspace gets 403). */
  sign_in_key_only: boolean;
  /** Where the workspace is named: the `Linkdeck-Workspace` header, or the path (`/workspaces/{id}`); null: none. */
  workspace: 'header' | 'path' | null;
  /** A person may call it on their own member or key without `scope`, with their sign-in key (leaving, revoking their own key). */
  self_service: boolean;
}

/** The schema keys that document a route's access (they become the operation's). */
export function accessDocs(method: string, url: string, scope?: string): Record<string, unknown> {
  const access = routeAccess(method, url, scope as never);
  const doc: AccessDoc = {
    kind: access.kind,
    scope: access.scope,
    sign_in_key_only: access.signInKeyOnly,
    workspace: access.kind !== 'workspace' ? null : access.workspaceParam ? 'path' : 'header',
    self_service: access.selfService,
  };
  // OpenAPI 3.1 allows role names in the requirement of a non-OAuth scheme: the scope, or the instance role.
  const required = access.kind === 'instance' ? ['admin'] : access.scope ? [access.scope] : [];
  return { security: [{ apiKey: required }], 'x-linkdeck-scope': access.scope, 'x-linkdeck-access': doc };
}

/** The 403 an operation can give: the instance admin's, a missing scope (or sign-in key), or none. */
export function refusalOf(op: OpenAPIV3_1.OperationObject): 'Forbidden' | 'MissingScope' | null {
  const access = (op as { 'x-linkdeck-access'?: AccessDoc })['x-linkdeck-access'];
  if (!access) return null;
  if (access.kind === 'instance') return 'Forbidden';
  return access.scope || access.sign_in_key_only ? 'MissingScope' : null;
}

const roleList = WORKSPACE_ROLES.map((role) => `\`${role}\``).join(', ');
const scopeLines = API_SCOPES.map((scope) => {
  const roles = WORKSPACE_ROLES.filter((role) => ROLE_SCOPES[role].includes(scope)).join(', ');
  return `- \`${scope}\`: ${API_SCOPE_LABELS[scope]} (${roles})`;
});

export const BEARER_DESCRIPTION = [
  'An API key: `Authorization: Bearer <key>`. A request acts in one workspace. A key of a workspace acts there only, with its scopes. Your sign-in key (the one `POST /api/v1/account/api-key` replaces) has every scope and acts in your personal workspace, or in the workspace whose id the `Linkdeck-Workspace` header names if you are a member there (else 404).',
  `A request may do what both its key's scopes and your role in the workspace allow (roles: ${roleList}); each operation names the scope it needs in \`x-linkdeck-scope\` and its security requirement, and answers 403 with \`scope\` when it is missing. Operations of the instance's users need the \`admin\` role of the instance and a sign-in key.`,
  'Scopes (and the roles that have them):',
  scopeLines.join('\n'),
].join('\n\n');
