// The frame every public page shares: escaped text, one small stylesheet (allowed by its hash), the
// product name, no external assets and a strict Content-Security-Policy. Its colours meet WCAG AA contrast (4.5:1 for
// text, 3:1 for the large status code), in the visitor's light or dark scheme.
import { createHash } from 'node:crypto';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESC[c] as string);
}

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#f4f5f7;color:#1f2328;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #d9dce1;border-radius:12px;padding:28px 32px;width:min(92vw,460px);
box-shadow:0 2px 10px rgba(0,0,0,.05)}main.wide{width:min(96vw,860px)}
h1{font-size:1.35rem;margin:0 0 .6rem}p{margin:.5rem 0}.muted{color:#656d76;font-size:.9rem}
.brand{font-weight:700;color:#1971c2;letter-spacing:.02em;margin-bottom:1rem;display:block;text-decoration:none}
label{display:block;font-weight:600;margin:1rem 0 .3rem}input[type=password]{width:100%;padding:.55rem .7rem;
border:1px solid #c5cad1;border-radius:8px;font:inherit}.row{display:flex;gap:.6rem;margin-top:1.2rem;flex-wrap:wrap}
button,.btn{display:inline-block;padding:.55rem 1.1rem;border-radius:8px;border:1px solid #1971c2;background:#1971c2;
color:#fff;font:inherit;cursor:pointer;text-decoration:none}.btn.secondary{background:#fff;color:#1971c2}
.error{color:#c92a2a;font-weight:600}.code{font-size:3rem;font-weight:800;color:#868e96;margin:0}
table{width:100%;border-collapse:collapse;margin:.4rem 0 1rem}td,th{padding:.3rem .4rem;border-bottom:1px solid #eceef1;
text-align:left}td.n,th.n{text-align:right}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:0 1.5rem}
h2{font-size:1rem;margin:1.2rem 0 .3rem}svg{width:100%;height:auto;display:block}svg rect{fill:#4dabf7}
.break{overflow-wrap:anywhere}footer{margin-top:1.2rem}:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;border-color:#373a40;
box-shadow:none}.muted{color:#a6a7ab}.brand,a{color:#74c0fc}.btn.secondary{background:#25262b;color:#74c0fc}
input[type=password]{border-color:#5c5f66}.error{color:#ff8787}td,th{border-bottom-color:#373a40}}`;

const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

export interface PageOptions {
  title: string;
  body: string;
  wide?: boolean;
  /** Extra <head> content (already safe HTML), such as a meta refresh or pixel scripts. */
  head?: string;
  /** Extra CSP sources for pages that load vendor scripts. */
  csp?: { scriptSrc?: string[]; imgSrc?: string[]; connectSrc?: string[]; frameSrc?: string[] };
}

export function contentSecurityPolicy(csp: PageOptions['csp'] = {}): string {
  const list = (base: string, extra?: string[]) => [base, ...(extra ?? [])].join(' ');
  return [
    "default-src 'none'",
    `style-src ${CSS_HASH}`,
    `script-src ${list("'none'", csp.scriptSrc?.length ? csp.scriptSrc : undefined).replace(/^'none' (?=.)/, '')}`,
    `img-src ${list("'self'", csp.imgSrc)}`,
    ...(csp.connectSrc?.length ? [`connect-src ${csp.connectSrc.join(' ')}`] : []),
    ...(csp.frameSrc?.length ? [`frame-src ${csp.frameSrc.join(' ')}`] : []),
    "form-action 'self' http: https:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function renderPage(opts: PageOptions): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer-when-downgrade">
<title>${esc(opts.title)} · Linkdeck</title><style>${CSS}</style>${opts.head ?? ''}</head>
<body><main${opts.wide ? ' class="wide"' : ''}><span class="brand">Linkdeck</span>
${opts.body}
</main></body></html>`;
}
