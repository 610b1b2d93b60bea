// Serves the built single-page app under /dashboard/, with index.html for every client-side route.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Linkdeck</title>
<p>The dashboard is not built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

/**
 * The SPA's policy: scripts only from its own files (no inline script, no eval). Styles allow
 * 'unsafe-inline' because Mantine writes <style> elements at run time (CSS variables, responsive
 * props, react-remove-scroll's). Images: QR codes are blob: URLs; a link's social preview card shows its
 * og_image, which may be on any web host (or on a short domain other than the dashboard's), so images may
 * come from http(s) anywhere: an image cannot run code, and the card is what the owner chose to show.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent with every file under /dashboard/ (the HTML, its assets and the favicon). */
export const DASHBOARD_HEADERS: Record<string, string> = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

export async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  const dir = app.ctx.config.webDir;
  const index = path.join(dir, 'index.html');
  const built = fs.existsSync(index);
  const html = built ? fs.readFileSync(index, 'utf8') : NOT_BUILT;
  const sendIndex = (reply: FastifyReply) => {
    reply.headers(DASHBOARD_HEADERS).type('text/html; charset=utf-8');
    return built ? reply.header('cache-control', 'no-cache').send(html) : reply.code(503).send(html);
  };
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
      res.headers(DASHBOARD_HEADERS);
      if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
    },
  });
  app.get('/dashboard/*', async (_request, reply) => sendIndex(reply));
}
