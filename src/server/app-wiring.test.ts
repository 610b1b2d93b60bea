// Explicit wiring: the app's services (heavy-work pool, webhooks, redirect engine, import runner)
// are named plugins, and every plugin that uses one names it among its dependencies. An app built without one
// fails at boot with Fastify's own error, never later; and webhook events cannot be dropped for want of a hub:
// whatever reports them cannot be made without one (by type) or booted without one (by dependency).
import { LINKS_CORE, linksCorePlugin } from './links/core/links-core.plugin';
import Fastify, { type FastifyPluginAsync, type FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from './context';
import { createTestApp, type TestApp } from './test-utils/test-app';
import { create } from './test-utils/api';
import { createLink, visit } from './redirect/test-helpers';
import { RECEIVER_HOST } from './test-utils/webhook-receiver';
import { HEAVY } from './workers/heavy.plugin';
import { WEBHOOKS } from './webhooks/webhooks.plugin';
import { REDIRECT_ENGINE, redirectEnginePlugin } from './redirect/redirect-engine.plugin';
import { IMPORTS, importsPlugin } from './imports/imports.plugin';
import { redirectPlugin } from './redirect/redirect.plugin';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { importsRoutes } from './imports/imports.routes';
import { exportsRoutes } from './exports/exports.routes';
import { qrAccountRoutes, qrRoutes } from './qr/qr.routes';
import { RedirectEngine } from './redirect/redirect.engine';
import { ImportRunner } from './imports/import-job';
import type { ImportsRepo } from './imports/imports.repo';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins of any options
type AnyPlugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

/** Each plugin that uses a service, and the services it must name: the boot check is only as good as these. */
const NEEDS: [string, AnyPlugin, string[]][] = [
  ['the redirect engine', redirectEnginePlugin, [WEBHOOKS]],
  ['the import runner', importsPlugin, [WEBHOOKS, LINKS_CORE]],
  ['the links core (write pipeline)', linksCorePlugin, [WEBHOOKS]],
  ['the public redirect routes', redirectPlugin, [REDIRECT_ENGINE]],
  ['the webhooks routes', webhooksRoutes, [WEBHOOKS]],
  ['the imports routes', importsRoutes, [HEAVY, IMPORTS]],
  ['the exports routes', exportsRoutes, [HEAVY]],
  ['the QR code routes', qrRoutes, [HEAVY]],
  ['the QR style routes', qrAccountRoutes, [HEAVY]],
];

/** A plugin that only carries a name: it stands in for a service that a test leaves registered. */
const standIn = (name: string) => fp(async () => undefined, { name });

/** Boots a bare app with `ctx` decorated (as app.ts does) and `plugins` in order; the boot error, if any. */
async function bootError(plugins: AnyPlugin[]): Promise<unknown> {
  const app = Fastify();
  app.decorate('ctx', {} as AppContext);
  for (const plugin of plugins) void app.register(plugin);
  try {
    await app.ready();
    return null;
  } catch (err) {
    return err;
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('a missing dependency fails at boot', () => {
  for (const [label, plugin, needs] of NEEDS) {
    for (const missing of needs) {
      it(`${label} without ${missing}`, async () => {
        const others = needs.filter((n) => n !== missing).map(standIn);
        const err = await bootError([...others, plugin]);
        expect(err).toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
        expect((err as Error).message).toContain(`'${missing}'`);
      });
    }
  }

  it('is reported before the plugin runs, so nothing of it starts (no engine, no threads, no timers)', async () => {
    let ran = false;
    const probe = fp(async () => void (ran = true), { name: 'probe', dependencies: [WEBHOOKS] });
    expect(await bootError([probe])).toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    expect(ran).toBe(false);
  });
});

describe('webhook events are never dropped for want of a hub', () => {
  it('every plugin that reports them names the webhooks plugin', async () => {
    for (const plugin of [redirectEnginePlugin, importsPlugin, webhooksRoutes]) {
      expect(await bootError([plugin])).toMatchObject({ message: expect.stringContaining(`'${WEBHOOKS}'`) });
    }
  });

  /** Never called: `tsc` checks that the engine and the import runner cannot be made without a place to report to. */
  function withoutHub(ctx: AppContext, repo: ImportsRepo) {
    // @ts-expect-error -- the engine reports every counted click and every ended link: it takes a VisitReports
    void RedirectEngine.create(ctx, undefined, () => undefined);
    // @ts-expect-error -- an import announces the links it writes: the runner takes the links pipeline
    return new ImportRunner(ctx, undefined, repo, () => undefined);
  }
  void withoutHub;

  describe('in the built app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ fetchAllowAddresses: [RECEIVER_HOST], webhookPollMs: 0 });
    });
    afterAll(async () => t.close());

    it("the redirect reports to the app's webhooks: an ended link and a reached limit, with the redirect's own count", async () => {
      const hook = await create(t, t.userKey, 'webhooks', [['url', `http://${RECEIVER_HOST}/in`], ['events[]', 'link.limit_reached'], ['events[]', 'link.expired']]);
      await t.app.webhooks.start(); // sees that clicks are now wanted (the loop does not run: webhookPollMs 0)
      await createLink(t, { url: 'https://example.com/limited', alias: 'wired-limited', clicks_limit: 2 });
      await createLink(t, { url: 'https://example.com/ended', alias: 'wired-ended', active_period_end_at: '2020-01-01 00:00' });
      for (const path of ['/wired-limited', '/wired-limited', '/wired-limited', '/wired-ended']) await visit(t, path);
      // Stored straight from what the redirect reported; on SQLite its clicks may not be written yet.
      await t.app.webhooks.storeReported();
      const rows = await t.query<{ event: string; payload: string }>('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = ? ORDER BY event', hook.id);
      const got = rows.map((r) => {
        const data = JSON.parse(r.payload).data as { link: { alias: string }; clicks?: number };
        return [r.event, data.link.alias, data.clicks];
      });
      expect(got).toEqual([
        ['link.expired', 'wired-ended', undefined],
        ['link.limit_reached', 'wired-limited', 2],
      ]);
    });
  });
});
