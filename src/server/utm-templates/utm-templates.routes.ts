import type { FastifyInstance } from 'fastify';
import { utmTemplateCreateSchema, utmTemplateListQuerySchema, utmTemplateUpdateSchema } from '../../shared/utm-template.schema';
import { crudRoutes } from '../http/crud';
import { UtmTemplatesRepo } from './utm-templates.repo';

export async function utmTemplatesRoutes(app: FastifyInstance): Promise<void> {
  crudRoutes(app, {
    tag: 'UTM templates',
    object: 'utm_template',
    repo: new UtmTemplatesRepo(app.ctx.db.kysely),
    schemas: { create: utmTemplateCreateSchema, update: utmTemplateUpdateSchema, list: utmTemplateListQuerySchema },
    uniqueField: 'name',
  });
}
