// The scopes of a new key as the key form offers them: grouped by family (links, domains, …) in the API's order, each
// with its words (shared API_SCOPE_LABELS), and those beyond your role disabled with the reason. What a role has is
// shared/api-scopes.ts's ROLE_SCOPES, the table the server enforces.
import { API_SCOPES, API_SCOPE_LABELS, ROLE_SCOPES, leastRoleFor, type ApiScope } from '../../../shared/api-scopes';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspace-roles';

const FAMILY_TITLES: Record<string, string> = {
  links: 'Links',
  domains: 'Domains',
  spaces: 'Spaces',
  pixels: 'Pixels',
  tags: 'Tags',
  templates: 'Templates',
  webhooks: 'Webhooks',
  analytics: 'Analytics',
  imports: 'Imports',
  exports: 'Exports',
  members: 'Members',
  keys: 'API keys',
  audit: 'Audit log',
  workspace: 'Workspace',
};

export interface ScopeChoice {
  scope: ApiScope;
  /** "read" or "write". */
  access: string;
  label: string;
  available: boolean;
  /** Why it is not available (your role lacks it). */
  reason: string | null;
}

export interface ScopeFamily {
  family: string;
  title: string;
  scopes: ScopeChoice[];
}

/** "links" of "links:read". */
export const scopeFamily = (scope: string): string => scope.split(':')[0] ?? scope;

/** "Links" for links:read; a family not named above by itself, capitalised. */
export function familyTitle(family: string): string {
  return FAMILY_TITLES[family] ?? family.charAt(0).toUpperCase() + family.slice(1);
}

/** Why `role` cannot give a key `scope` (null when it can). */
export function scopeReason(scope: ApiScope, role: WorkspaceRole): string | null {
  if (ROLE_SCOPES[role].includes(scope)) return null;
  const least = leastRoleFor(scope);
  const you = `your role here is ${WORKSPACE_ROLE_LABELS[role].toLowerCase()}.`;
  return least === 'owner' ? `Only owners may give it; ${you}` : `Needs the ${WORKSPACE_ROLE_LABELS[least].toLowerCase()} role or higher; ${you}`;
}

/** Every scope, by family in API_SCOPES order, with what `role` may give. */
export function scopeFamilies(role: WorkspaceRole): ScopeFamily[] {
  const families: ScopeFamily[] = [];
  for (const scope of API_SCOPES) {
    const family = scopeFamily(scope);
    let group = families.find((f) => f.family === family);
    if (!group) {
      group = { family, title: familyTitle(family), scopes: [] };
      families.push(group);
    }
    const reason = scopeReason(scope, role);
    group.scopes.push({ scope, access: scope.split(':')[1] ?? '', label: API_SCOPE_LABELS[scope], available: reason === null, reason });
  }
  return families;
}

/** The scopes a new key starts with: every read scope your role has. */
export function defaultScopes(role: WorkspaceRole): ApiScope[] {
  return ROLE_SCOPES[role].filter((s) => s.endsWith(':read'));
}

/** Scopes in API_SCOPES order (a key's badges, however the API sent them). */
export function inScopeOrder(scopes: readonly string[]): string[] {
  const known = API_SCOPES.filter((s) => scopes.includes(s));
  return [...known, ...scopes.filter((s) => !(API_SCOPES as readonly string[]).includes(s))];
}
