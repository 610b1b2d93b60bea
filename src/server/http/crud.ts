// List, show, store, update (PUT and PATCH) and delete for a resource owned by the caller.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { z } from 'zod';
import { deleted, ok, paginate, parseId } from './pagination';
import { fieldError, notFound } from './errors';
import { idParams } from './params';
import { isUniqueViolation } from '../db/errors';

export interface CrudRepo<T, C, U, Q> {
  find(userId: number, id: number): Promise<T | undefined>;
  list(userId: number, q: Q): Promise<{ rows: T[]; total: number }>;
  create(userId: number, input: C): Promise<number>;
  update(userId: number, id: number, input: U): Promise<unknown>;
  delete(userId: number, id: number): Promise<boolean>;
}

type ListQuery = { page: number; per_page: number };

export interface CrudOptions<
  T extends { id: number },
  CS extends z.ZodType,
  US extends z.ZodType,
  QS extends z.ZodType<ListQuery>,
> {
  tag: string;
  object: 'domain' | 'space' | 'pixel' | 'utm_template' | 'tag';
  repo: CrudRepo<T, z.output<CS>, z.output<US>, z.output<QS>>;
  schemas: { create: CS; update: US; list: QS };
  /** A field whose UNIQUE constraint maps to "has already been taken.". */
  uniqueField: string;
  /** Called after every write, with the id. */
  changed?: (id: number, kind: 'create' | 'update' | 'delete') => void;
}

export function crudRoutes<T extends { id: number }, CS extends z.ZodType, US extends z.ZodType, QS extends z.ZodType<ListQuery>>(
  fastify: FastifyInstance,
  opts: CrudOptions<T, CS, US, QS>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repo, schemas, object } = opts;
  const tags = [opts.tag];
  const taken = () => fieldError(opts.uniqueField, 'has already been taken.');
  const rethrow = (err: unknown): never => {
    throw isUniqueViolation(err) ? taken() : err;
  };
  const load = async (userId: number, rawId: string): Promise<T> => {
    const found = await repo.find(userId, parseId(rawId));
    if (!found) throw notFound();
    return found;
  };

  app.get('/', { schema: { tags, querystring: schemas.list } }, async (request) => {
    const q = request.query as z.output<QS>;
    const { rows, total } = await repo.list(request.user.id, q);
    return paginate(request, rows, total, q.page, q.per_page);
  });

  app.get('/:id', { schema: { tags, params: idParams } }, async (request) => ok(await load(request.user.id, request.params.id)));

  app.post('/', { schema: { tags, body: schemas.create } }, async (request, reply) => {
    const body = request.body as z.output<CS>;
    const id = await repo.create(request.user.id, body).catch(rethrow);
    opts.changed?.(id, 'create');
    return reply.code(201).send(ok(await load(request.user.id, String(id))));
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]('/:id', { schema: { tags, params: idParams, body: schemas.update } }, async (request) => {
      const current = await load(request.user.id, request.params.id);
      const body = request.body as z.output<US>;
      await repo.update(request.user.id, current.id, body).catch(rethrow);
      opts.changed?.(current.id, 'update');
      return ok(await load(request.user.id, request.params.id));
    });
  }

  app.delete('/:id', { schema: { tags, params: idParams } }, async (request) => {
    const current = await load(request.user.id, request.params.id);
    await repo.delete(request.user.id, current.id);
    opts.changed?.(current.id, 'delete');
    return deleted(current.id, object);
  });
}
