// The webhooks of one app (webhook-hub.ts), made at boot and decorated as `app.webhooks`: its loop starts
// once the app is ready and stops on app.close(), storing what it was told (nothing queued is lost). Every
// plugin that reports webhook events (the redirect engine, imports, the webhooks routes) names this one
// among its dependencies, so an app without it fails at boot instead of dropping their events.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { WebhookHub } from './webhook-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Link events in, stored deliveries out (tests move its clock and run its loop). */
    webhooks: WebhookHub;
  }
}

export const WEBHOOKS = 'linkdeck-webhooks';

export const webhooksPlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const hub = new WebhookHub(ctx, { pollMs: ctx.config.webhookPollMs, onError: (err) => app.log.error({ err }, 'webhooks') });
    app.decorate('webhooks', hub);
    app.addHook('onReady', async () => hub.start());
    app.addHook('onClose', async () => hub.close());
  },
  { name: WEBHOOKS, fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
