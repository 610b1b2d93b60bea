// The caller's own account (with the workspace the request acts in) and key rotation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ok } from '../http/pagination';
import { UsersRepo } from '../users/users.repo';
import { accountObject, apiKeyObject } from '../../shared/objects/user.object';
import { envelope } from '../../shared/objects/common.object';
import { API_SCOPES } from '../../shared/api-scopes';
import { WorkspacesRepo } from '../workspaces/workspaces.repo';
import { headerWorkspace } from '../auth/request-workspace';

const accountAnswer = envelope(accountObject);
const apiKeyAnswer = envelope(apiKeyObject);

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new UsersRepo(app.ctx.db.kysely);
  const workspaces = new WorkspacesRepo(app.ctx.db.kysely);
  const tags = ['Account'];

  const showDocs = {
    operationId: 'getAccount',
    summary: 'Get your account',
    description:
      "The account the API key belongs to; `base_url`, the base of short URLs of links without a domain; and `workspace`, where this key acts with your role and what it may do there: the workspace the `Linkdeck-Workspace` header names when you may act there, else the key's own (here a header naming a workspace you left is no error).",
  };
  app.get('/', { schema: { tags, ...showDocs, response: { 200: accountAnswer } } }, async (request) => {
    const { id, name, role, created_at } = request.user;
    const ws = await headerWorkspace(request, workspaces);
    const kind = (await workspaces.find(id, ws.id))?.kind ?? (ws.id === id ? 'personal' : 'team');
    const workspace = { id: ws.id, name: ws.name, personal: kind === 'personal', role: ws.role, scopes: API_SCOPES.filter((s) => ws.scopes.has(s)) };
    // base_url (beyond the contract): BASE_URL, the base of short URLs on the default domain, so that the
    // dashboard previews a new link's short URL exactly as the server will build it.
    return ok({ id, name, role, created_at, base_url: app.ctx.config.baseUrl, workspace });
  });

  const rotateDocs = {
    operationId: 'rotateApiKey',
    summary: 'Replace your API key',
    description: 'Makes a new API key for your account and answers it this once; the old key stops working at once.',
  };
  app.post('/api-key', { schema: { tags, ...rotateDocs, response: { 200: apiKeyAnswer } } }, async (request) =>
    ok({ api_key: await repo.rotateKey(request.user.id) }),
  );
}
