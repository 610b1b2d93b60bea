import type { FastifyInstance } from 'fastify';
import { domainCreateSchema, domainListQuerySchema, domainUpdateSchema } from '../../shared/domain.schema';
import { crudRoutes } from '../http/crud';
import { DomainsRepo } from './domains.repo';

export async function domainsRoutes(app: FastifyInstance): Promise<void> {
  crudRoutes(app, {
    tag: 'Domains',
    object: 'domain',
    repo: new DomainsRepo(app.ctx.db.kysely, app.ctx.config.baseUrl),
    schemas: { create: domainCreateSchema, update: domainUpdateSchema, list: domainListQuerySchema },
    // Names are UNIQUE on the instance; crudRoutes answers the violation as a 422 on `name`.
    uniqueField: 'name',
    changed: (id) => {
      app.ctx.changes.emit('domain', id);
      app.ctx.changes.emit('reset');
    },
  });
}
