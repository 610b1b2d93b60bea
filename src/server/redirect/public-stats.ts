// `/{alias}/+`: the link's public statistics. privacy 0: anyone; 1: a 404 page for everyone;
// 2: the statistics password first (remembered in a signed cookie for that link only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyLimited } from '../auth/attempt-limits';
import { StatsRepo } from '../stats/stats.repo';
import type { RedirectEngine } from './redirect.engine';
import type { CachedLink } from './link-cache';
import { formAction, sendPage, sendTooManyAttempts } from './respond';
import { notFoundPage, passwordPage } from './pages/pages';
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
      return sendPage(reply, 200, passwordPage({ action: formAction(request.url), purpose: 'stats' }));
    }
    return sendPage(reply, 200, await statsPage(repo, link));
  });

  app.post('/:alias/+', async (request: AliasRequest, reply) => {
    const link = await visible(request);
    if (!link) return sendPage(reply, 404, notFoundPage());
    if (link.privacy !== 2 || !link.password_hash) return sendPage(reply, 200, await statsPage(repo, link));
    const body = request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    const verdict = await verifyLimited(engine.attempts, `st|${engine.ipOf(request.raw)}|${link.id}`, password, link.password_hash);
    if (!verdict.ok && verdict.retryAfter) return sendTooManyAttempts(reply, verdict.retryAfter);
    if (!verdict.ok) return sendPage(reply, 401, passwordPage({ action: formAction(request.url), purpose: 'stats', error: 'Wrong password. Try again.' }));
    reply.header('set-cookie', engine.grants.issue('st', link.id, link.password_hash, engine.secure(request), link.alias));
    return sendPage(reply, 200, await statsPage(repo, link));
  });
}
