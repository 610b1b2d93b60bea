import type { FastifyInstance } from 'fastify';
import { spaceCreateSchema, spaceListQuerySchema, spaceUpdateSchema } from '../../shared/space.schema';
import { spaceObject } from '../../shared/objects/space.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { SpacesRepo } from './spaces.repo';
import { spaceCreateExample, spaceExample } from './spaces.examples';
import { UNDONE_WITHIN_24_HOURS, recordedDelete } from '../operations/resource-delete';

const spacePage = pageOf(spaceObject, 'Space');

export async function spacesRoutes(app: FastifyInstance): Promise<void> {
  const repo = new SpacesRepo(app.ctx.db.kysely);
  crudRoutes(app, {
    tag: 'Spaces',
    object: 'space',
    repo,
    schemas: { create: spaceCreateSchema, update: spaceUpdateSchema, list: spaceListQuerySchema },
    docs: {
      item: spaceObject,
      page: spacePage,
      name: 'Space',
      label: 'space',
      descriptions: {
        list: 'One page of your spaces, newest first by default; `search` matches the name, `sort_by` is `id` or `name`; `total` is exact.',
        get: 'One of your spaces, with the number of links in it.',
        create: '`name` (at most 32 characters) must be unique among your spaces; `color` is 1 to 6 (default 1). Answers 201 with the space.',
        update: `Changes the \`name\` and \`color\` sent; the name must stay unique among your spaces.`,
        delete: `Deletes the space; its links stay, with no space. ${UNDONE_WITHIN_24_HOURS}, with the same id, and puts its links that are still without a space back into it.`,
      },
      createExamples: { request: spaceCreateExample, response: { data: spaceExample, status: 200 } },
    },
    // The (user_id, name) UNIQUE index refuses a taken name; crudRoutes answers it as a 422 on `name`.
    uniqueField: 'name',
    recordedDelete: recordedDelete(app, 'space'),
    changed: () => app.ctx.changes.emit('reset'),
  });
}
