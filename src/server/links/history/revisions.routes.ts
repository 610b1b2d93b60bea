// GET /api/v1/links/{id}/revisions and POST /api/v1/links/{id}/revisions/{revision_id}/restore.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { pagingFields } from '../../../shared/list-query';
import { linkObject } from '../../../shared/objects/link.object';
import { envelope } from '../../../shared/objects/common.object';
import { revisionPageObject, SECRET_LINK_FIELDS, type LinkRevision } from '../../../shared/objects/revision.object';
import { notFound } from '../../http/errors';
import { ok, paginate, parseId } from '../../http/pagination';
import { nowIso } from '../../db/sql-values';
import { listRevisions, type StoredRevision } from './revisions.repo';
import { restoreRevision } from './link-restore';

const pageQuery = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });
const restoreParams = z.object({ id: z.string(), revision_id: z.string() });
const secret = new Set<string>(SECRET_LINK_FIELDS);

/** A revision as the API shows it: a password's values never leave the server, only that it changed. */
export function presentRevision(r: StoredRevision): LinkRevision {
  return {
    id: r.id,
    link_id: r.link_id,
    action: r.action,
    source: r.source,
    actor: r.actor,
    changes: r.changes.map((c) => (secret.has(c.field) ? { field: c.field, old: null, new: null, redacted: true } : { ...c, redacted: false })),
    restored_from: r.restored_from,
    created_at: r.created_at,
  };
}

export async function revisionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['Links'];

  const listDocs = {
    operationId: 'listLinkRevisions',
    summary: "List a link's revisions",
    description:
      "Every change to the link, newest first: who made it, when, through which path (the API, a bulk create, edit or delete, an import, an undo, a restore) and which fields changed, old and new. Passwords show only as changed. A deleted link's revisions are kept for HISTORY_DAYS (90 by default).",
  };
  app.get('/:id/revisions', { schema: { tags, ...listDocs, params: z.object({ id: z.string() }), querystring: pageQuery, response: { 200: revisionPageObject } } }, async (request) => {
    const id = parseId(request.params.id);
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await listRevisions(db.kysely, request.workspace.id, id, page, perPage);
    if (!total && !(await app.links.service.repo.find(request.workspace.id, id))) throw notFound();
    return paginate(request, rows.map(presentRevision), total, page, perPage);
  });

  const restoreDocs = {
    operationId: 'restoreLinkRevision',
    summary: 'Restore a revision',
    description:
      'Brings the link back to its state right after that revision; a deleted link comes back with its id (without its old clicks). The restore is itself a revision. A space or pixel deleted since is left out; an alias taken since, or a domain deleted since, answers 422.',
  };
  const restoreSchema = { tags, ...restoreDocs, params: restoreParams, response: { 200: envelope(linkObject) } };
  app.post('/:id/revisions/:revision_id/restore', { schema: restoreSchema }, async (request) => {
    const userId = request.workspace.id;
    const id = parseId(request.params.id);
    const revisionId = parseId(request.params.revision_id);
    if (id < 0 || revisionId < 0) throw notFound();
    await restoreRevision(db.kysely, app.links.writer, userId, id, revisionId, nowIso(), request.user.id);
    return ok(await app.links.service.show(userId, id));
  });
}
