// GET /api/v1/audit-log: the current workspace's audit log, newest first, with its filters (scope
// audit:read, route-scopes.ts). The entries are written by audit.plugin.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { auditLogQuerySchema } from '../../shared/audit.schema';
import { auditEntryObject } from '../../shared/objects/audit.object';
import { pageOf } from '../../shared/objects/common.object';
import { paginate } from '../http/pagination';
import { AuditRepo } from './audit.repo';

const auditPage = pageOf(auditEntryObject, 'AuditEntry', 'audit log entry');

const description =
  'Every write in this workspace, newest first (`sort=asc`: oldest first): who (`actor_user_id`, `actor_name`), when (`at`), what (`action`: the operationId of the write; `object`, `object_id`; `summary` in words, with counts for bulk changes, imports and undos) and from where (`via`: `dashboard`, or `api` with the key\'s `key_id` and `key_name`). Never an IP address. Reads, dry runs and refused writes leave no entry. Entries older than AUDIT_RETENTION_DAYS (default 365) are deleted. The filters combine; `from` and `to` take a day (UTC, whole days) or a moment.';

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new AuditRepo(app.ctx.db.kysely);
  const schema = {
    tags: ['Audit log'],
    operationId: 'listAuditLog',
    summary: 'List the audit log',
    description,
    querystring: auditLogQuerySchema,
    response: { 200: auditPage },
  };
  app.get('/', { schema }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.list(request.workspace.id, q);
    return paginate(request, rows, total, q.page, q.per_page);
  });
}
