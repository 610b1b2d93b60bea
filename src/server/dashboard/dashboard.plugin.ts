// Serves the built single-page app under /dashboard/, with index.html for every client-side route.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Linkdeck</title>
<p>The dashboard is not built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

export async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  const dir = app.ctx.config.webDir;
  const index = path.join(dir, 'index.html');
  const built = fs.existsSync(index);
  const html = built ? fs.readFileSync(index, 'utf8') : NOT_BUILT;
  const sendIndex = (reply: FastifyReply) =>
    built
      ? reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
      : reply.code(503).type('text/html; charset=utf-8').send(html);
  // With ignoreTrailingSlash this route also answers /dashboard/: only the bare path redirects.
  app.get('/dashboard', async (request, reply) =>
    request.url.split('?')[0] === '/dashboard' ? reply.redirect('/dashboard/', 301) : sendIndex(reply),
  );
  if (!built) {
    app.get('/dashboard/*', async (_request, reply) => sendIndex(reply));
    return;
  }
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
  app.get('/dashboard/*', async (_request, reply) => sendIndex(reply));
}
