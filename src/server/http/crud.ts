// List, show, store, update (PUT and PATCH) and delete for a resource owned by the caller.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { z } from 'zod';
import type { Paginated } from '../../shared/list-query';
import { deleteResultObject, envelope } from '../../shared/objects/common.object';
import { undoableDeleteResultObject } from '../../shared/objects/operation.object';
import type { Operation } from '../../shared/bulk.schema';
import { deleted, ok, paginate, parseId } from './pagination';
import { fieldError, notFound } from './errors';
import { idParams } from './params';
import { isUniqueViolation } from '../db/errors';
import { readOnlyNote, readOnlySpec, type ReadOnlyOptions } from '../../shared/read-only';
import { guardOwned } from '../read-only.hook';

export interface CrudRepo<T, C, U, Q> {
  find(userId: number, id: number): Promise<T | undefined>;
  list(userId: number, q: Q): Promise<{ rows: T[]; total: number }>;
  create(userId: number, input: C): Promise<number>;
  update(userId: number, id: number, input: U): Promise<unknown>;
  /** A plain delete; a resource whose delete can be undone gives `recordedDelete` instead. */
  delete?(userId: number, id: number): Promise<boolean>;
}

type ListQuery = { page: number; per_page: number };

/** What the API document says of the operations (contract: the resource's own rules belong in the descriptions). */
export interface CrudDocs<T> {
  /** The answer object, a named schema (`.meta({ id })`); show, store and update answer it enveloped. */
  item: z.ZodType<T>;
  /** Its list page: `pageOf(item, name)`, built once at module level. */
  page: z.ZodType<Paginated<T>>;
  /** PascalCase, singular: `UtmTemplate` names listUtmTemplates, getUtmTemplate, createUtmTemplate, updateUtmTemplate, patchUtmTemplate, deleteUtmTemplate. */
  name: string;
  /** Singular, as in a sentence: `UTM template` makes "List UTM templates", "Get a UTM template", ... */
  label: string;
  /** One or two sentences per operation: what it does, its rules, what it answers (PUT and PATCH share `update`). */
  descriptions: Record<'list' | 'get' | 'create' | 'update' | 'delete', string>;
  /** Examples of the create operation's body and answer, typed by the caller. */
  createExamples?: { request: unknown; response: { data: T; status: 200 } };
}

export interface CrudOptions<
  T extends { id: number },
  CS extends z.ZodType,
  US extends z.ZodType,
  QS extends z.ZodType<ListQuery>,
> {
  tag: string;
  object: 'domain' | 'space' | 'pixel' | 'utm_template' | 'tag' | 'view';
  repo: CrudRepo<T, z.output<CS>, z.output<US>, z.output<QS>>;
  schemas: { create: CS; update: US; list: QS };
  /** A field whose UNIQUE constraint maps to "has already been taken.". */
  uniqueField: string;
  /** Refuses a create or update body (throws, e.g. a 422 naming the field) before the repo writes it. */
  check?: (body: z.output<CS> | z.output<US>) => void;
  docs: CrudDocs<T>;
  /**
   * Deletes through a recorded operation (operations/resource-delete.ts), which the answer carries: the delete
   * can be undone. Without it, the repo's plain delete.
   */
  recordedDelete?: (userId: number, id: number, actorId: number) => Promise<Operation | undefined>;
  /** Called after every write, with the id. */
  changed?: (id: number, kind: 'create' | 'update' | 'delete') => void;
  /** The read-only rule's options (shared/read-only.ts) beyond the owner's: create-only fields, normalising. */
  readOnly?: Omit<ReadOnlyOptions, 'owned'>;
}

export function crudRoutes<T extends { id: number }, CS extends z.ZodType, US extends z.ZodType, QS extends z.ZodType<ListQuery>>(
  fastify: FastifyInstance,
  opts: CrudOptions<T, CS, US, QS>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repo, schemas, object, docs } = opts;
  const tags = [opts.tag];
  const answer = envelope(docs.item);
  // One rule for what an update cannot write (identity, create-only fields), on every resource of an account.
  const readOnly = readOnlySpec(docs.item, schemas.update, { ...opts.readOnly, owned: true });
  guardOwned(fastify, readOnly, (userId, id) => repo.find(userId, id));
  const op = operationsOf(docs, readOnlyNote(readOnly));
  const taken = () => fieldError(opts.uniqueField, 'has already been taken.');
  const rethrow = (err: unknown): never => {
    throw isUniqueViolation(err) ? taken() : err;
  };
  const load = async (userId: number, rawId: string): Promise<T> => {
    const found = await repo.find(userId, parseId(rawId));
    if (!found) throw notFound();
    return found;
  };

  app.get('/', { schema: { tags, ...op.list, querystring: schemas.list, response: { 200: docs.page } } }, async (request) => {
    const q = request.query as z.output<QS>;
    const { rows, total } = await repo.list(request.workspace.id, q);
    return paginate(request, rows, total, q.page, q.per_page);
  });

  app.get('/:id', { schema: { tags, ...op.get, params: idParams, response: { 200: answer } } }, async (request) => ok(await load(request.workspace.id, request.params.id)));

  app.post('/', { schema: { tags, ...op.create, body: schemas.create, response: { 201: answer } } }, async (request, reply) => {
    const body = request.body as z.output<CS>;
    opts.check?.(body);
    const id = await repo.create(request.workspace.id, body).catch(rethrow);
    opts.changed?.(id, 'create');
    return reply.code(201).send(ok(await load(request.workspace.id, String(id))));
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]('/:id', { schema: { tags, ...op[method], params: idParams, body: schemas.update, response: { 200: answer } } }, async (request) => {
      const current = await load(request.workspace.id, request.params.id);
      const body = request.body as z.output<US>;
      opts.check?.(body);
      await repo.update(request.workspace.id, current.id, body).catch(rethrow);
      opts.changed?.(current.id, 'update');
      return ok(await load(request.workspace.id, request.params.id));
    });
  }

  const { recordedDelete } = opts;
  const plainDelete = repo.delete?.bind(repo);
  if (recordedDelete) {
    app.delete('/:id', { schema: { tags, ...op.delete, params: idParams, response: { 200: undoableDeleteResultObject } } }, async (request) => {
      const current = await load(request.workspace.id, request.params.id);
      const operation = await recordedDelete(request.workspace.id, current.id, request.user.id);
      if (!operation) throw notFound();
      opts.changed?.(current.id, 'delete');
      return { ...deleted(current.id, object), operation };
    });
  } else if (plainDelete) {
    app.delete('/:id', { schema: { tags, ...op.delete, params: idParams, response: { 200: deleteResultObject } } }, async (request) => {
      const current = await load(request.workspace.id, request.params.id);
      await plainDelete(request.workspace.id, current.id);
      opts.changed?.(current.id, 'delete');
      return deleted(current.id, object);
    });
  } else throw new Error(`${docs.name}: crudRoutes needs recordedDelete or a repo with delete`);
}

/** operationId, summary and description of each operation (and the create examples). */
function operationsOf<T>(docs: CrudDocs<T>, readOnly: string) {
  const { name, label, descriptions: d } = docs;
  const plural = `${label}s`;
  const a = `${/^[aeio]/i.test(label) ? 'an' : 'a'} ${label}`;
  return {
    list: { operationId: `list${name}s`, summary: `List ${plural}`, description: d.list },
    get: { operationId: `get${name}`, summary: `Get ${a}`, description: d.get },
    create: {
      operationId: `create${name}`,
      summary: `Create ${a}`,
      description: d.create,
      ...(docs.createExamples ? { 'x-examples': docs.createExamples } : {}),
    },
    put: { operationId: `update${name}`, summary: `Update ${a}`, description: `${d.update} ${readOnly} \`PATCH\` does the same.` },
    patch: { operationId: `patch${name}`, summary: `Update ${a} (PATCH)`, description: `${d.update} ${readOnly} Same as \`PUT\`.` },
    delete: { operationId: `delete${name}`, summary: `Delete ${a}`, description: d.delete },
  };
}
