// Which workspace a request acts in, and what it may do there. A sign-in key acts in its person's
// personal workspace, or in the one the `Linkdeck-Workspace` header names when the person is a member there; a
// workspace key acts in its own workspace only (a header naming another one is a 404). Routes of one workspace
// (`/workspaces/{id}`) take it from the path instead of the header. The power of a request is its key's scopes
// that its role there also has.
import type { FastifyRequest } from 'fastify';
import type { KeyHolder } from '../api-keys/api-keys.repo';
import type { WorkspacesRepo } from '../workspaces/workspaces.repo';
import type { RequestWorkspace } from '../context';
import type { RouteAccess } from './route-scopes';
import { API_SCOPES, effectiveScopes } from '../../shared/api-scopes';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { HttpError, notFound, unauthenticated } from '../http/errors';
import { parseId } from '../http/pagination';

export const WORKSPACE_HEADER = 'linkdeck-workspace';
export const CLIENT_HEADER = 'linkdeck-client';

/** The workspace id the request names (path or header), undefined when it names none; a malformed one is a 404. */
function namedWorkspace(request: FastifyRequest, access: RouteAccess): number | undefined {
  if (access.kind !== 'workspace') return undefined; // the person's own routes ignore the header
  const raw = access.workspaceParam
    ? (request.params as Record<string, string | undefined>)[access.workspaceParam]
    : request.headers[WORKSPACE_HEADER];
  if (raw === undefined || raw === '') return undefined;
  const id = parseId(typeof raw === 'string' ? raw.trim() : '');
  if (id < 0) throw notFound();
  return id;
}

/** The scopes a key carries: every one for a sign-in key. */
export function keyScopesOf(key: { workspaceId: number | null; scopes: readonly string[] }): readonly string[] {
  return key.workspaceId === null ? API_SCOPES : key.scopes;
}

export async function resolveWorkspace(
  request: FastifyRequest,
  key: Pick<KeyHolder, 'id' | 'workspaceId' | 'scopes' | 'person'>,
  access: RouteAccess,
  workspaces: WorkspacesRepo,
): Promise<RequestWorkspace> {
  const named = namedWorkspace(request, access);
  const { person } = key;
  if (key.workspaceId !== null && named !== undefined && named !== key.workspaceId) throw notFound();
  const id = key.workspaceId ?? named ?? person.id;
  let found: { name: string; role: WorkspaceRole } | undefined = id === person.id ? { name: person.name, role: 'owner' } : undefined;
  found ??= await workspaces.find(person.id, id);
  // A workspace key whose person left its workspace acts nowhere any more.
  if (!found) throw key.workspaceId !== null ? unauthenticated() : notFound();
  return {
    id,
    name: found.name,
    role: found.role,
    scopes: new Set(effectiveScopes(keyScopesOf(key), found.role)),
    keyId: key.id,
    via: key.workspaceId === null && request.headers[CLIENT_HEADER] === 'dashboard' ? 'dashboard' : 'key',
  };
}

/** How a workspace route resolves, the header naming its workspace. */
const BY_HEADER: RouteAccess = { kind: 'workspace', scope: null, signInKeyOnly: false, workspaceParam: null, selfService: false };

/**
 * For the person's own routes, which act in no workspace of the header's (GET /account tells the dashboard where it
 * acts): the workspace the `Linkdeck-Workspace` header names when the request may act there, else the request's
 * own (so a header naming a workspace the person has left, or that was deleted, is no error there).
 */
export async function headerWorkspace(request: FastifyRequest, workspaces: WorkspacesRepo): Promise<RequestWorkspace> {
  if (request.headers[WORKSPACE_HEADER] === undefined) return request.workspace;
  const { user, apiKey } = request;
  try {
    return await resolveWorkspace(request, { id: apiKey.id, workspaceId: apiKey.workspaceId, scopes: [...apiKey.scopes], person: user }, BY_HEADER, workspaces);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return request.workspace;
    throw err;
  }
}
