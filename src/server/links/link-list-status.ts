// The status definition of shared/link-status.ts (LINK_STATUSES) as SQL on `l` (the links table), the same text on
// both databases: each status's condition for the list's filter, and what its totals are counted from (the
// partial indexes of migrations 002 and 015, whose conditions these parts must imply: link-list-status.test.ts).
import { STATUS_DEFINITIONS, type LinkStatus, type StatusCondition, type StatusConditionId } from '../../shared/link-status';
import { and, bind, or, PLACEHOLDER, raw, sql, type Sql } from './link-list-sql';

const column = (field: string): Sql => raw(`l.${field}`);

/** `c` holds for the row, `now` being the time the status is read at (`wrap`: how a time column is written). */
function holds(c: StatusCondition, now: unknown, wrap = (field: Sql) => field): Sql {
  switch (c.kind) {
    case 'set':
      return sql`${column(c.field)} = 1`;
    case 'passed':
      return sql`${wrap(column(c.field))} IS NOT NULL AND ${wrap(column(c.field))} <= ${now}`;
    case 'ahead':
      return sql`${wrap(column(c.field))} IS NOT NULL AND ${wrap(column(c.field))} > ${now}`;
    case 'reached':
      return sql`${column(c.limit)} IS NOT NULL AND ${column(c.field)} >= ${column(c.limit)}`;
  }
}

/** `c` does not hold, written positively (`disabled = 0`, as the partial indexes say it). */
function fails(c: StatusCondition, now: unknown): Sql {
  switch (c.kind) {
    case 'set':
      return sql`${column(c.field)} = 0`;
    case 'passed':
      return sql`(${column(c.field)} IS NULL OR ${column(c.field)} > ${now})`;
    case 'ahead':
      return sql`(${column(c.field)} IS NULL OR ${column(c.field)} <= ${now})`;
    case 'reached':
      return sql`(${column(c.limit)} IS NULL OR ${column(c.field)} < ${column(c.limit)})`;
  }
}

/** The partial index of each condition: the account's links it holds for (migrations 002, 015). */
const PARTIAL_INDEX: Record<StatusConditionId, string> = {
  disabled: 'links_user_disabled',
  ended: 'links_user_end',
  limit_reached: 'links_user_limit_reached',
};

/** A status as SQL. */
export interface StatusSql {
  status: LinkStatus;
  /** Its whole condition: no earlier status holds, and one of its conditions does. */
  where(now: string): Sql;
  /**
   * Its conditions as disjoint parts (each: the earlier statuses and the earlier conditions fail, this one holds),
   * each answered by its partial index; their counts add up to the status's.
   */
  parts: { index: string; where(now: string): Sql }[];
  /**
   * When the status can change by time alone: a link of no earlier status whose time field is still ahead joins it
   * at that time (`ahead`: those links, `wrap` writing the time column; `field`: the time, which the partial index
   * `index` reads in order).
   */
  clocks: { field: Sql; index: string; ahead(now: string, wrap?: (field: Sql) => Sql): Sql }[];
}

/** Status `i` of the definition as SQL, written once with `now` as a placeholder and bound per use. */
function statusSql(i: number): StatusSql {
  const s = STATUS_DEFINITIONS[i] as (typeof STATUS_DEFINITIONS)[number];
  const now = PLACEHOLDER;
  const earlier = STATUS_DEFINITIONS.slice(0, i).flatMap((e) => e.when.map((c) => fails(c, now)));
  const own = s.when.length === 0 ? [] : [s.when.length === 1 ? holds(s.when[0] as StatusCondition, now) : or(s.when.map((c) => holds(c, now)))];
  const where = and([...earlier, ...own]);
  return {
    status: s.status,
    where: (at) => bind(where, at),
    parts: s.when.map((c, j) => {
      const part = and([...earlier, ...s.when.slice(0, j).map((d) => fails(d, now)), holds(c, now)]);
      return { index: PARTIAL_INDEX[c.id], where: (at: string) => bind(part, at) };
    }),
    clocks: s.when.flatMap((c) => {
      if (c.kind !== 'passed') return [];
      const ahead = (at: string, wrap = (field: Sql) => field) => bind(and([...earlier, holds({ kind: 'ahead', field: c.field }, now, wrap)]), at);
      return [{ field: column(c.field), index: PARTIAL_INDEX[c.id], ahead }];
    }),
  };
}

/** Every status in the definition's order; the last one holds when no other does. */
export const STATUSES: readonly StatusSql[] = STATUS_DEFINITIONS.map((_, i) => statusSql(i));

export function statusOf(status: LinkStatus): StatusSql {
  const s = STATUSES.find((x) => x.status === status);
  if (!s) throw new Error(`unknown status ${status}`);
  return s;
}
