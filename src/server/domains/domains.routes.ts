import type { FastifyInstance } from 'fastify';
import { domainCreateSchema, domainListQuerySchema, domainUpdateSchema } from '../../shared/domain.schema';
import { fieldError } from '../http/errors';
import { crudRoutes } from '../http/crud';
import { DomainsRepo } from './domains.repo';

export async function domainsRoutes(app: FastifyInstance): Promise<void> {
  const repo = new DomainsRepo(app.ctx.db.kysely, app.ctx.config.baseUrl);
  crudRoutes(app, {
    tag: 'Domains',
    object: 'domain',
    repo,
    schemas: { create: domainCreateSchema, update: domainUpdateSchema, list: domainListQuerySchema },
    uniqueField: 'name',
    beforeCreate: async (_userId, body) => {
      if (await repo.nameTaken(body.name)) throw fieldError('name', 'has already been taken.');
    },
    changed: (id) => {
      app.ctx.changes.emit('domain', id);
      app.ctx.changes.emit('reset');
    },
  });
}
