import type { FastifyInstance } from 'fastify';
import { spaceCreateSchema, spaceListQuerySchema, spaceUpdateSchema } from '../../shared/space.schema';
import { fieldError } from '../http/errors';
import { crudRoutes } from '../http/crud';
import { SpacesRepo } from './spaces.repo';

export async function spacesRoutes(app: FastifyInstance): Promise<void> {
  const repo = new SpacesRepo(app.ctx.db.kysely);
  const taken = () => fieldError('name', 'has already been taken.');
  crudRoutes(app, {
    tag: 'Spaces',
    object: 'space',
    repo,
    schemas: { create: spaceCreateSchema, update: spaceUpdateSchema, list: spaceListQuerySchema },
    uniqueField: 'name',
    beforeCreate: async (userId, body) => {
      if (await repo.nameTaken(userId, body.name)) throw taken();
    },
    beforeUpdate: async (userId, current, body) => {
      if (body.name !== undefined && (await repo.nameTaken(userId, body.name, current.id))) throw taken();
    },
    changed: () => app.ctx.changes.emit('reset'),
  });
}
