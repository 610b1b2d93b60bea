// The public side on every host: `/` (the domain's homepage), `/{alias}` (the redirect, contract 4)
// and `/{alias}/+` (public statistics), answered by the app's engine (redirect-engine.plugin.ts, which
// flushes the clicks on app.close()).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyLimited } from '../auth/attempt-limits';
import { scheduleRetention } from '../clicks/retention';
import { REDIRECT_ENGINE } from './redirect-engine.plugin';
import { formAction, sendPage, sendRedirect, sendTooManyAttempts } from './respond';
import { passwordPage } from './pages/pages';
import { publicStatsRoutes } from './public-stats';
import type { FastPath } from './fast-path';

type AliasRequest = FastifyRequest<{ Params: { alias: string }; Body: unknown }>;

function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

/** `fast`: the server's fast path, handed the engine (null with LOG_REQUESTS, so every request is logged). */
async function redirectRoutes(app: FastifyInstance, opts: { fast: FastPath | null }): Promise<void> {
  const engine = app.redirectEngine;
  opts.fast?.attach(engine);
  // Closing: from now on Fastify answers everything (503 while closing), and the writer can be flushed.
  app.addHook('preClose', async () => opts.fast?.attach(null));
  const stopRetention = scheduleRetention(app.ctx.db, app.ctx.config.clickRetentionDays, (err) =>
    app.log.error({ err }, 'pruning click events failed'),
  );
  app.addHook('onClose', async () => stopRetention());

  // A short domain's root goes to its homepage; without one it is a 404 (or its not_found_url), so that
  // visitors of a brand's domain never land on this instance's dashboard. The default host opens the dashboard.
  app.get('/', async (request, reply) => {
    const domain = await engine.domainOf(request.raw);
    if (!domain) return sendRedirect(reply, '/dashboard/');
    if (domain.homepage_url) return sendRedirect(reply, domain.homepage_url);
    return engine.notFound(reply, domain);
  });

  // Synchronous when the link is cached on SQLite (no promise, no extra tick); a promise otherwise.
  app.get('/:alias', (request: AliasRequest, reply) => {
    const found = engine.lookup(request.raw, request.params.alias);
    if (found instanceof Promise) return found.then(({ domain, link }) => (link ? engine.visit(request, reply, link) : engine.notFound(reply, domain)));
    if (!found.link) return engine.notFound(reply, found.domain);
    return engine.visit(request, reply, found.link);
  });

  app.post('/:alias', async (request: AliasRequest, reply: FastifyReply) => {
    const { domain, link } = await engine.lookup(request.raw, request.params.alias);
    if (!link) return engine.notFound(reply, domain);
    const password = field(request.body, 'password');
    if (password !== undefined && link.redirect_password_hash && !link.disabled) {
      const hash = link.redirect_password_hash;
      // The attempt takes its slot before the hash is compared (a success clears the visitor's attempts).
      const verdict = await verifyLimited(engine.attempts, `pw|${engine.ipOf(request.raw)}|${link.id}`, password, hash);
      if (!verdict.ok && verdict.retryAfter) return sendTooManyAttempts(reply, verdict.retryAfter);
      if (!verdict.ok) return sendPage(reply, 401, passwordPage({ action: formAction(request.url), purpose: 'redirect', error: 'Wrong password. Try again.' }));
      // Re-read: the link may have changed while the password was being checked.
      const fresh = (await engine.lookup(request.raw, request.params.alias)).link;
      if (!fresh) return engine.notFound(reply, domain);
      const granted = fresh.redirect_password_hash === hash;
      return engine.visit(request, reply, fresh, {
        passwordOk: granted,
        setCookie: granted ? engine.grants.issue('pw', fresh.id, hash, engine.secure(request), fresh.alias) : undefined,
      });
    }
    if (field(request.body, 'consent') === '1' && link.sensitive) {
      return engine.visit(request, reply, link, {
        consentOk: true,
        setCookie: engine.grants.issue('ok', link.id, '', engine.secure(request), link.alias),
      });
    }
    return engine.visit(request, reply, link);
  });

  await app.register(publicStatsRoutes, { engine });
}

export const redirectPlugin = fp(redirectRoutes, { name: 'linkdeck-redirect-routes', dependencies: [REDIRECT_ENGINE], encapsulate: true });
