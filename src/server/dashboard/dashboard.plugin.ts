// Serves the built single-page app under /dashboard/, with index.html for every client-side route.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Linkdeck</title>
<p>The dashboard is not built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

export async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  const dir = app.ctx.config.webDir;
  const index = path.join(dir, 'index.html');
  const built = fs.existsSync(index);
  app.get('/dashboard', async (_request, reply) => reply.redirect('/dashboard/', 301));
  if (!built) {
    app.get('/dashboard/*', async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT));
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/dashboard/',
    index: false,
    wildcard: false,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res, file) => {
      if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
    },
  });
  app.get('/dashboard/*', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
}
