// The app's heavy-work pool and its admission (heavy-admission.ts), made once at boot and decorated as
// `app.heavy`; the pool's threads stop on app.close(). The routes that run heavy work (QR codes, exports,
// imports) name this plugin among their dependencies, so an app without it fails at boot.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createHeavy, type Heavy } from './heavy-admission';

declare module 'fastify' {
  interface FastifyInstance {
    /** The heavy-work pool and who may use it now (tests watch its steps). */
    heavy: Heavy;
  }
}

export const HEAVY = 'linkdeck-heavy';

export const heavyPlugin = fp(
  async (app: FastifyInstance) => {
    const heavy = createHeavy(app.ctx.config.heavy, app.ctx.db);
    app.decorate('heavy', heavy);
    app.addHook('onClose', () => heavy.pool.close());
  },
  { name: HEAVY, fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
