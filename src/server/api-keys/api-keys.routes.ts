// Keys of one workspace: listed (keys:read) and made (keys:write) by its admins, each acting in that
// workspace only with its scopes, bounded by its person's role; shown once, stored hashed. A key is revoked by an
// admin, or by its own person with their sign-in key (route-scopes.ts: self-service).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { apiKeyCreateSchema, apiKeyListQuerySchema } from '../../shared/api-key.schema';
import { ROLE_SCOPES, type ApiScope } from '../../shared/api-scopes';
import { newWorkspaceApiKeyObject, workspaceApiKeyObject } from '../../shared/objects/api-key.object';
import { deleteResultObject, envelope, pageOf } from '../../shared/objects/common.object';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { notFound, validationError } from '../http/errors';
import { idParams } from '../http/params';
import { requireScopeUnlessOwn } from '../auth/route-scopes';
import { sayInAuditLog } from '../audit/audit-summary';
import { ApiKeysRepo } from './api-keys.repo';
import { apiKeyCreateExample, newApiKeyExample } from '../workspaces/team.examples';

const keyPage = pageOf(workspaceApiKeyObject, 'WorkspaceApiKey', 'workspace API key');
const keyParams = z.object({ id: z.string(), key_id: z.string() });
const tags = ['API keys'];

const docs = {
  list: {
    operationId: 'listApiKeys',
    summary: "List the workspace's API keys",
    description:
      "The workspace's keys, newest first, with their scopes, expiry, last use and person; never the keys themselves. Sign-in keys are no workspace's: they are not listed.",
  },
  create: {
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      'A key of yours that acts in this workspace only, with `scopes` (each one your role here, and the key of this request, must have: else a 422 on `scopes` naming it) until `expires_at` (optional, in the future). The answer (201) shows the key this once; it is stored only hashed.',
    'x-examples': { request: apiKeyCreateExample, response: { data: newApiKeyExample, status: 200 } },
  },
  revoke: {
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'Deletes a key of the workspace: it stops working at once (401). Admins revoke any key of the workspace; anyone may revoke their own with their sign-in key, without `keys:write`.',
  },
};

/** Why the request may not give a key `scope`: the role lacks it (the more lasting reason), or its key does. */
function grantRefusal(request: FastifyRequest, scope: ApiScope): string | null {
  const { role, scopes } = request.workspace;
  if (scopes.has(scope)) return null;
  return ROLE_SCOPES[role].includes(scope)
    ? `This API key does not have the scope ${scope}: a key made with it cannot have more than it has.`
    : `Your role in this workspace (${role}) does not have the scope ${scope}: a key cannot do more than its person.`;
}

export async function apiKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new ApiKeysRepo(app.ctx.db.kysely);

  app.get(
    '/:id/api-keys',
    { schema: { tags, ...docs.list, params: idParams, querystring: apiKeyListQuerySchema, response: { 200: keyPage } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repo.listOfWorkspace(request.workspace.id, page, perPage);
      return paginate(request, rows, total, page, perPage);
    },
  );

  app.post(
    '/:id/api-keys',
    { schema: { tags, ...docs.create, params: idParams, body: apiKeyCreateSchema, response: { 201: envelope(newWorkspaceApiKeyObject) } } },
    async (request, reply) => {
      const { name, scopes, expires_at: expiresAt } = request.body;
      const refusals = scopes.map((scope) => grantRefusal(request, scope)).filter((r): r is string => r !== null);
      if (refusals.length) throw validationError(refusals.map((message) => ({ field: 'scopes', message })));
      const workspaceId = request.workspace.id;
      const { id, key } = await repo.create({ userId: request.user.id, workspaceId, name, scopes, expiresAt });
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw notFound();
      return reply.code(201).send(ok({ ...row, api_key: key }));
    },
  );

  app.delete(
    '/:id/api-keys/:key_id',
    { schema: { tags, ...docs.revoke, params: keyParams, response: { 200: deleteResultObject } } },
    async (request) => {
      const id = parseId(request.params.key_id);
      const workspaceId = request.workspace.id;
      const row = id > 0 ? await repo.findInWorkspace(workspaceId, id) : undefined;
      // Another person's key, or none: the scope first, so that a missing id and another's answer alike.
      requireScopeUnlessOwn(request, row?.user.id === request.user.id);
      if (!row || !(await repo.revoke(workspaceId, id))) throw notFound();
      sayInAuditLog(request, `Revoked API key ${row.name} of ${row.user.name}`);
      return deleted(id, 'api_key');
    },
  );
}
