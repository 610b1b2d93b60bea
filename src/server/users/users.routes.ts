// Accounts, for admins only (contract 3, Users).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { userCreateSchema, userListQuerySchema, userUpdateSchema, type UserUpdate } from '../../shared/user.schema';
import { requireAdmin } from '../auth/auth.hook';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { fieldError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { UsersRepo } from './users.repo';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new UsersRepo(app.ctx.db.kysely);
  const tags = ['Users'];
  // OpenAPI 3.1 role name on the bearer scheme: marks every operation here admin-only in openapi.json
  // (http/authz-matrix.test.ts checks the marking against requireAdmin).
  const security = [{ apiKey: ['admin'] }];
  app.addHook('preValidation', async (request) => requireAdmin(request));

  const load = async (rawId: string) => {
    const user = await repo.find(parseId(rawId));
    if (!user) throw notFound();
    return user;
  };

  app.get('/', { schema: { tags, security, querystring: userListQuerySchema } }, async (request) => {
    const { rows, total } = await repo.list(request.query);
    return paginate(request, rows, total, request.query.page, request.query.per_page);
  });

  app.get('/:id', { schema: { tags, security, params: idParams } }, async (request) => ok(await load(request.params.id)));

  app.post('/', { schema: { tags, security, body: userCreateSchema } }, async (request, reply) => {
    const { user, apiKey } = await repo.create(request.body.name, request.body.role ?? 'user');
    return reply.code(201).send(ok({ ...user, api_key: apiKey }));
  });

  const update = async (rawId: string, body: UserUpdate) => {
    const user = await load(rawId);
    if (user.role === 'admin' && body.role === 'user' && (await repo.countAdmins()) <= 1) {
      throw fieldError('role', 'The last admin cannot be demoted: make another user an admin first.');
    }
    return ok(await repo.update(user.id, body));
  };
  for (const method of ['put', 'patch'] as const) {
    app[method]('/:id', { schema: { tags, security, params: idParams, body: userUpdateSchema } }, async (request) =>
      update(request.params.id, request.body),
    );
  }

  app.delete('/:id', { schema: { tags, security, params: idParams } }, async (request) => {
    const user = await load(request.params.id);
    if (user.role === 'admin' && (await repo.countAdmins()) <= 1) {
      throw fieldError('id', 'The last admin cannot be deleted: make another user an admin first.');
    }
    await repo.delete(user.id);
    app.ctx.changes.emit('reset');
    return deleted(user.id, 'user');
  });
}
