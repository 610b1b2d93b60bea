// Checks for the escaping tests: payloads that set window.__xss when they run, and what a safe public
// page looks like (known tags only, quoted attribute values only, scripts only with the CSP nonce).
import { expect } from 'vitest';

/** Each one runs `window.__xss=1` if a page lets it through as markup. */
export const XSS = {
  script: '"><script>window.__xss=1</script>',
  img: "'><img src=x onerror=window.__xss=1>",
  svg: '</title><svg onload=window.__xss=1>',
} as const;
export const PAYLOADS: string[] = Object.values(XSS);

/** A URL the API accepts (http, no spaces needed) that carries markup in its query. */
export const XSS_URL = `https://dest.example/?q=${XSS.script}&r=${XSS.img}`;

/** The HTML-escaped form of text, written out here rather than imported from the page code. */
export const escaped = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The tags the public pages are made of; anything else was injected. */
const TAGS = new Set(
  'html head meta title style body main span p h1 h2 strong form label input div button a table tbody tr td th section svg rect footer noscript script img iframe'.split(' '),
);
/** Attributes once their (double-quoted, escaped) values are removed: bare names only. */
const ATTRS_RE = /^(?:\s+[a-z][a-z-]*(?:="")?)*\s*$/i;
const EVENT_ATTR_RE = /(?:^|\s)on[a-z]+=/i;

const NAMED: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&', colon: ':', tab: '\t', newline: '\n' };
/** Character references decoded, as the browser reads an attribute value. */
const decode = (v: string): string =>
  v
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(quot|apos|lt|gt|amp|colon|tab|newline);/gi, (_m, n: string) => NAMED[n.toLowerCase()] ?? '');

/** Throws (through expect) when the HTML holds markup that the page code did not write. */
export function expectNoInjectedMarkup(html: string, nonce?: string): void {
  // Script bodies first: each must carry the nonce and hold no markup at all (JS strings use \u003c).
  const rest = html.replace(/<script([^>]*)>([\s\S]*?)<\/script>/g, (_m, attrs: string, body: string) => {
    expect(nonce, 'a script on a page without a nonce').toBeTruthy();
    expect(attrs).toContain(` nonce="${nonce}"`);
    expect(body).not.toContain('<');
    return '';
  });
  expect(rest).not.toMatch(/<script/i);
  for (const [tag, name = '', attrs = ''] of rest.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(TAGS.has(name.toLowerCase()), `unexpected tag ${tag}`).toBe(true);
    const values = [...attrs.matchAll(/="([^"]*)"/g)].map((m) => m[1] ?? '');
    const names = attrs.replace(/="[^"]*"/g, '=""');
    expect(names, `attributes of ${tag}`).toMatch(ATTRS_RE);
    expect(names, `event handler in ${tag}`).not.toMatch(EVENT_ATTR_RE);
    for (const v of values) {
      expect(v, `raw quote or bracket in ${tag}`).not.toMatch(/[<>"']/);
      expect(decode(v).replace(/[\s\0]/g, ''), `script URL in ${tag}`).not.toMatch(/^(?:javascript|vbscript|data):/i);
    }
  }
  // <title> holds text only.
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  expect(title).not.toMatch(/[<>]/);
}

type Headers = Record<string, string | string[] | number | undefined>;

/** The CSP header as directive -> sources. */
export function cspOf(headers: Headers): Map<string, string[]> {
  const raw = headers['content-security-policy'];
  expect(typeof raw, 'content-security-policy header').toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(raw).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** Strict CSP of a public page. Returns the script nonce when `nonce` is expected, else ''. */
export function expectStrictCsp(headers: Headers, opts: { nonce?: boolean } = {}): string {
  const csp = cspOf(headers);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.has('object-src') ? csp.get('object-src') : ["'none'"]).toEqual(["'none'"]);
  const style = csp.get('style-src') ?? [];
  expect(style.length).toBeGreaterThan(0);
  for (const s of style) expect(s).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  const script = csp.get('script-src') ?? [];
  for (const s of script) expect(s).not.toMatch(/unsafe|strict-dynamic|^\*$|^(?:https?|data|blob):?$|'self'/i);
  expect(headers['x-content-type-options']).toBe('nosniff');
  if (!opts.nonce) {
    expect(script).toEqual(["'none'"]);
    return '';
  }
  const nonces = script.filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  for (const s of script) if (!s.startsWith("'nonce-")) expect(s).toMatch(/^https:\/\/(?:\*\.)?[a-z0-9.-]+\.[a-z]+$/);
  const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(nonces[0] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  return nonce ?? '';
}

export interface PageExpectations {
  status: number;
  /** Text the page shows: its escaped form must be there (so the text did reach the page). */
  shows?: string[];
  /** Owner text this page must not show at all. */
  hides?: string[];
  /** The page runs scripts (pixels): a nonce in the CSP on every script. */
  nonce?: boolean;
}

type PageResponse = { statusCode: number; headers: Headers; body: string };

/** A public HTML page: status, strict CSP, no payload raw, the shown text escaped, no injected markup. */
export function expectSafePage(res: PageResponse, o: PageExpectations): string {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(o.status);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  const nonce = expectStrictCsp(res.headers, { nonce: o.nonce });
  for (const p of PAYLOADS) expect(res.body).not.toContain(p);
  for (const s of o.shows ?? []) {
    expect(s).toMatch(/[<>"'&]/); // the check only means something for text that needs escaping
    expect(res.body).toContain(escaped(s));
  }
  for (const s of o.hides ?? []) {
    expect(res.body).not.toContain(s);
    expect(res.body).not.toContain(escaped(s));
  }
  expectNoInjectedMarkup(res.body, nonce || undefined);
  return nonce;
}

/** A redirect: Location exactly as given, no body, no HTML, no header smuggled in. */
export function expectBareRedirect(res: PageResponse, location: string): void {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(location);
  expect(String(res.headers.location)).not.toMatch(/[\r\n]/);
  expect(res.body).toBe('');
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(String(res.headers['content-type'] ?? '')).not.toMatch(/html/);
}
