// The instance admin's part in domains, on the domains routes' writes, before their handlers:
// - only the instance admin (request.user.role 'admin') sets `shared`: anyone else sending a value other than the
//   domain's own gets 403 naming the field (a body that repeats the domain as GET answers it is fine);
// - a domain the instance admin creates takes traffic at once (it is marked verified for the repo's create);
// - a name verified anywhere is taken (422 on `name`); an unverified claim of it is not;
// - another workspace's shared domain, listed so that links may use it, is read-only: 403 on update and delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DomainCreateInput, DomainsRepo } from './domains.repo';
import { HttpError, fieldError } from '../http/errors';
import { parseId } from '../http/pagination';

const SHARED_BY_ADMIN = 'The shared field can be set by the instance admin only.';
const READ_ONLY_HERE = "This domain is shared with every workspace by the instance admin: it is read-only outside its own workspace.";

const isAdmin = (request: FastifyRequest) => request.user.role === 'admin';
const onItem = (request: FastifyRequest) => !!request.routeOptions.url?.endsWith('/:id');
const onList = (request: FastifyRequest) => /\/domains\/?$/.test(request.routeOptions.url ?? '');

function sharedRefused(): HttpError {
  return new HttpError(403, SHARED_BY_ADMIN, { shared: [SHARED_BY_ADMIN] });
}

export function guardDomains(app: FastifyInstance, repo: DomainsRepo): void {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'POST' && onList(request)) {
      const body = request.body as DomainCreateInput;
      if (isAdmin(request)) body.verified = true;
      else if (body.shared === 1) throw sharedRefused();
      // A name proven by someone's DNS is taken; an unverified claim is not (migration 029). Who holds it is not said.
      if (typeof body.name === 'string' && (await repo.nameVerified(body.name))) throw fieldError('name', 'has already been taken.');
      return;
    }
    if (!onItem(request) || !['PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    // Not found: the handler answers 404 as for any other id.
    const current = await repo.find(request.workspace.id, parseId((request.params as { id: string }).id));
    if (!current) return;
    if (!current.owned) throw new HttpError(403, READ_ONLY_HERE);
    const shared = (request.body as { shared?: 0 | 1 } | undefined)?.shared;
    if (request.method !== 'DELETE' && shared !== undefined && shared === 1 !== current.shared && !isAdmin(request)) throw sharedRefused();
  });
}
