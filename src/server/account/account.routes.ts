// The caller's own account and key rotation.
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/pagination';
import { UsersRepo } from '../users/users.repo';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const repo = new UsersRepo(app.ctx.db.kysely);
  const tags = ['Account'];

  app.get('/', { schema: { tags } }, async (request) => {
    const { id, name, role, created_at } = request.user;
    // base_url (beyond the contract): BASE_URL, the base of short URLs on the default domain, so that the
    // dashboard previews a new link's short URL exactly as the server will build it.
    return ok({ id, name, role, created_at, base_url: app.ctx.config.baseUrl });
  });

  app.post('/api-key', { schema: { tags } }, async (request) => ok({ api_key: await repo.rotateKey(request.user.id) }));
}
