// The links core of one app: the write pipeline, the title fetcher it feeds and the service the routes
// use, decorated as `app.links` by a named plugin. Plugins that write links (imports) declare it among
// their dependencies, so that a missing core fails at boot; it needs the webhooks, which hear of every change.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LinkWriter } from './link-writer';
import { LinksRepo } from '../links.repo';
import { LinksService } from '../links.service';
import { fetchTitle, TitleQueue } from '../title-fetcher';
import { purgeRevisions } from '../history/revisions.repo';
import { WEBHOOKS } from '../../webhooks/webhooks.plugin';

export interface LinksCore {
  writer: LinkWriter;
  service: LinksService;
  /** New links' titles, fetched in the background (tests wait for it to be idle). */
  titles: TitleQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    links: LinksCore;
  }
}

export const LINKS_CORE = 'linkdeck-links-core';

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

export const linksCorePlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const repo = new LinksRepo(ctx.db.kysely);
    const titles = new TitleQueue(async (id, url) => {
      const title = await fetchTitle(ctx.outbound, url);
      if (title && (await repo.setTitleIfEmpty(id, title))) ctx.changes.emit('link', id);
    });
    const requestTitle = (userId: number, id: number, url: string) => {
      if (ctx.config.fetchTitles) titles.request(userId, id, url);
    };
    // The pipeline announces links through the service's presenter (made just below; called only later).
    const writer: LinkWriter = new LinkWriter(ctx, requestTitle, { hooks: app.webhooks, present: (ids) => service.presentIds(ids) });
    const service = new LinksService(ctx, writer);
    app.decorate('links', { writer, titles, service });
    // A deleted link's history is kept for HISTORY_DAYS, then dropped: at start and every hour.
    const purge = () =>
      void purgeRevisions(ctx.db.kysely, new Date(Date.now() - ctx.config.historyDays * DAY_MS).toISOString()).catch((err: unknown) =>
        app.log.warn({ err }, 'link history purge'),
      );
    const timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => purge());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await titles.idle();
    });
  },
  { name: LINKS_CORE, fastify: '5.x', decorators: { fastify: ['ctx'] }, dependencies: [WEBHOOKS] },
);
