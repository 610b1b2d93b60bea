// GET /api/v1/instance/audit-log: the instance log, for the instance admin only (403 for anyone else, as the
// users routes: auth/route-scopes.ts `instance`). What the instance admin does to the instance, which no workspace's
// log holds (instance-audit.ts): people created, changed and deleted; domains shared or no longer; workspaces
// deleted. The same query and entries as GET /audit-log, with `workspace_id` (the workspace it was about).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { auditLogQuerySchema } from '../../shared/audit.schema';
import { auditEntryObject } from '../../shared/objects/audit.object';
import { pageOf } from '../../shared/objects/common.object';
import { paginate } from '../http/pagination';
import { requireAdmin } from '../auth/auth.hook';
import { AuditRepo } from './audit.repo';

const instanceEntryObject = auditEntryObject
  .extend({
    workspace_id: z.number().int().nullable().meta({ description: 'The workspace it was about (a deleted workspace, a shared domain\'s own); null for a person.' }),
  })
  .meta({ id: 'InstanceAuditEntry', description: 'One change to the instance: who, when, what, and from where (never an IP address).' });

const instancePage = pageOf(instanceEntryObject, 'InstanceAuditEntry', 'instance audit log entry');

const description =
  'What was done to the instance, newest first (`sort=asc`: oldest first), which no workspace\'s log holds: people created (`createUser`), changed (`updateUser`, `patchUser`: the summary names a new role) and deleted (`deleteUser`); domains shared with every workspace or no longer (`createDomain`, `updateDomain`, `patchDomain` that sent `shared`); workspaces deleted (`deleteWorkspace`: their own log goes with them; the deleter\'s personal log has the entry too). Each entry is written in the same transaction as its change. The same filters and entries as `GET /audit-log`, with `workspace_id`. Entries older than AUDIT_RETENTION_DAYS are deleted. The instance admin only.';

export async function instanceAuditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new AuditRepo(app.ctx.db.kysely);
  app.addHook('preValidation', async (request) => requireAdmin(request));
  const schema = {
    tags: ['Audit log'],
    operationId: 'listInstanceAuditLog',
    summary: 'List the instance audit log',
    description,
    querystring: auditLogQuerySchema,
    response: { 200: instancePage },
  };
  app.get('/audit-log', { schema }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.list(null, q);
    return paginate(request, rows, total, q.page, q.per_page);
  });
}
