import type { FastifyInstance } from 'fastify';
import { tagCreateSchema, tagListQuerySchema, tagUpdateSchema } from '../../shared/tag.schema';
import { crudRoutes } from '../http/crud';
import { TagsRepo } from './tags.repo';

export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  crudRoutes(app, {
    tag: 'Tags',
    object: 'tag',
    repo: new TagsRepo(app.ctx.db.kysely),
    schemas: { create: tagCreateSchema, update: tagUpdateSchema, list: tagListQuerySchema },
    // The (user_id, name_key) UNIQUE index refuses a name taken in any case; crudRoutes answers a 422 on `name`.
    uniqueField: 'name',
  });
}
