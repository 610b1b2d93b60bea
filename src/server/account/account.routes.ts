// The caller's own account and key rotation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ok } from '../http/pagination';
import { UsersRepo } from '../users/users.repo';
import { accountObject, apiKeyObject } from '../../shared/objects/user.object';
import { envelope } from '../../shared/objects/common.object';

const accountAnswer = envelope(accountObject);
const apiKeyAnswer = envelope(apiKeyObject);

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new UsersRepo(app.ctx.db.kysely);
  const tags = ['Account'];

  const showDocs = {
    operationId: 'getAccount',
    summary: 'Get your account',
    description: 'The account the API key belongs to, and `base_url`: the base of short URLs of links without a domain.',
  };
  app.get('/', { schema: { tags, ...showDocs, response: { 200: accountAnswer } } }, async (request) => {
    const { id, name, role, created_at } = request.user;
    // base_url (beyond the contract): BASE_URL, the base of short URLs on the default domain, so that the
    // dashboard previews a new link's short URL exactly as the server will build it.
    return ok({ id, name, role, created_at, base_url: app.ctx.config.baseUrl });
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
