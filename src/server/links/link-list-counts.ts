// The link list's exact totals, built for a million links per account and written once for both databases: the
// per-account counters of migration 002 (total, disabled; kept by triggers), the statuses' partial indexes, and
// for everything else counts cached until the account's `version` changes (triggers bump it whenever a filtered
// or searched column, a tag, a pixel, `disabled`, an end date or a clicks limit changes, or a click reaches a
// limit: migrations 002, 012, 015; on PostgreSQL every instance reads the same version). A status over filters
// is the cached filtered total less the other statuses' cached counts, a status that time can change also
// cached until the next such moment among the filtered links (link-list-status.ts, `clocks`).
import type { LinkListQuery } from '../../shared/link.schema';
import type { LinkStatus } from '../../shared/link-status';
import { CountCache, countKey } from './count-cache';
import { conditions, filtersOf, type Filters, type Tags } from './link-list-filters';
import { and, count, countSum, raw, rows, sql, value, type Plan, type Sql } from './link-list-sql';
import { STATUSES, statusOf, type StatusSql } from './link-list-status';
import type { LinkListStore } from './link-list.store';

/** The account's row of link_counters. */
export interface Counters {
  total: number;
  disabled: number;
  version: string;
}

/** Statuses whose account count link_counters keeps (its `disabled`: the links with disabled = 1, the first status). */
const COUNTER: Partial<Record<LinkStatus, 'disabled'>> = { 3: 'disabled' };

const LAST = STATUSES[STATUSES.length - 1] as StatusSql;

/** Past this many matches a search's total may be an estimate (meta.total_is_estimate). */
export const ESTIMATE_PAST = 10_000;

/** An estimate to three significant digits, and past ESTIMATE_PAST. */
function significant(guess: number): number {
  const digits = 10 ** Math.max(0, Math.floor(Math.log10(guess)) - 2);
  return Math.max(ESTIMATE_PAST + 1, Math.round(guess / digits) * digits);
}

export class LinkListCounts {
  private readonly cache = new CountCache();
  private readonly untils = new CountCache<string | null>();

  /** `sample`: how many of a large account's links a search's estimate may check first (see estimated). */
  constructor(
    private readonly store: LinkListStore,
    private readonly sample = 60_000,
  ) {}

  *counters(userId: number): Plan<Counters> {
    const [row] = yield* rows<Record<keyof Counters, number | string>>(sql`SELECT total, disabled, version FROM link_counters WHERE user_id = ${userId}`);
    return row ? { total: Number(row.total), disabled: Number(row.disabled), version: String(row.version) } : { total: 0, disabled: 0, version: '0' };
  }

  /**
   * The total of the list `q` of an account (`tags`: its tags, resolved; `c`: its counters; `f`: its filters):
   * exact, but for a search past ESTIMATE_PAST matches whose status is all or the last one, where it may be an
   * estimate (`estimate`).
   */
  *total(userId: number, q: LinkListQuery, now: string, tags: Tags | null, c: Counters, f = filtersOf(this.store, userId, q, tags)): Plan<{ total: number; estimate: boolean }> {
    const exact = (total: number) => ({ total, estimate: false });
    if (!f.filtered) {
      if (q.status === 0) return exact(c.total);
      if (q.status !== LAST.status) return exact(yield* this.accountCount(userId, statusOf(q.status), now, c));
      let others = 0;
      for (const s of STATUSES.slice(0, -1)) others += yield* this.accountCount(userId, s, now, c);
      return exact(c.total - others);
    }
    const key = (part: string) => countKey(userId, part, q, tags ? JSON.stringify(tags.keys) : '');
    // The filtered total depends on neither the time nor the clicks. An estimate is kept as its negative.
    const kept = yield* this.cached(key('all'), c, () => this.filteredTotal(userId, f, tags, c, q));
    const total = Math.abs(kept);
    if (q.status === 0) return { total, estimate: kept < 0 };
    // Counts read from a status's partial index check the tags link by link.
    let probing: Filters | undefined;
    const probe = () => (probing ??= tags?.keys.length ? filtersOf(this.store, userId, q, tags, 'probe') : f);
    const statusCount = (s: StatusSql) => this.filteredStatus(key(`status ${s.status}`), userId, s, now, c, total, f, probe);
    if (q.status !== LAST.status) return exact(yield* statusCount(statusOf(q.status)));
    let others = 0;
    for (const s of STATUSES.slice(0, -1)) others += yield* statusCount(s);
    return { total: Math.max(0, total - others), estimate: kept < 0 };
  }

  /**
   * A search's total when it is large: its matches are counted up to ESTIMATE_PAST + 1, which stops
   * early; past that, the total is estimated from how many of the account's links, newest first, held the first
   * ESTIMATE_PAST + 1 matches (the density of the matches, times the account's links), to three significant
   * digits, and answered as the negative of the estimate. Null: the exact count is at most ESTIMATE_PAST.
   */
  private *estimated(userId: number, f: Filters, c: Counters, sample: Filters | null): Plan<number> {
    const index = this.store.searchIndex;
    // The search index's hits in id order when nothing else filters; with other filters, the links that pass them
    // are checked against the hits (walking a common term's hits and probing each one costs far more).
    const hits = index && f.match !== null && f.where.length === 1 ? index.hits(f.match) : null;
    if (sample && !hits && f.match === null && c.total > this.sample) {
      // (Not with a term of the gram index, whose condition is an index lookup, not a check of a link.)
      // The account's first `sample` links (SQLite: in id order; PostgreSQL: as its table gives them), each checked: past
      // ESTIMATE_PAST matches among them the total is surely past it too, estimated from their share (one read of
      // a bounded number of links; walking the matches in id order to the 10,001st reads as many, at random).
      const [got] = yield* rows<{ seen: number | string; hits: number | string | null }>(sql`SELECT count(*) AS seen,
        sum(CASE WHEN ${and(conditions(this.store, sample))} THEN 1 ELSE 0 END) AS hits
        FROM (SELECT l.* FROM links l${this.store.through('links_user_id')} WHERE l.user_id = ${userId} LIMIT ${this.sample}) l`);
      const [seen, found] = [Number(got?.seen ?? 0), Number(got?.hits ?? 0)];
      if (found > ESTIMATE_PAST) return -significant(Math.max(found, (found * c.total) / Math.max(seen, 1)));
    }
    const from = hits ? sql`${hits.from} WHERE ${and([hits.where, ...f.where])}` : sql`links l WHERE ${and(conditions(this.store, f))}`;
    const id = hits ? hits.id : raw('l.id');
    const capped = yield* count(sql`SELECT count(*) FROM (SELECT 1 FROM ${from} LIMIT ${ESTIMATE_PAST + 1}) capped`);
    if (capped <= ESTIMATE_PAST) return capped;
    const edge = yield* value<number | string>(sql`SELECT ${id} FROM ${from} ORDER BY ${id} DESC LIMIT 1 OFFSET ${ESTIMATE_PAST}`);
    // How many of the account's links lie from that match to the newest: from where it sits between the account's
    // first and last ids (counting them exactly would read a large part of the account again).
    // (One min() or max() per statement: each is one step into the account's id index.)
    const lo = Number((yield* value<number | string>(sql`SELECT min(l.id) FROM links l WHERE l.user_id = ${userId}`)) ?? 0);
    const hi = Number((yield* value<number | string>(sql`SELECT max(l.id) FROM links l WHERE l.user_id = ${userId}`)) ?? 0);
    const walked = Math.round((c.total * (hi - Number(edge) + 1)) / Math.max(1, hi - lo + 1));
    return -significant(((ESTIMATE_PAST + 1) * c.total) / Math.max(walked, ESTIMATE_PAST + 1));
  }

  /**
   * The next moment after `now` at which a link that the filters `f` select changes its status by time alone (null:
   * none; a list with a status filter may change then), cached like the totals and until that moment.
   */
  *statusUntil(key: string, now: string, c: Counters, f: Filters): Plan<string | null> {
    const hit = this.untils.get(key, c.version, now);
    if (hit !== undefined) return hit;
    let next: string | null = null;
    for (const s of STATUSES) {
      if (!s.clocks.length) continue;
      const at = yield* this.nextChange(s, now, f, !f.filtered);
      if (at !== null && (next === null || at < next)) next = at;
    }
    this.untils.set(key, c.version, next, next);
    return next;
  }

  /** The account's links with the tags (`all`: with each), the other filters aside; cached like the totals. */
  *tagged(userId: number, tags: Tags, c: Counters): Plan<number> {
    return yield* this.cached([userId, 'tagged', tags.mode, ...tags.ids].join('\u0000'), c, () => this.tagCount(tags));
  }

  /**
   * A count (`counting()`) cached until the account's version changes and, with `clock`, until the time reaches
   * `until()` (read right after the count).
   */
  private *cached(key: string, c: Counters, counting: () => Plan<number>, clock?: { now: string; until: () => Plan<string | null> }): Plan<number> {
    const hit = this.cache.get(key, c.version, clock?.now);
    if (hit !== undefined) return hit;
    const total = yield* counting();
    this.cache.set(key, c.version, total, clock ? yield* clock.until() : undefined);
    return total;
  }

  /** Links of status `s` among all of the account's: its counter, or its partial indexes. */
  private *accountCount(userId: number, s: StatusSql, now: string, c: Counters): Plan<number> {
    const counter = COUNTER[s.status];
    if (counter) return c[counter];
    return yield* this.partsCount(s, now, [sql`l.user_id = ${userId}`]);
  }

  /** Links of status `s` that `where` selects, counted from each part's partial index. */
  private *partsCount(s: StatusSql, now: string, where: Sql[]): Plan<number> {
    return yield* countSum(s.parts.map((p) => sql`SELECT count(*) FROM links l${this.store.through(p.index)} WHERE ${and([...where, p.where(now)])}`));
  }

  /**
   * Links of status `s` among the filtered (`total` of them), cached. From the filter's side when it matches no
   * more links than the account has of that status (a rare tag), else from the status's partial indexes, checking
   * the filters (`probe`). A status that time changes is also cached until its next change among the filtered.
   */
  private *filteredStatus(key: string, userId: number, s: StatusSql, now: string, c: Counters, total: number, f: Filters, probe: () => Filters): Plan<number> {
    const side = { few: false };
    const clock = s.clocks.length ? { now, until: () => this.nextChange(s, now, side.few ? f : probe(), !side.few) } : undefined;
    return yield* this.cached(key, c, () => this.statusCounting(userId, s, now, c, total, f, probe, side), clock);
  }

  /** The count of filteredStatus, noting which side it was read from (`side.few`: the filter's). */
  private *statusCounting(userId: number, s: StatusSql, now: string, c: Counters, total: number, f: Filters, probe: () => Filters, side: { few: boolean }): Plan<number> {
    side.few = total <= (yield* this.accountCount(userId, s, now, c));
    if (side.few) return yield* count(sql`SELECT count(*) FROM links l WHERE ${and(conditions(this.store, f, [s.where(now)]))}`);
    return yield* this.partsCount(s, now, conditions(this.store, probe()));
  }

  /**
   * The first moment after now at which a filtered link can join status `s` by time alone (null: none): walking
   * the times in order through their partial index (`inOrder`, when the filters match many links), or the least
   * time among the filtered links (the time column unindexed, so that the planner reads the filtered links).
   */
  private *nextChange(s: StatusSql, now: string, f: Filters, inOrder: boolean): Plan<string | null> {
    let next: string | null = null;
    for (const clock of s.clocks) {
      const at = inOrder
        ? yield* value<string | null>(sql`SELECT ${clock.field} FROM links l${this.store.through(clock.index)}
            WHERE ${and(conditions(this.store, f, [clock.ahead(now)]))} ORDER BY ${clock.field} LIMIT 1`)
        : yield* value<string | null>(sql`SELECT min(${this.store.unindexed(clock.field)}) FROM links l
            WHERE ${and(conditions(this.store, f, [clock.ahead(now, (t) => this.store.unindexed(t))]))}`);
      if (at != null && (next === null || at < next)) next = at;
    }
    return next;
  }

  /** The filtered links, any status; for a search, past ESTIMATE_PAST of them, an estimate (negative). */
  private *filteredTotal(userId: number, f: Filters, tags: Tags | null, c: Counters, q: LinkListQuery): Plan<number> {
    if (q.search) {
      // The sample's terms as the store checks a subset of them faster (ASCII case only: a match there is a match).
      const subset = this.store.subsetContains;
      const sample = !tags?.terms?.some((t) => t.grams) && filtersOf(subset ? { ...this.store, contains: subset } : this.store, userId, q, tags);
      return yield* this.estimated(userId, f, c, sample || null);
    }
    const index = this.store.searchIndex;
    if (tags?.keys.length && f.where.length === 2 && f.match === null) return yield* this.tagCount(tags);
    if (index && f.match !== null && f.where.length === 1) {
      // When the account owns every link, the search index alone answers.
      const all = yield* count(raw('SELECT coalesce(sum(total), 0) FROM link_counters'));
      return yield* count(index.count(f.match, all === c.total ? null : userId));
    }
    return yield* count(sql`SELECT count(*) FROM links l WHERE ${and(conditions(this.store, f))}`);
  }

  /**
   * Links with the tags when nothing else filters: link_tags alone answers (a tag's links are all of its own
   * account), without reading the links. One tag: its index range; any of several: their distinct links; all:
   * the links of the smallest tag that have each of the others (primary key lookups).
   */
  private *tagCount(tags: Tags): Plan<number> {
    const { ids } = tags;
    if (!ids.length) return 0;
    if (ids.length === 1) return yield* count(sql`SELECT count(*) FROM link_tags WHERE tag_id = ${ids[0]}`);
    const tagged = sql`FROM link_tags WHERE ${this.store.isIn(raw('tag_id'), ids, 'int')}`;
    // count(DISTINCT): as fast as a GROUP BY on SQLite, a third faster on PostgreSQL (572,700 of 1,000,000 links).
    if (tags.mode === 'any') return yield* count(sql`SELECT count(DISTINCT link_id) ${tagged}`);
    const sizes = yield* rows<{ tag_id: number; n: number | string }>(sql`SELECT tag_id, count(*) AS n ${tagged} GROUP BY tag_id`);
    if (sizes.length < ids.length) return 0;
    const [smallest, ...others] = sizes.sort((a, b) => Number(a.n) - Number(b.n)).map((r) => r.tag_id);
    const each = others.map((id) => sql`EXISTS (SELECT 1 FROM link_tags b WHERE b.link_id = a.link_id AND b.tag_id = ${id})`);
    return yield* count(sql`SELECT count(*) FROM link_tags a WHERE ${and([sql`a.tag_id = ${smallest}`, ...each])}`);
  }
}

