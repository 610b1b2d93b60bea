// The caller's own account and key rotation.
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/pagination';
import { UsersRepo } from '../users/users.repo';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const repo = new UsersRepo(app.ctx.db.kysely);
  const tags = ['Account'];

  app.get('/', { schema: { tags } }, async (request) => {
    const { id, name, role, created_at } = request.user;
    return ok({ id, name, role, created_at });
  });

  app.post('/api-key', { schema: { tags } }, async (request) => ok({ api_key: await repo.rotateKey(request.user.id) }));
}
