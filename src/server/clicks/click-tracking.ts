// What a counted click records, by the configuration's privacy switches (config.ts: TRACKING,
// RESPECT_DNT): the visitor's dimensions, the rule that served it, the visit's UTM parameters (from the
// short URL's query string, else the destination's), and the unique-visitor marker (visitor-marker.ts).
// Whatever the switches, its source: 'qr' for a scan of the link's QR code (shared/qr-marker.ts), null for
// the short URL itself; it says how the link was reached, nothing of the visitor.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Config } from '../config';
import type { ClickEventsTable } from '../db/schema-clicks';
import type { VisitorInfo } from '../visitor/visitor';
import type { VisitorSalts } from './visitor-marker';
import type { CLICK_FIELDS } from './click-batch';
import type { Target } from '../../shared/targets';
import { targetValue } from '../../shared/analytics.schema';
import { isQrVisit } from '../../shared/qr-marker';

/** The text columns of a recorded click. */
export type ClickFields = Pick<ClickEventsTable, (typeof CLICK_FIELDS)[number]>;

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
type Utm = Pick<ClickFields, (typeof UTM_FIELDS)[number]>;

const NO_UTM: Utm = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null };

/** A click counted without dimensions (TRACKING=off, or DNT / GPC honoured). */
export const NO_DIMENSIONS: ClickFields = Object.freeze({
  country: null, continent: null, os: null, browser: null, device: null, language: null, referrer: null,
  target: null, ...NO_UTM, source: null, visitor: null,
});
/** The same, of a QR scan. */
const NO_DIMENSIONS_QR: ClickFields = Object.freeze({ ...NO_DIMENSIONS, source: 'qr' });

/** A query parameter's value as a dimension: control characters dropped, trimmed, at most 255 characters. */
function cleanValue(value: string | null): string | null {
  if (value === null) return null;
  // eslint-disable-next-line no-control-regex
  const v = value.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return v || null;
}

/** The UTM parameters of the short URL's query, each one else from the destination URL's query. */
export function utmOf(requestUrl: string, destination: string): Utm {
  const fromRequest = requestUrl.includes('utm_');
  const fromDestination = destination.includes('utm_');
  if (!fromRequest && !fromDestination) return NO_UTM;
  const query = (url: string, has: boolean) => {
    const q = has ? url.indexOf('?') : -1;
    return q < 0 ? null : new URLSearchParams(url.slice(q + 1).split('#')[0]);
  };
  const a = query(requestUrl, fromRequest);
  const b = query(destination, fromDestination);
  const out = { ...NO_UTM };
  for (const name of UTM_FIELDS) out[name] = cleanValue(a?.get(name) ?? null) ?? cleanValue(b?.get(name) ?? null);
  return out;
}

/** A referrer host without its subdomains: the last two labels, three under a short second level (co.uk). */
export function referrerSite(host: string | null): string | null {
  if (!host || host.startsWith('[') || /^[0-9.]+$/.test(host)) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const second = labels[labels.length - 2] ?? '';
  const n = (labels.at(-1) ?? '').length === 2 && second.length <= 3 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** Whether the visit asks not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export function optsOut(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

export class ClickTracking {
  constructor(
    private readonly config: Pick<Config, 'tracking' | 'respectDnt'>,
    private readonly salts: VisitorSalts,
  ) {}

  /**
   * The fields of a click of `link` at `at`. `picked`: where the visit goes (its UTM parameters count
   * when the short URL has none) and the index of the target that served it (null: the link's url); a
   * link without targets records no target.
   */
  fields(
    visitor: VisitorInfo,
    { headers, url: requestUrl = '' }: IncomingMessage,
    ip: string,
    link: { id: number; targets_type: string | null; targets: readonly Target[] },
    at: number,
    picked: { url: string; index: number | null },
  ): ClickFields {
    const mode = this.config.tracking;
    const source = isQrVisit(requestUrl) ? 'qr' : null;
    if (mode === 'off' || (this.config.respectDnt && optsOut(headers))) return source ? NO_DIMENSIONS_QR : NO_DIMENSIONS;
    return {
      country: visitor.country,
      continent: visitor.continent,
      os: visitor.os,
      browser: visitor.browser,
      device: visitor.device,
      language: visitor.language,
      referrer: mode === 'anonymous' ? referrerSite(visitor.referrer) : visitor.referrer,
      target: link.targets_type ? targetValue(picked.index, picked.index === null ? '' : (link.targets[picked.index]?.key ?? '')) : null,
      ...utmOf(requestUrl, picked.url),
      source,
      visitor: mode === 'full' ? this.salts.marker(at, ip, headers['user-agent'] ?? '', link.id) : null,
    };
  }
}
