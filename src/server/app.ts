// Builds the Fastify app: API v1, dashboard, health and the public redirect. Listening is main.ts's job.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import qs from 'qs';
import { validatorCompiler } from '@fastify/type-provider-zod';
import { responseSerializer } from './http/serializer';
import type { Config } from './config';
import type { Db } from './db/database';
import { openStorage } from './db/storage';
import { PgChangeBridge } from './db/postgres/pg-changes';
import { Changes, type AppContext } from './context';
import { linksCorePlugin } from './links/core/links-core.plugin';
import { registerErrorHandling, sendError, notFound, HttpError } from './http/errors';
import { notFoundPage } from './redirect/pages/pages';
import { sendPage } from './redirect/respond';
import { apiPlugin } from './api';
import { healthRoutes } from './backup/health.routes';
import { dashboardPlugin } from './dashboard/dashboard.plugin';
import { redirectPlugin } from './redirect/redirect.plugin';
import { redirectEnginePlugin } from './redirect/redirect-engine.plugin';
import { webhooksPlugin } from './webhooks/webhooks.plugin';
import { heavyPlugin } from './workers/heavy.plugin';
import { importsPlugin } from './imports/imports.plugin';
import { domainChecksPlugin } from './domains/domain-checks.plugin';
import { auditPlugin } from './audit/audit.plugin';
import { FastPath } from './redirect/fast-path';
import { ogImagesPublic } from './previews/og-images';
import { Outbound } from './outbound/outbound';
import { LiveClicks } from './live/live-clicks';
import { trustFunction } from './http/client-address';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent the app opens its storage (storage.ts) and closes it on app.close(). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT = 512 * 1024;

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const fast = new FastPath();
  const app = Fastify({
    // Plain redirects are answered before Fastify routes (redirect/fast-path.ts); app.inject() goes
    // straight to Fastify's handler, so the tests of the fast path use a listening server.
    serverFactory: (handler, options) => fast.createServer(handler, options, (err) => app.log.error({ err }, 'redirect fast path failed')),
    logger: opts.logger ?? false,
    // Two log lines per redirect would cost more than the redirect itself; LOG_REQUESTS=1 turns them on.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // The same compiled function as the redirect's (client-address.ts): request.ip and its clientIp agree.
    trustProxy: trustFunction(config.trustProxy) ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    return503OnClosing: true,
    // A malformed or overlong URL: the API's error shape under /api, else the public 404 page.
    frameworkErrors: (error, request, reply) => {
      if (!request.url.startsWith('/api/')) return sendPage(reply, 404, notFoundPage());
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendError(reply, new HttpError(tooLong ? 414 : 400, tooLong ? 'The URL is too long.' : 'The URL is not valid.'));
    },
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.checkResponses));

  const db = opts.db ?? (await openStorage(config));
  const outbound = new Outbound({ allowPrivate: config.allowPrivateFetch, allowAddresses: config.fetchAllowAddresses });
  const live = new LiveClicks(db.kysely, (err) => app.log.warn({ err }, 'live clicks'));
  const ctx: AppContext = { config, db, changes: new Changes(), outbound, live };
  app.decorate('ctx', ctx);
  // Before the server stops accepting: the open event streams end, or app.close() would wait for them.
  app.addHook('preClose', async () => live.close());
  app.addHook('onClose', async () => outbound.close());
  app.decorateRequest('user', null as never);
  if (!opts.db) app.addHook('onClose', async () => db.close());
  if (db.dialect === 'postgres') {
    // Several instances behave as one: every change made here is announced to the others and back.
    const bridge = await PgChangeBridge.start(db.url, db.pool, ctx.changes, (err) => app.log.warn({ err }, 'change notifications'));
    app.addHook('onClose', async () => bridge.close());
  }

  await app.register(formbody, {
    bodyLimit: BODY_LIMIT,
    // qs drops the fields past parameterLimit without a word: refuse such a body instead of losing its tail.
    parser: (body: string) => {
      if (fieldCount(body) > FORM_FIELD_LIMIT) {
        throw new HttpError(413, `The form body has more than ${FORM_FIELD_LIMIT.toLocaleString('en')} fields; send a larger request as JSON.`);
      }
      return qs.parse(body, { arrayLimit: 200, depth: 3, parameterLimit: FORM_FIELD_LIMIT, allowDots: false });
    },
  });
  await app.register(cookie);
  registerErrorHandling(app);

  await app.register(healthRoutes);
  // The app's services, each a named plugin that declares what it needs (checked at boot).
  await app.register(heavyPlugin);
  await app.register(webhooksPlugin);
  await app.register(linksCorePlugin);
  await app.register(redirectEnginePlugin);
  await app.register(domainChecksPlugin);
  await app.register(importsPlugin);
  // Before the API: it sees every API route as it is added, and records their writes (audit/audit.plugin.ts).
  await app.register(auditPlugin);
  await app.register(apiPlugin, { prefix: '/api/v1' });
  await app.register(dashboardPlugin);
  await app.register(ogImagesPublic);
  await app.register(redirectPlugin, { fast: config.logRequests ? null : fast });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return sendError(reply, notFound());
    return sendPage(reply, 404, notFoundPage());
  });
  return app;
}

/** Fields of a form body, at most parameterLimit of them parsed by qs. */
const FORM_FIELD_LIMIT = 2000;

/** How many `&`-separated fields a form body has (an empty body has none). */
export function fieldCount(body: string): number {
  if (body === '') return 0;
  let n = 1;
  for (let i = body.indexOf('&'); i >= 0; i = body.indexOf('&', i + 1)) n++;
  return n;
}
