import type { FastifyInstance } from 'fastify';
import { spaceCreateSchema, spaceListQuerySchema, spaceUpdateSchema } from '../../shared/space.schema';
import { crudRoutes } from '../http/crud';
import { SpacesRepo } from './spaces.repo';

export async function spacesRoutes(app: FastifyInstance): Promise<void> {
  crudRoutes(app, {
    tag: 'Spaces',
    object: 'space',
    repo: new SpacesRepo(app.ctx.db.kysely),
    schemas: { create: spaceCreateSchema, update: spaceUpdateSchema, list: spaceListQuerySchema },
    // The (user_id, name) UNIQUE index refuses a taken name; crudRoutes answers it as a 422 on `name`.
    uniqueField: 'name',
    changed: () => app.ctx.changes.emit('reset'),
  });
}
