// Accounts, for admins only (contract 3, Users).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { userCreateSchema, userListQuerySchema, userUpdateSchema, type UserUpdate } from '../../shared/user.schema';
import { requireAdmin } from '../auth/auth.hook';
import { sayInAuditLog } from '../audit/audit-summary';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { fieldError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { UsersRepo } from './users.repo';
import { WorkspacesRepo } from '../workspaces/workspaces.repo';
import { newUserObject, userObject } from '../../shared/objects/user.object';
import { deleteResultObject, envelope, pageOf } from '../../shared/objects/common.object';
import { readOnlyNote, readOnlySpec } from '../../shared/read-only';
import { guardReadOnly } from '../read-only.hook';

const userAnswer = envelope(userObject);
const userPage = pageOf(userObject, 'User');
const readOnly = readOnlySpec(userObject, userUpdateSchema);

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new UsersRepo(app.ctx.db.kysely);
  const workspaces = new WorkspacesRepo(app.ctx.db.kysely);
  const tags = ['Users'];
  // Instance admins' routes (auth/route-scopes.ts): the API document marks them admin-only with the role name on the
  // bearer scheme (http/authz-matrix.test.ts checks the marking against requireAdmin) and gives them the 403.
  const admin = { tags };
  app.addHook('preValidation', async (request) => requireAdmin(request));
  guardReadOnly(app, readOnly, (_request, id) => repo.find(id));

  const load = async (rawId: string) => {
    const user = await repo.find(parseId(rawId));
    if (!user) throw notFound();
    return user;
  };

  const listDocs = {
    operationId: 'listUsers',
    summary: 'List users',
    description: 'One page of the accounts of the instance, newest first by default; `search` matches the name, `sort_by` is `id` or `name`. Admins only.',
  };
  app.get('/', { schema: { ...admin, ...listDocs, querystring: userListQuerySchema, response: { 200: userPage } } }, async (request) => {
    const { rows, total } = await repo.list(request.query);
    return paginate(request, rows, total, request.query.page, request.query.per_page);
  });

  const showDocs = { operationId: 'getUser', summary: 'Get a user', description: 'One account of the instance: its name, role and dates (never its key). Admins only.' };
  app.get('/:id', { schema: { ...admin, ...showDocs, params: idParams, response: { 200: userAnswer } } }, async (request) => ok(await load(request.params.id)));

  const createDocs = {
    operationId: 'createUser',
    summary: 'Create a user',
    description:
      'Creates an account (`role` is `user` unless `admin` is sent). Answers 201 with the account and its API key in `api_key`, shown this once: only a hash is kept. Admins only.',
  };
  const created = envelope(newUserObject);
  app.post('/', { schema: { ...admin, ...createDocs, body: userCreateSchema, response: { 201: created } } }, async (request, reply) => {
    const { user, apiKey } = await repo.create(request.body.name, request.body.role ?? 'user');
    return reply.code(201).send(ok({ ...user, api_key: apiKey }));
  });

  const update = async (rawId: string, body: UserUpdate) => {
    const user = await load(rawId);
    if (user.role === 'admin' && body.role === 'user' && (await repo.countAdmins()) <= 1) {
      throw fieldError('role', 'The last admin cannot be demoted: make another user an admin first.');
    }
    const updated = await repo.update(user.id, body);
    if (!updated) throw notFound(); // deleted meanwhile
    return ok(updated);
  };
  const rules = `Changes the \`name\` and \`role\` sent. The last admin cannot be demoted (422 on \`role\`). ${readOnlyNote(readOnly)} Admins only.`;
  const updateDocs = {
    put: { operationId: 'updateUser', summary: 'Update a user', description: `${rules} \`PATCH\` does the same.` },
    patch: { operationId: 'patchUser', summary: 'Update a user (PATCH)', description: `${rules} Same as \`PUT\`.` },
  };
  for (const method of ['put', 'patch'] as const) {
    const schema = { ...admin, ...updateDocs[method], params: idParams, body: userUpdateSchema, response: { 200: userAnswer } };
    app[method]('/:id', { schema }, async (request) =>
      update(request.params.id, request.body),
    );
  }

  const deleteDocs = {
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description:
      'Deletes the person and everything its personal workspace owns: its domains, links, spaces, pixels, tags and webhooks, with its keys and memberships. The last admin cannot be deleted, nor the only owner of a team workspace until it is handed over or deleted (422 on `id`). Admins only.',
  };
  app.delete('/:id', { schema: { ...admin, ...deleteDocs, params: idParams, response: { 200: deleteResultObject } } }, async (request) => {
    const user = await load(request.params.id);
    if (user.role === 'admin' && (await repo.countAdmins()) <= 1) {
      throw fieldError('id', 'The last admin cannot be deleted: make another user an admin first.');
    }
    const [orphan, ...more] = await workspaces.ownedOnlyBy(user.id);
    if (orphan) {
      const others = more.length ? ` (and ${more.length} other workspace${more.length > 1 ? 's' : ''})` : '';
      throw fieldError('id', `${user.name} is the only owner of the workspace "${orphan.name}" (id ${orphan.id})${others}: hand it over or delete it first.`);
    }
    // The instance log names who went (the answer only has the id).
    sayInAuditLog(request, `Deleted user ${user.name}`);
    await repo.delete(user.id);
    app.ctx.changes.emit('reset');
    return deleted(user.id, 'user');
  });
}
