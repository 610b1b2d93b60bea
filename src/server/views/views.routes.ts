// Saved views: /api/v1/views, the CRUD of the other resources of an account (http/crud.ts).
import type { FastifyInstance } from 'fastify';
import { viewCreateSchema, viewListQuerySchema, viewUpdateSchema, type View } from '../../shared/view.schema';
import { viewObject } from '../../shared/objects/view.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { ViewsRepo } from './views.repo';

const viewPage = pageOf(viewObject, 'View', 'saved view');

const EXAMPLE_QUERY = 'status=2&space_id=5&sort_by=clicks';
const exampleView: View = {
  id: 7,
  name: 'Expired in Launch',
  query: EXAMPLE_QUERY,
  url: `https://go.example.com/dashboard/links?${EXAMPLE_QUERY}`,
  api_url: `/api/v1/links?${EXAMPLE_QUERY}`,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};

export async function viewsRoutes(app: FastifyInstance): Promise<void> {
  const repo = new ViewsRepo(app.ctx.db.kysely, app.ctx.config.baseUrl);
  crudRoutes(app, {
    tag: 'Saved views',
    object: 'view',
    repo,
    schemas: { create: viewCreateSchema, update: viewUpdateSchema, list: viewListQuerySchema },
    docs: {
      item: viewObject,
      page: viewPage,
      name: 'View',
      label: 'saved view',
      descriptions: {
        list: 'One page of your saved views, newest first by default (`sort_by` is `id`, the default, or `name`, which ignores case); `search` matches the name; `total` is exact.',
        get: 'One of your saved views: its name, its links-list query, and the links that open that list in the dashboard (`url`) and the API (`api_url`).',
        create:
          'A `name` (at most 64 characters, unique among your views ignoring case) and a `query`: the query string of `GET /api/v1/links`, checked as that list checks it (a parameter the list does not take, or a value it refuses, is a 422 on `query` naming the parameter) and stored normalised: without `page` and the parameters at their default value, in a fixed order, tags as `tag=a,b`. Answers 201 with the view.',
        update: `Renames the view and/or replaces its query (checked and normalised as on create); the name must stay unique.`,
        delete: 'Deletes the view; the links it listed do not change.',
      },
      createExamples: { request: { name: 'Expired in Launch', query: '?space_id=5&status=2&sort_by=clicks&sort=desc&page=3' }, response: { data: exampleView, status: 200 } },
    },
    uniqueField: 'name',
  });
}
