// URL state of the Analytics page: the URL query IS the API query (analyticsQuerySchema); defaults are left
// out. Date-range presets, the active filters as chips, and what a click on a row or a bar adds.
import { CONTINENTS } from '../../../shared/enums';
import { CLICK_DIMENSIONS, DEFAULT_TARGET, type AnalyticsDimension, type AnalyticsInterval, type AnalyticsQuery } from '../../../shared/analytics.schema';
import { dayInZone } from '../../../shared/time-zone';
import { statsLabel } from '../link-details/stats-view';
import { urlParts } from '../../lib/url-parts';

/** The range shown when the URL names none. */
export const DEFAULT_PRESET = '30d';

export const PRESETS = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: '12m', label: 'Last 12 months' },
] as const;
export type Preset = (typeof PRESETS)[number]['value'];

const DAY = 86_400_000;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** A preset's days, ending today in `timeZone`; the interval that suits its length. */
export function presetRange(preset: Preset, now: number, timeZone: string): { from: string; to: string; interval: AnalyticsInterval } {
  const today = dayInZone(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today, interval: 'hour' };
    case '7d':
      return { from: addDays(today, -6), to: today, interval: 'day' };
    case '30d':
      return { from: addDays(today, -29), to: today, interval: 'day' };
    case '90d':
      return { from: addDays(today, -89), to: today, interval: 'week' };
    case 'month':
      return { from: monthStart, to: today, interval: 'day' };
    case 'last-month': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay, interval: 'day' };
    }
    case '12m': {
      // This month and the eleven before it.
      const d = new Date(Date.parse(`${monthStart}T00:00:00Z`));
      d.setUTCMonth(d.getUTCMonth() - 11);
      return { from: d.toISOString().slice(0, 10), to: today, interval: 'month' };
    }
  }
}

/** The preset whose days these are (for the picker's label), or null for a custom range. */
export function presetOf(from: string, to: string, now: number, timeZone: string): Preset | null {
  return PRESETS.find((p) => {
    const r = presetRange(p.value, now, timeZone);
    return r.from === from && r.to === to;
  })?.value ?? null;
}

/** The range the page asks for: the URL's, or the default preset's. */
export function effectiveRange(search: Pick<AnalyticsQuery, 'from' | 'to'>, now: number, timeZone: string): { from: string; to: string } {
  const fallback = presetRange(DEFAULT_PRESET, now, timeZone);
  const to = search.to ?? (search.from && search.from > fallback.to ? search.from : fallback.to);
  const from = search.from ?? (to < fallback.from ? to : fallback.from);
  return { from, to };
}

/** The search after `patch`, without the keys it clears (undefined). */
export function withPatch<T extends object>(prev: T, patch: Partial<AnalyticsQuery>): T {
  const next: Record<string, unknown> = { ...prev, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined || v === '') delete next[k];
  return next as T;
}

export type FilterKey = (typeof CLICK_DIMENSIONS)[number] | 'link_id' | 'space_id' | 'domain_id';

/** The URL key that filters by a dimension (links, spaces and domains by id). */
export function filterKeyOf(dimension: AnalyticsDimension): FilterKey {
  if (dimension === 'link' || dimension === 'space' || dimension === 'domain') return `${dimension}_id`;
  return dimension;
}

/** The search patch that keeps only clicks with `value` of `dimension` (a row's click). */
export function filterPatch(dimension: AnalyticsDimension, value: string): Partial<AnalyticsQuery> {
  const key = filterKeyOf(dimension);
  if (key === 'link_id' || key === 'space_id' || key === 'domain_id') return { [key]: Number(value) || 0 };
  return { [key]: value };
}

export interface ActiveFilter {
  key: FilterKey;
  dimension: AnalyticsDimension;
  value: string;
}

const FILTER_KEYS: FilterKey[] = [...CLICK_DIMENSIONS, 'link_id', 'space_id', 'domain_id'];

/** The filters in the URL, in a fixed order (the chips). */
export function activeFilters(search: AnalyticsQuery): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const key of FILTER_KEYS) {
    const v = search[key];
    if (v === undefined || v === null || v === '') continue;
    out.push({ key, dimension: (key.endsWith('_id') ? key.slice(0, -3) : key) as AnalyticsDimension, value: String(v) });
  }
  return out;
}

export const DIMENSION_LABELS: Record<AnalyticsDimension, string> = {
  country: 'Country',
  continent: 'Continent',
  browser: 'Browser',
  os: 'OS',
  device: 'Device',
  language: 'Language',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  target: 'Rule',
  link: 'Link',
  space: 'Space',
  domain: 'Domain',
};

/** How the clicks came (`totals.qr_scans` of the API and the rest), as the page and its CSV name them. */
export const QR_LABELS = {
  qr: 'QR scans',
  direct: 'Direct clicks',
  /** What "direct" means here (not the referrer's "Direct"). */
  directHint: 'By the short URL itself, not by scanning its QR code',
} as const;

/** A short URL as analytics shows it: without its scheme (`go.example.com/spring-sale`). */
export function shortUrlText(shortUrl: string): string {
  const p = urlParts(shortUrl);
  return p.host + p.middle + p.tail;
}

/**
 * A link as analytics names it: its short URL (`name`) and its title (`title`, '' without one). `link` is a top
 * list's row (short_url and title from the API) or the link itself; without a short URL (a deleted link, or
 * not loaded yet) the row's label, else "Link #id".
 */
export function linkName(id: string, link?: { short_url?: string; title?: string | null; label?: string }): { name: string; title: string } {
  if (!link?.short_url) return { name: valueLabel('link', id, link?.label), title: '' };
  return { name: shortUrlText(link.short_url), title: link.title ?? '' };
}

/** A name and a title in one line: `go.example.com/spring-sale · Spring sale`. */
export function withTitle(name: string, title?: string): string {
  return title ? `${name} · ${title}` : name;
}

/** A link's short URL and title in one line (linkName()). */
export function linkText(id: string, link?: Parameters<typeof linkName>[1]): string {
  const { name, title } = linkName(id, link);
  return withTitle(name, title);
}

/** A value as people read it: country names, continents, languages, the default URL, no space. */
export function valueLabel(dimension: AnalyticsDimension, value: string, label?: string): string {
  if (label) return label;
  if (!value && dimension === 'target') return 'No rules';
  if (!value && dimension.startsWith('utm_')) return 'None';
  if (dimension === 'continent') return CONTINENTS[value as keyof typeof CONTINENTS] ?? (value || 'Unknown');
  if (dimension === 'target') return value === DEFAULT_TARGET ? 'Default URL' : value ? `Rule ${value}` : 'Unknown';
  if (dimension === 'space') return value === '0' || !value ? 'No space' : `Space #${value}`;
  if (dimension === 'domain') return value === '0' || !value ? 'Default domain' : `Domain #${value}`;
  if (dimension === 'link') return `Link #${value}`;
  return statsLabel(dimension, value);
}

/** The change from `previous` to `current` in percent (rounded), or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

/** "+12%", "−5%", "new" (nothing before). */
export function changeText(current: number, previous: number): string {
  const p = changePercent(current, previous);
  if (p === null) return 'new';
  return p > 0 ? `+${p}%` : p < 0 ? `−${Math.abs(p)}%` : '±0%';
}

/** A bar of the time series, clicked: its own period, one interval finer. */
export function zoomInto(start: string, interval: AnalyticsInterval, to: string): Partial<AnalyticsQuery> | null {
  const day = start.slice(0, 10);
  if (interval === 'hour') return null;
  if (interval === 'day') return { from: day, to: day, interval: 'hour' };
  if (interval === 'week') return { from: day, to: minDay(addDays(day, 6), to), interval: 'day' };
  const next = new Date(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: day, to: minDay(addDays(next.toISOString().slice(0, 10), -1), to), interval: 'day' };
}

const minDay = (a: string, b: string) => (a < b ? a : b);
