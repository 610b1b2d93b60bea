// The API v1 scope: auth, rate limit, OpenAPI and every resource's routes.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { pgRateLimitStore } from './http/pg-rate-limit-store';
import { registerAuth, apiKeyOf } from './auth/auth.hook';
import { openApiPlugin, isPublicApiPath } from './openapi/openapi.plugin';
import { sendError, notFound } from './http/errors';
import { foldBrackets } from '../shared/query-params';
import { domainsRoutes } from './domains/domains.routes';
import { linksRoutes } from './links/links.routes';
import { linksBulkRoutes } from './links/links.bulk.routes';
import { aliasAvailabilityRoutes } from './links/alias-availability.routes';
import { revisionsRoutes } from './links/history/revisions.routes';
import { operationsRoutes } from './operations/operations.routes';
import { spacesRoutes } from './spaces/spaces.routes';
import { utmTemplatesRoutes } from './utm-templates/utm-templates.routes';
import { tagsRoutes } from './tags/tags.routes';
import { viewsRoutes } from './views/views.routes';
import { qrAccountRoutes, qrRoutes } from './qr/qr.routes';
import { ogImagesRoutes } from './previews/og-images';
import { pixelsRoutes } from './pixels/pixels.routes';
import { usersRoutes } from './users/users.routes';
import { accountRoutes } from './account/account.routes';
import { workspacesRoutes } from './workspaces/workspaces.routes';
import { membersRoutes } from './workspaces/members.routes';
import { invitationsRoutes, invitationTokenRoutes } from './workspaces/invitations.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { statsRoutes } from './stats/stats.routes';
import { liveRoutes } from './live/live.routes';
import { visitorRoutes } from './visitor/visitor.routes';
import { importsRoutes } from './imports/imports.routes';
import { exportsRoutes } from './exports/exports.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { auditRoutes } from './audit/audit.routes';
import { instanceAuditRoutes } from './audit/instance-audit.routes';

export async function apiPlugin(app: FastifyInstance): Promise<void> {
  const { config, db } = app.ctx;
  if (config.apiRateLimit > 0) {
    await app.register(rateLimit, {
      // Several instances on PostgreSQL count together; one SQLite process counts in memory.
      ...(db.dialect === 'postgres' ? { store: pgRateLimitStore(db.pool) } : {}),
      max: config.apiRateLimit,
      timeWindow: 60_000,
      hook: 'onRequest',
      keyGenerator: (request) => {
        const key = apiKeyOf(request);
        return key ? `k:${createHash('sha256').update(key).digest('base64url')}` : `ip:${request.ip}`;
      },
      addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
      errorResponseBuilder: () => ({ statusCode: 429, message: 'Too Many Requests.', status: 429 }),
    });
  }
  // Bodies that are absent or null (POST with no body) validate as an empty object: "url is required".
  app.addHook('preValidation', (request, _reply, done) => {
    if ((request.body === undefined || request.body === null) && request.method !== 'GET' && request.method !== 'DELETE') {
      request.body = {};
    }
    // The list filters' `tag[]=a&tag[]=b` (bracket notation, as in form bodies) is `tag`.
    const query = request.query as Record<string, unknown> | undefined;
    if (query) request.query = foldBrackets(query);
    done();
  });
  await app.register(openApiPlugin);
  registerAuth(app, isPublicApiPath);

  await app.register(domainsRoutes, { prefix: '/domains' });
  await app.register(linksRoutes, { prefix: '/links' });
  // /links/bulk is a static path: /links/:id does not shadow it.
  await app.register(linksBulkRoutes, { prefix: '/links' });
  await app.register(aliasAvailabilityRoutes, { prefix: '/links' });
  await app.register(revisionsRoutes, { prefix: '/links' });
  await app.register(qrRoutes, { prefix: '/links' });
  await app.register(ogImagesRoutes, { prefix: '/og-images' });
  await app.register(operationsRoutes, { prefix: '/operations' });
  await app.register(spacesRoutes, { prefix: '/spaces' });
  await app.register(utmTemplatesRoutes, { prefix: '/utm-templates' });
  await app.register(tagsRoutes, { prefix: '/tags' });
  await app.register(viewsRoutes, { prefix: '/views' });
  await app.register(pixelsRoutes, { prefix: '/pixels' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(accountRoutes, { prefix: '/account' });
  await app.register(workspacesRoutes, { prefix: '/workspaces' });
  await app.register(membersRoutes, { prefix: '/workspaces' });
  await app.register(invitationsRoutes, { prefix: '/workspaces' });
  await app.register(apiKeysRoutes, { prefix: '/workspaces' });
  await app.register(invitationTokenRoutes, { prefix: '/invitations' });
  await app.register(qrAccountRoutes, { prefix: '/account' });
  await app.register(statsRoutes, { prefix: '/stats' });
  // /stats/live: a static path, never shadowed by /stats/:link_id.
  await app.register(liveRoutes, { prefix: '/stats' });
  await app.register(visitorRoutes, { prefix: '/visitor' });
  await app.register(webhooksRoutes, { prefix: '/webhooks' });
  await app.register(auditRoutes, { prefix: '/audit-log' });
  await app.register(instanceAuditRoutes, { prefix: '/instance' });
  // /links/import, /links/export and /stats/export: static paths, never shadowed by /links/:id.
  await app.register(importsRoutes);
  await app.register(exportsRoutes);

  app.all('/*', { schema: { hide: true } }, async (_request, reply) => sendError(reply, notFound()));
}
