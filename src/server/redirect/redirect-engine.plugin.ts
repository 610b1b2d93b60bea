// The redirect engine of one app (redirect.engine.ts), made at boot and decorated as `app.redirectEngine`:
// the public routes and the fast path use it, and it reports visits to the app's webhooks, which it takes
// as a dependency (an app without them fails at boot). Its clicks are flushed on app.close().
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RedirectEngine } from './redirect.engine';
import { WEBHOOKS } from '../webhooks/webhooks.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The redirect over either database (tests flush its click writer through it). */
    redirectEngine: RedirectEngine;
  }
}

export const REDIRECT_ENGINE = 'linkdeck-redirect-engine';

export const redirectEnginePlugin = fp(
  async (app: FastifyInstance) => {
    const engine = await RedirectEngine.create(app.ctx, app.webhooks, (err) => app.log.error({ err }, 'writing clicks failed'));
    app.decorate('redirectEngine', engine);
    app.addHook('onClose', async () => engine.close());
  },
  { name: REDIRECT_ENGINE, fastify: '5.x', decorators: { fastify: ['ctx'] }, dependencies: [WEBHOOKS] },
);
