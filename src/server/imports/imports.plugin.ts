// The import runner of one app (import-job.ts), made at boot and decorated as `app.importRunner`: it fails
// the jobs a dead instance left, then keeps this instance's leases alive; app.close() stops it. The links an
// import writes are announced by the links core's pipeline (to the caches and webhooks), which it takes as a
// dependency (checked at boot).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ImportRunner } from './import-job';
import { ImportsRepo } from './imports.repo';
import { WEBHOOKS } from '../webhooks/webhooks.plugin';
import { LINKS_CORE } from '../links/core/links-core.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs import jobs in the background (tests wait for it to be idle). */
    importRunner: ImportRunner;
  }
}

export const IMPORTS = 'linkdeck-imports';

export const importsPlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const runner = new ImportRunner(ctx, app.links.writer, new ImportsRepo(ctx.db.kysely), (err) => app.log.error({ err }, 'import failed'));
    app.decorate('importRunner', runner);
    app.addHook('onClose', async () => runner.stop());
    // Jobs a dead instance left are failed; this instance's leases are kept alive (import-job.ts).
    await runner.start();
  },
  { name: IMPORTS, fastify: '5.x', decorators: { fastify: ['ctx'] }, dependencies: [WEBHOOKS, LINKS_CORE] },
);
