import type { FastifyInstance } from 'fastify';
import { tagCreateSchema, tagListQuerySchema, tagUpdateSchema } from '../../shared/tag.schema';
import { tagObject } from '../../shared/objects/tag.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { TagsRepo } from './tags.repo';
import { UNDONE_WITHIN_24_HOURS, recordedDelete } from '../operations/resource-delete';

const tagPage = pageOf(tagObject, 'Tag');

export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const repo = new TagsRepo(app.ctx.db.kysely);
  crudRoutes(app, {
    tag: 'Tags',
    object: 'tag',
    repo,
    schemas: { create: tagCreateSchema, update: tagUpdateSchema, list: tagListQuerySchema },
    docs: {
      item: tagObject,
      page: tagPage,
      name: 'Tag',
      label: 'tag',
      descriptions: {
        list: "One page of your tags with each one's link count, newest first by default; `search` matches the name, `sort_by` is `id` or `name`; `total` is exact.",
        get: 'One of your tags, with the number of links carrying it.',
        create:
          '`name`: 1 to 40 characters without commas, unique among your tags ignoring case; `color` 1 to 6 (when left out, one is derived from the name). Links can also create tags by name (`tags[]` on a link). Answers 201 with the tag.',
        update: `Renames or recolours the tag; every link carrying it shows the change. The name must stay unique ignoring case.`,
        delete: `Deletes the tag and removes it from its links; the links keep their other tags. ${UNDONE_WITHIN_24_HOURS}, with the same id, on its links (unless a link carries 20 tags by then, or a tag of that name exists again: 409).`,
      },
    },
    // The (user_id, name_key) UNIQUE index refuses a name taken in any case; crudRoutes answers a 422 on `name`.
    uniqueField: 'name',
    recordedDelete: recordedDelete(app, 'tag'),
  });
}
