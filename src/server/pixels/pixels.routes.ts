import type { FastifyInstance } from 'fastify';
import { pixelCreateSchema, pixelListQuerySchema, pixelUpdateSchema } from '../../shared/pixel.schema';
import { crudRoutes } from '../http/crud';
import { PixelsRepo } from './pixels.repo';

export async function pixelsRoutes(app: FastifyInstance): Promise<void> {
  crudRoutes(app, {
    tag: 'Pixels',
    object: 'pixel',
    repo: new PixelsRepo(app.ctx.db.kysely),
    schemas: { create: pixelCreateSchema, update: pixelUpdateSchema, list: pixelListQuerySchema },
    uniqueField: 'name',
    changed: () => app.ctx.changes.emit('reset'),
  });
}
