// The app's DNS checks of custom domains (domain-checks.ts), made once at boot and decorated as `app.domainChecks`
// (the API's verification routes use it), with their periodic worker (DOMAIN_CHECK_EVERY; stopped on close), and
// the public `GET /domains/allowed?domain={host}` that a reverse proxy with on-demand TLS asks before it gets a
// certificate for a host (Caddy's `on_demand_tls { ask }`): 200 for a verified domain and for the instance's own
// hosts (BASE_URL's and RESERVED_HOSTS), else 404. No key; it reads the redirect's domain cache, which answers
// only verified domains (redirect/link-source.ts), so it costs no more than a visit.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DomainChecks } from './domain-checks';
import { reservedHostsOf } from './reserved-hosts';
import { hostOf } from '../redirect/destination';
import { REDIRECT_ENGINE } from '../redirect/redirect-engine.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks of custom domains' DNS records (domain-checks.ts). */
    domainChecks: DomainChecks;
  }
}

export const DOMAIN_CHECKS = 'linkdeck-domain-checks';

export const domainChecksPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db, changes } = app.ctx;
    const checks = new DomainChecks(db.kysely, config, changes);
    app.decorate('domainChecks', checks);
    if (config.domainCheckEveryMs) {
      const stop = checks.schedule(config.domainCheckEveryMs, (err) => app.log.warn({ err }, 'checking domains failed'));
      app.addHook('preClose', stop);
    }

    const own = reservedHostsOf(config);
    const engine = app.redirectEngine;
    app.get('/domains/allowed', { schema: { hide: true } }, async (request, reply) => {
      const raw = (request.query as Record<string, unknown>).domain;
      const host = typeof raw === 'string' ? hostOf(raw) : '';
      const allowed = host !== '' && (own.has(host) || (await engine.cache.domainFor(host)) !== null);
      return reply
        .code(allowed ? 200 : 404)
        .header('cache-control', 'no-store')
        .send(allowed ? { allowed: true, domain: host } : { allowed: false });
    });
  },
  { name: DOMAIN_CHECKS, fastify: '5.x', decorators: { fastify: ['ctx', 'redirectEngine'] }, dependencies: [REDIRECT_ENGINE] },
);
