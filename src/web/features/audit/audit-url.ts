// URL state of the audit log page: the URL query IS the API query (shared/audit.schema.ts), defaults left out. The
// dates are days of the browser's time zone, sent as the moments they start and end; a bound that is a whole UTC day
// is written as that day (`from=2026-11-22`), which the API reads back as the same moment.
import dayjs from 'dayjs';
import type { AuditLogQuery } from '../../../shared/audit.schema';

export const AUDIT_DEFAULTS = { sort: 'desc', per_page: 10, page: 1 } as const satisfies Partial<AuditLogQuery>;

/** The filters of the list (everything but paging and order). */
export const AUDIT_FILTERS = ['actor_user_id', 'via', 'key_id', 'action', 'object', 'object_id', 'from', 'to'] as const satisfies readonly (keyof AuditLogQuery)[];
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

const DAY_START = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?Z$/;
const DAY_END = /^(\d{4}-\d{2}-\d{2})T23:59:59\.999Z$/;

/** The query as the route writes it into the URL: a bound on a UTC day's edge as that day. */
export function auditUrlForm<T extends object>(search: T): T {
  const out = { ...search } as Record<string, unknown>;
  if (typeof out.from === 'string') out.from = out.from.replace(DAY_START, '$1');
  if (typeof out.to === 'string') out.to = out.to.replace(DAY_END, '$1');
  return out as T;
}

/** The moment a day (`2026-11-22`) starts in the browser's time zone. */
export const localDayStart = (day: string): string => dayjs(day).startOf('day').toISOString();

/** The last millisecond of a day in the browser's time zone. */
export const localDayEnd = (day: string): string => dayjs(day).endOf('day').toISOString();

/** The day (`2026-11-22`) a moment falls on in the browser's time zone. */
export const localDayOf = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');

/** How many filters narrow the list; the two dates count as one. */
export function auditFilterCount(q: Partial<Pick<AuditLogQuery, AuditFilter>>): number {
  const on = AUDIT_FILTERS.filter((k) => q[k] !== undefined && k !== 'to');
  return on.length + (q.to !== undefined && q.from === undefined ? 1 : 0);
}

/** Every filter off (the page size and the order stay). */
export function withoutFilters(): Record<AuditFilter, undefined> {
  return Object.fromEntries(AUDIT_FILTERS.map((k) => [k, undefined])) as Record<AuditFilter, undefined>;
}

/**
 * A change of "through": a key is only ever `api`, so choosing the dashboard or anything drops the key filter. Only
 * the keys that changed are returned (a patch of the list query).
 */
export function throughPatch(via: AuditLogQuery['via'] | null): Partial<AuditLogQuery> {
  return via === 'api' ? { via } : { via: via ?? undefined, key_id: undefined };
}

/** The date range picked (local days) as the query's bounds; a cleared range drops both. */
export function datesPatch([from, to]: [string | null, string | null]): Partial<AuditLogQuery> | null {
  if (!from && !to) return { from: undefined, to: undefined };
  if (!from || !to) return null;
  return { from: localDayStart(from), to: localDayEnd(to) };
}
