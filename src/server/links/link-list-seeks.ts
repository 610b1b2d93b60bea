// Keyset pagination underneath the seed's `page`: where the rows of a list begin, remembered per list
// and per account version. A page read from the start skips every row before it (OFFSET), which at a million links
// costs up to hundreds of milliseconds for a common search, a bunched one or a deep page; a page read from a known
// row (its sort value and id, a "seek") skips only the rows between that row and the page. The rows of every page
// read are remembered (its first and last), so that paging on, going back, or asking again reads from them.
// A seek holds while the account's version is the one it was read at (triggers bump it whenever a filtered,
// searched or sorted column changes: link-list-counts.ts) and, for a status filter, until the next moment a link's
// status changes by time alone (`until`). Kept in memory per list repository, like the counts.
import type { LinkListQuery } from '../../shared/link.schema';
import type { LinkRow } from './links.repo';
import { CountCache, countKey } from './count-cache';
import { raw, sql, type Sql } from './link-list-sql';
import type { Direction, LinkListStore } from './link-list.store';

/** Row `row` (0-based, in the list's order) has this sort value and id. */
export interface Seek {
  row: number;
  value: string | number | null;
  id: number;
}

/** Seeks kept per list: the pages a user reads are few, and the nearest seek below a page is what counts. */
const PER_LIST = 64;

export class PageSeeks {
  private readonly lists = new CountCache<Seek[]>();

  /** The key of the list `q` of an account (its filters, status and order; not its page), `tags`: their keys. */
  key(userId: number, q: LinkListQuery, tags: string): string {
    return countKey(userId, `seek ${q.status} ${q.sort_by} ${q.sort}`, q, tags);
  }

  /** The known row nearest before or at `offset`, if the list was read at `version` and holds at `now`. */
  near(key: string, version: string, now: string, offset: number): Seek | null {
    let best: Seek | null = null;
    for (const s of this.lists.get(key, version, now) ?? []) if (s.row <= offset && (!best || s.row > best.row)) best = s;
    return best;
  }

  /**
   * Remembers the first and last of `rows`, read from row `offset` of the list sorted by `column` (`until`: when a
   * status filter's answer may next change by time; null: never).
   */
  remember(key: string, version: string, now: string, until: string | null, column: LinkListQuery['sort_by'], offset: number, rows: readonly LinkRow[]): void {
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) return;
    const known = (this.lists.get(key, version, now) ?? []).slice(-(PER_LIST - 2));
    const add = (row: number, link: LinkRow) => {
      if (!known.some((s) => s.row === row)) known.push({ row, value: sortValue(link, column), id: link.id });
    };
    add(offset, first);
    add(offset + rows.length - 1, last);
    this.lists.set(key, version, known, until);
  }
}

function sortValue(link: LinkRow, column: LinkListQuery['sort_by']): string | number | null {
  const v = (link as unknown as Record<string, unknown>)[column];
  return v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
}

/**
 * The rows from the seek on (it included), in the order `column`, `direction`, then the id the same way: `id` is
 * how the id is read (a search index's row id on its hits' path). An untitled seek (title NULL) reads the untitled
 * links after it; a titled one the titled links only (the untitled ones come last: a page that runs short there is
 * read without the seek).
 */
export function fromSeek(store: LinkListStore, column: LinkListQuery['sort_by'], direction: Direction, seek: Seek, id: Sql = raw('l.id')): Sql {
  const [on, past] = direction === 'ASC' ? ['>=', '>'] : ['<=', '<'];
  if (column === 'id') return sql`${id} ${raw(on)} ${seek.id}`;
  if (seek.value === null) return sql`l.${raw(column)} IS NULL AND ${id} ${raw(on)} ${seek.id}`;
  const expr = store.sortExpr(column);
  // The first comparison gives the index its range; the second drops the equal values before the seek's id.
  return sql`${expr} ${raw(on)} ${seek.value} AND (${expr} ${raw(past)} ${seek.value} OR ${id} ${raw(on)} ${seek.id})`;
}
