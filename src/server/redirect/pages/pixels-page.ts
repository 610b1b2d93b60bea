// The page shown before the redirect when pixels are attached: each vendor snippet runs, then the
// visitor goes on (meta refresh, so it also works without JavaScript; a link as the last resort).
import { randomBytes } from 'node:crypto';
import { esc, renderPage, contentSecurityPolicy } from './layout';
import { pixelSnippet } from './pixel-snippets';

export function pixelsPage(pixels: { type: string; value: string }[], destination: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const scriptSrc = new Set<string>([`'nonce-${nonce}'`]);
  const imgSrc = new Set<string>();
  const connectSrc = new Set<string>();
  const frameSrc = new Set<string>();
  const scripts: string[] = [];
  const noscripts: string[] = [];
  for (const p of pixels) {
    const s = pixelSnippet(p.type, p.value);
    if (!s) continue;
    s.scriptSrc.forEach((x) => scriptSrc.add(x));
    s.imgSrc.forEach((x) => imgSrc.add(x));
    s.connectSrc.forEach((x) => connectSrc.add(x));
    s.frameSrc.forEach((x) => frameSrc.add(x));
    scripts.push(`<script nonce="${nonce}" data-pixel="${esc(p.type)}">${s.script}</script>`);
    if (s.noscript) noscripts.push(s.noscript);
  }
  const go = JSON.stringify(destination).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  const head =
    `<meta http-equiv="refresh" content="2;url=${esc(destination)}">` +
    scripts.join('') +
    `<script nonce="${nonce}">setTimeout(function(){location.replace(${go})},800);</script>`;
  const html = renderPage({
    title: 'Redirecting',
    head,
    body: `<h1>Redirecting…</h1>
<p class="muted">You are being taken to your destination.</p>
<p class="break"><a href="${esc(destination)}" rel="noreferrer">Continue to ${esc(destination)}</a></p>
${noscripts.length ? `<noscript>${noscripts.join('')}</noscript>` : ''}`,
  });
  const csp = contentSecurityPolicy({ scriptSrc: [...scriptSrc], imgSrc: [...imgSrc], connectSrc: [...connectSrc], frameSrc: [...frameSrc] });
  return { html, csp };
}
