// Formatting shared by the resource lists.

/** A date in the user's locale and time zone, like "22 Nov 2026"; a dash when it is not a date. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "1 link", "2 links", "1,234 links". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** A moment in the user's locale and time zone, like "Nov 22, 2026, 9:00 AM"; a dash when it is not one. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago (or from now) a moment is, like "3 hours ago" or "yesterday"; "just now" within a minute. */
export function formatRelative(iso: string | null | undefined, now: number = Date.now(), locale = 'en'): string {
  if (!iso) return '—';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '—';
  const diff = t - now;
  const unit = RELATIVE_UNITS.find(([, ms]) => Math.abs(diff) >= ms);
  if (!unit) return 'just now';
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(diff / unit[1]), unit[0]);
}
