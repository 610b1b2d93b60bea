// Replies of the public side: HTML pages with their security headers, and redirects.
import type { FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './pages/layout';
import { locationOf } from './destination';
import { tooManyAttemptsPage } from './pages/pages';

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

/** 429 with Retry-After: too many password attempts for this visitor and link. */
export function sendTooManyAttempts(reply: FastifyReply, seconds: number): FastifyReply {
  return sendPage(reply.header('retry-after', String(seconds)), 429, tooManyAttemptsPage(seconds));
}

/**
 * Where a page's form posts: the request's path and query only. The request target may be in absolute form
 * (`GET http://evil.example/abc HTTP/1.1`) or start with `//`; neither may make the form post elsewhere.
 */
export function formAction(url: string): string {
  // The scheme and authority of an absolute form go; then every leading slash, backslash or control
  // character (a browser reads `/\\host`, `//host` and `/<tab>/host` as another host), and one slash leads.
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  return `/${path.replace(/^[\s/\\\p{Cc}]+/u, '')}`;
}
