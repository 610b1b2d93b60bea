import type { FastifyInstance } from 'fastify';
import { pixelCreateSchema, pixelListQuerySchema, pixelUpdateSchema } from '../../shared/pixel.schema';
import { pixelObject } from '../../shared/objects/pixel.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { PixelsRepo } from './pixels.repo';
import { UNDONE_WITHIN_24_HOURS, recordedDelete } from '../operations/resource-delete';

const pixelPage = pageOf(pixelObject, 'Pixel');

export async function pixelsRoutes(app: FastifyInstance): Promise<void> {
  const repo = new PixelsRepo(app.ctx.db.kysely);
  crudRoutes(app, {
    tag: 'Pixels',
    object: 'pixel',
    repo,
    schemas: { create: pixelCreateSchema, update: pixelUpdateSchema, list: pixelListQuerySchema },
    docs: {
      item: pixelObject,
      page: pixelPage,
      name: 'Pixel',
      label: 'pixel',
      descriptions: {
        list: 'One page of your pixels, newest first by default; `search` matches the name, `type` keeps one vendor, `sort_by` is `id` or `name`; `total` is exact.',
        get: 'One of your pixels: its name, its vendor (type) and its id at that vendor (value).',
        create:
          '`type` is the vendor; `value` its pixel or tag id (letters, digits, dashes and underscores, at most 255); `name` at most 64 characters. Answers 201 with the pixel.',
        update: `Changes the \`name\`, \`type\` and \`value\` sent; the others keep their values.`,
        delete: `Deletes the pixel and detaches it from the links that carried it; the links stay. ${UNDONE_WITHIN_24_HOURS}, with the same id, on the links that carried it.`,
      },
    },
    uniqueField: 'name',
    recordedDelete: recordedDelete(app, 'pixel'),
    changed: () => app.ctx.changes.emit('reset'),
  });
}
