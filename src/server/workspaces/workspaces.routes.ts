// Workspaces: the caller's workspaces with their role, creating a team workspace (its creator owns it),
// one workspace, renaming it (owner) and deleting it (owner; a personal workspace cannot be). A request on
// /workspaces/{id} acts in that workspace (route-scopes.ts): a non-member, or another workspace's key, gets 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { workspaceCreateSchema, workspaceListQuerySchema, workspaceUpdateSchema, type Workspace } from '../../shared/workspace.schema';
import { workspaceObject } from '../../shared/objects/workspace.object';
import { deleteResultObject, envelope, pageOf } from '../../shared/objects/common.object';
import { effectiveScopes } from '../../shared/api-scopes';
import { deleted, ok, paginate } from '../http/pagination';
import { fieldError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { keyScopesOf } from '../auth/request-workspace';
import { WorkspacesRepo, type WorkspaceRow } from './workspaces.repo';

const workspaceAnswer = envelope(workspaceObject);
const workspacePage = pageOf(workspaceObject, 'Workspace');

/** The row with what the request's key may do in it. */
const present = (request: FastifyRequest, row: WorkspaceRow): Workspace => ({ ...row, scopes: effectiveScopes(keyScopesOf(request.apiKey), row.role) });

export async function workspacesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new WorkspacesRepo(app.ctx.db.kysely);
  const tags = ['Workspaces'];

  /** The workspace of the request (the path's, checked by the auth hook), as its person sees it. */
  const current = async (request: FastifyRequest) => {
    const row = await repo.find(request.user.id, request.workspace.id);
    if (!row) throw notFound(); // left or deleted meanwhile
    return row;
  };

  const listDocs = {
    operationId: 'listWorkspaces',
    summary: 'List your workspaces',
    description:
      'The workspaces you are a member of, your personal one first, each with your role and what this key may do there (`scopes`). A key of one workspace sees only that one.',
  };
  app.get('/', { schema: { tags, ...listDocs, querystring: workspaceListQuerySchema, response: { 200: workspacePage } } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await repo.list(request.user.id, page, perPage, request.apiKey.workspaceId ?? undefined);
    return paginate(
      request,
      rows.map((row) => present(request, row)),
      total,
      page,
      perPage,
    );
  });

  const createDocs = {
    operationId: 'createWorkspace',
    summary: 'Create a workspace',
    description: 'A team workspace, which you own. Only your sign-in key may create one. Send its id in the `Linkdeck-Workspace` header to act in it.',
  };
  app.post('/', { schema: { tags, ...createDocs, body: workspaceCreateSchema, response: { 201: workspaceAnswer } } }, async (request, reply) => {
    const id = await repo.create(request.user.id, request.body.name);
    const row = await repo.find(request.user.id, id);
    if (!row) throw notFound();
    return reply.code(201).send(ok(present(request, row)));
  });

  const showDocs = { operationId: 'getWorkspace', summary: 'Get a workspace', description: 'One of your workspaces, with your role and what this key may do there. Any member may read it.' };
  app.get('/:id', { schema: { tags, ...showDocs, params: idParams, response: { 200: workspaceAnswer } } }, async (request) =>
    ok(present(request, await current(request))),
  );

  const updateDocs = {
    operationId: 'patchWorkspace',
    summary: 'Rename a workspace',
    description: "Changes the `name` of a team workspace (owners only). A personal workspace has its person's name: renaming it is a 422.",
  };
  app.patch('/:id', { schema: { tags, ...updateDocs, params: idParams, body: workspaceUpdateSchema, response: { 200: workspaceAnswer } } }, async (request) => {
    const row = await current(request);
    if (request.body.name !== undefined) {
      if (row.kind === 'personal') throw fieldError('name', "A personal workspace cannot be renamed: it has its person's name.");
      await repo.rename(row.id, request.body.name);
    }
    return ok(present(request, await current(request)));
  });

  const deleteDocs = {
    operationId: 'deleteWorkspace',
    summary: 'Delete a workspace',
    // A personal workspace: a 422 on `id`, though the route has no body.
    'x-errors': ['422' as const],
    description:
      'Deletes a team workspace and everything it owns: its links with their statistics, domains, spaces, pixels, tags, templates, webhooks, keys and memberships (owners only). A personal workspace goes only with its person: deleting it is a 422 on `id`.',
  };
  app.delete('/:id', { schema: { tags, ...deleteDocs, params: idParams, response: { 200: deleteResultObject } } }, async (request) => {
    const row = await current(request);
    if (row.kind === 'personal') throw fieldError('id', 'A personal workspace cannot be deleted: it goes only with its person.');
    if (!(await repo.delete(row.id))) throw notFound();
    app.ctx.changes.emit('reset');
    return deleted(row.id, 'workspace');
  });
}
