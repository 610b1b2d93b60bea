// `/{alias}/+`: the link's public statistics. privacy 0: anyone; 1: a 404 page for everyone;
// 2: the statistics password first (remembered in a signed cookie for that link only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/secrets';
import { StatsRepo } from '../stats/stats.repo';
import type { RedirectEngine } from './redirect.engine';
import type { CachedLink } from './link-cache';
import { sendPage } from './respond';
import { notFoundPage, passwordPage, tooManyAttemptsPage } from './pages/pages';
import { statsPage } from './pages/stats-page';

type AliasRequest = FastifyRequest<{ Params: { alias: string }; Body: unknown }>;

export async function publicStatsRoutes(app: FastifyInstance, opts: { engine: RedirectEngine }): Promise<void> {
  const { engine } = opts;
  const repo = new StatsRepo(app.ctx.db.kysely);

  /** The link when its statistics may be shown at all (exists, not disabled, not private). */
  const visible = async (request: AliasRequest): Promise<CachedLink | null> => {
    const { link } = await engine.lookup(request.raw, request.params.alias);
    if (!link || link.disabled || link.privacy === 1) return null;
    if (link.privacy === 2 && !link.password_hash) return null;
    return link;
  };

  app.get('/:alias/+', async (request: AliasRequest, reply) => {
    const link = await visible(request);
    if (!link) return sendPage(reply, 404, notFoundPage());
    if (link.privacy === 2 && !engine.grants.has(request.cookies, 'st', link.id, link.password_hash)) {
      return sendPage(reply, 200, passwordPage({ action: request.url, purpose: 'stats' }));
    }
    return sendPage(reply, 200, await statsPage(repo, link));
  });

  app.post('/:alias/+', async (request: AliasRequest, reply) => {
    const link = await visible(request);
    if (!link) return sendPage(reply, 404, notFoundPage());
    if (link.privacy !== 2 || !link.password_hash) return sendPage(reply, 200, await statsPage(repo, link));
    const body = request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    const key = `stats|${engine.ipOf(request.raw)}|${link.id}`;
    const wait = await engine.attempts.retryAfter(key);
    if (wait) return sendPage(reply.header('retry-after', String(wait)), 429, tooManyAttemptsPage(wait));
    if (!(await verifyPassword(password.slice(0, 256), link.password_hash))) {
      await engine.attempts.fail(key);
      return sendPage(reply, 401, passwordPage({ action: request.url, purpose: 'stats', error: 'Wrong password. Try again.' }));
    }
    await engine.attempts.reset(key);
    reply.header('set-cookie', engine.grants.issue('st', link.id, link.password_hash, engine.secure(request), link.alias));
    return sendPage(reply, 200, await statsPage(repo, link));
  });
}
