// The read-only rule (shared/read-only.ts) on a resource's PUT and PATCH /:id. A body's schema drops the fields
// it does not take, so the read-only ones are picked from the body as sent, before validation. With `load`, they
// are compared here, after validation (so that the body's own errors come first, as on every write) and before
// the handler; without it, the handler passes them on (`sentReadOnly`) to where the comparison is made (links:
// the links core's checks).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickReadOnly, readOnlyIssues, type ReadOnlySpec } from '../shared/read-only';
import { validationError } from './http/errors';
import { parseId } from './http/pagination';

const sentBy = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** The read-only fields the body of this PUT or PATCH carried, as sent (empty when none). */
export function sentReadOnly(request: FastifyRequest): Record<string, unknown> {
  return sentBy.get(request) ?? {};
}

const isUpdate = (request: FastifyRequest) => (request.method === 'PUT' || request.method === 'PATCH') && !!request.routeOptions.url?.endsWith('/:id');

/**
 * Applies the rule to the PUT and PATCH /:id routes of this plugin. `load`: the resource as GET answers it (and
 * the fields it keeps hidden, such as `user_id`), or undefined when it is not the caller's (the handler answers 404).
 */
export function guardReadOnly(
  app: FastifyInstance,
  spec: ReadOnlySpec,
  load?: (request: FastifyRequest, id: number) => Promise<Record<string, unknown> | undefined>,
): void {
  app.addHook('preValidation', async (request) => {
    if (!isUpdate(request)) return;
    const sent = pickReadOnly(request.body, spec);
    if (Object.keys(sent).length) sentBy.set(request, sent);
  });
  if (!load) return;
  app.addHook('preHandler', async (request) => {
    const sent = sentBy.get(request);
    if (!sent) return;
    const current = await load(request, parseId((request.params as { id: string }).id));
    if (!current) return;
    const issues = readOnlyIssues(sent, current, spec);
    if (issues.length) throw validationError(issues);
  });
}

/** The rule for a resource of the caller's account (a spec with `owned`): `find` gives it as GET answers it. */
export function guardOwned(app: FastifyInstance, spec: ReadOnlySpec, find: (userId: number, id: number) => Promise<object | undefined>): void {
  guardReadOnly(app, spec, async (request, id) => {
    const found = await find(request.workspace.id, id);
    return found && { ...found, user_id: request.workspace.id };
  });
}
