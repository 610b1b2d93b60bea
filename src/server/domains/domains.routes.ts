import type { FastifyInstance } from 'fastify';
import { domainCreateSchema, domainListQuerySchema, domainUpdateSchema, normaliseDomainName } from '../../shared/domain.schema';
import { domainObject } from '../../shared/objects/domain.object';
import { pageOf } from '../../shared/objects/common.object';
import { crudRoutes } from '../http/crud';
import { fieldError } from '../http/errors';
import { DomainsRepo } from './domains.repo';
import { domainCreateExample, domainExample } from './domains.examples';
import { reservedHostsOf, warnReservedDomains } from './reserved-hosts';
import { UNDONE_WITHIN_24_HOURS, recordedDelete } from '../operations/resource-delete';
import { guardDomains } from './domain-guards';
import { domainVerificationRoutes } from './domain-verification.routes';

const domainPage = pageOf(domainObject, 'Domain');

export async function domainsRoutes(app: FastifyInstance): Promise<void> {
  const reserved = reservedHostsOf(app.ctx.config);
  await warnReservedDomains(app.ctx.db.kysely, reserved, app.log);
  const repo = new DomainsRepo(app.ctx.db.kysely, app.ctx.config.baseUrl);
  // `shared` is the instance admin's, whose domains are verified at once; shared domains are read-only elsewhere.
  guardDomains(app, repo);
  crudRoutes(app, {
    // Read-only on update: the name (compared in any spelling of the host), besides the domain's identity.
    readOnly: {
      createOnly: { name: 'a domain keeps the name it was created with; add a new domain for another name' },
      normalise: { name: (v) => (typeof v === 'string' ? (normaliseDomainName(v) ?? v) : v) },
    },
    tag: 'Domains',
    object: 'domain',
    repo,
    schemas: { create: domainCreateSchema, update: domainUpdateSchema, list: domainListQuerySchema },
    docs: {
      item: domainObject,
      page: domainPage,
      name: 'Domain',
      label: 'domain',
      descriptions: {
        list: "One page of your domains and the domains the instance admin shares with every workspace (`shared` true; `owned` false when another workspace's), newest first by default; `search` matches the name, `sort_by` is `id` or `name`; `total` is exact.",
        get: 'One of your domains, or a shared one, with its URL, the number of links on it and whether it is verified.',
        create:
          '`name` is a hostname (scheme, path, port and a trailing dot are stripped, it is lower-cased, an IDN becomes punycode) that no verified domain of the instance has (an unverified one is a claim: several workspaces may claim a name, the first to prove its DNS records gets it and the other claims are marked lost in `check_error`; a claim is checked for 7 days) and this workspace has not added yet, and not the host of `BASE_URL` or one in `RESERVED_HOSTS` (422: "is reserved by this instance"), for admins too. `https` (default 1) sets the scheme of its short URLs and QR codes; `homepage_url` and `not_found_url` are optional redirects for `/` and unknown aliases. A domain takes traffic once verified: one the instance admin creates is verified at once, any other once its DNS records are right (`GET /domains/{id}/verification`). `shared` 1 (the instance admin only; 403 naming the field for anyone else) lets the links of every workspace use it. Answers 201 with the domain.',
        update:
          `Changes \`homepage_url\`, \`not_found_url\` (an empty value clears), \`https\` and, for the instance admin only (403 naming the field for anyone else), \`shared\`; fields not sent keep their values. The name cannot change. Another workspace's shared domain is read-only (403).`,
        delete: `Deletes the domain and every link on it, with the links' click history. ${UNDONE_WITHIN_24_HOURS}, with the same id, and its links with their ids, clicks and statistics (409 when a domain of that name exists again).`,
      },
      createExamples: { request: domainCreateExample, response: { data: domainExample, status: 200 } },
    },
    // Names are unique among verified domains and per workspace (migration 029); crudRoutes answers a violation as a 422 on `name`.
    uniqueField: 'name',
    recordedDelete: recordedDelete(app, 'domain'),
    // A reserved host is refused for everyone, admins too: it is the instance's default domain (or one kept free).
    check: (body) => {
      if ('name' in body && reserved.has(body.name)) throw fieldError('name', 'is reserved by this instance.');
    },
    changed: (id) => {
      app.ctx.changes.emit('domain', id);
      app.ctx.changes.emit('reset');
    },
  });
  // GET /domains/{id}/verification and POST /domains/{id}/verify.
  await app.register(domainVerificationRoutes);
}
