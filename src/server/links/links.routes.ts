import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { linkCreateSchema, linkListQuerySchema, linkUpdateSchema } from '../../shared/link.schema';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { nowIso } from '../db/sql-values';
import { idParams } from '../http/params';
import { linkObject } from '../../shared/objects/link.object';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { undoableDeleteResultObject } from '../../shared/objects/operation.object';
import { UNDONE_WITHIN_24_HOURS, operationAnswer } from '../operations/resource-delete';
import { linkCreateExample, linkExample } from './links.examples';
import { LINK_READ_ONLY } from './core/link-checks';
import { readOnlyNote } from '../../shared/read-only';
import { guardReadOnly, sentReadOnly } from '../read-only.hook';

const linkAnswer = envelope(linkObject);
const linkPage = pageOf(linkObject, 'Link');

export async function linksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = app.links;
  const tags = ['Links'];
  // Read-only fields sent to PUT/PATCH are picked here and compared in the links core (LinksService.update).
  guardReadOnly(app, LINK_READ_ONLY);

  const listDocs = {
    operationId: 'listLinks',
    summary: 'List links',
    description:
      'One page of your links, newest first by default. Search by title, alias or URL; filter by status, space, domain, pixel and tags (`tag=a&tag=b`, any of them, or every one with `tag_mode=all`); `total` is exact, except for a search past 10,000 matches, where it may be an estimate (`meta.total_is_estimate`).',
  };
  app.get('/', { schema: { tags, ...listDocs, querystring: linkListQuerySchema, response: { 200: linkPage } } }, async (request) => {
    const q = request.query;
    const { rows, total, estimate } = await service.listRepo.list(request.workspace.id, q, nowIso());
    return paginate(request, await service.present(rows), total, q.page, q.per_page, estimate);
  });

  const showDocs = { operationId: 'getLink', summary: 'Get a link', description: 'One of your links, with its space, domain, pixels, tags and click count.' };
  app.get('/:id', { schema: { tags, ...showDocs, params: idParams, response: { 200: linkAnswer } } }, async (request) =>
    ok(await service.show(request.workspace.id, parseId(request.params.id))),
  );

  const createDocs = {
    operationId: 'createLink',
    summary: 'Create a link',
    description:
      'Shortens `url`. The domain is `domain_id` or, as in the seed\'s example, `domain`; errors name the one sent. Without an `alias` one is generated. `tags[]` names are created when new; `utm_*` fields are written into the URL. Answers 201 with the link.',
    'x-examples': { request: linkCreateExample, response: { data: linkExample, status: 200 } },
  };
  app.post('/', { schema: { tags, ...createDocs, body: linkCreateSchema, response: { 201: linkAnswer } } }, async (request, reply) =>
    reply.code(201).send(ok(await service.create(request.workspace.id, request.body, 'api', request.user.id))),
  );

  const changes = `Changes the fields sent; the others keep their values. The domain cannot change. ${readOnlyNote(LINK_READ_ONLY)}`;
  const updateDocs = {
    put: { operationId: 'updateLink', summary: 'Update a link', description: `${changes} \`PATCH\` does the same.` },
    patch: { operationId: 'patchLink', summary: 'Update a link (PATCH)', description: `${changes} Same as \`PUT\`.` },
  };
  for (const method of ['put', 'patch'] as const) {
    const schema = { tags, ...updateDocs[method], params: idParams, body: linkUpdateSchema, response: { 200: linkAnswer } };
    app[method]('/:id', { schema }, async (request) =>
      ok(await service.update(request.workspace.id, parseId(request.params.id), request.body, 'api', sentReadOnly(request), request.user.id)),
    );
  }

  const deleteDocs = {
    operationId: 'deleteLink',
    summary: 'Delete a link',
    description: `Deletes the link and its click history; its alias becomes free. ${UNDONE_WITHIN_24_HOURS}, with the same id, alias (unless taken meanwhile: 409), pixels, tags, clicks and statistics.`,
  };
  app.delete('/:id', { schema: { tags, ...deleteDocs, params: idParams, response: { 200: undoableDeleteResultObject } } }, async (request) => {
    const id = parseId(request.params.id);
    const operationId = await service.delete(request.workspace.id, id, 'api', request.user.id);
    return { ...deleted(id, 'link'), operation: await operationAnswer(app.ctx.db.kysely, request.workspace.id, operationId) };
  });
}
