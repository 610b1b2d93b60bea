import type { FastifyInstance } from 'fastify';
import { utmTemplateCreateSchema, utmTemplateListQuerySchema, utmTemplateUpdateSchema } from '../../shared/utm-template.schema';
import { utmTemplateObject } from '../../shared/objects/utm-template.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { UtmTemplatesRepo } from './utm-templates.repo';

const utmTemplatePage = pageOf(utmTemplateObject, 'UtmTemplate', 'UTM template');

export async function utmTemplatesRoutes(app: FastifyInstance): Promise<void> {
  const repo = new UtmTemplatesRepo(app.ctx.db.kysely);
  crudRoutes(app, {
    tag: 'UTM templates',
    object: 'utm_template',
    repo,
    schemas: { create: utmTemplateCreateSchema, update: utmTemplateUpdateSchema, list: utmTemplateListQuerySchema },
    docs: {
      item: utmTemplateObject,
      page: utmTemplatePage,
      name: 'UtmTemplate',
      label: 'UTM template',
      descriptions: {
        list: 'One page of your UTM templates; `search` matches the name, `sort_by` is `name` (the default) or `id`; `total` is exact.',
        get: 'One of your UTM templates: its name and the UTM parameters it applies to a link.',
        create:
          'A `name` (at most 64 characters, unique among your templates) and at least one of `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content` (each at most 255). Answers 201 with the template.',
        update: `Changes the fields sent; an empty value clears a parameter, and the name must stay unique. Links the template was applied to do not change.`,
        delete: 'Deletes the template; links it was applied to keep their UTM parameters.',
      },
    },
    uniqueField: 'name',
  });
}
