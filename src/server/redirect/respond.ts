// Replies of the public side: HTML pages with their security headers, and redirects.
import type { FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './pages/layout';
import { locationOf } from './destination';

const DEFAULT_CSP = contentSecurityPolicy();

export function sendPage(reply: FastifyReply, status: number, html: string, csp: string = DEFAULT_CSP): FastifyReply {
  return reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    .send(html);
}

export function sendRedirect(reply: FastifyReply, location: string, status = 302): FastifyReply {
  return reply.code(status).headers({ location: locationOf(location), 'cache-control': 'private, no-store' }).send();
}
