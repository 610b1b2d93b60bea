// The link list's exact totals on SQLite, built for a million links per account (link-list.repo.ts): the
// per-account counters (total, disabled) of migration 002, partial indexes for the expired rule, and for
// everything else counts cached until the account's `version` changes (triggers bump it whenever a filtered
// or searched column, a tag, a pixel, `disabled`, an end date or a clicks limit changes, or a click reaches a
// limit: migrations 002, 012, 015). A status over filters is the cached filtered total less its cached
// disabled links and its expired ones, the latter also cached until the next end date among them.
import type SQLite from 'better-sqlite3';
import type { LinkListQuery } from '../../shared/link.schema';
import { tagKey } from '../../shared/tag.schema';
import { CountCache, countKey } from './count-cache';
import { listFilters, STATUS_SQL, tagSubquery, whereOf, type Built } from './link-list-sql';

/** The account's row of link_counters. */
export interface Counters {
  total: number;
  disabled: number;
  version: number;
}

export class LinkListCounts {
  private readonly counts = new CountCache<number>();

  /** `stmt`: the list's prepared-statement cache. */
  constructor(private readonly stmt: (source: string) => SQLite.Statement) {}

  counters(userId: number): Counters {
    const row = this.stmt('SELECT total, disabled, version FROM link_counters WHERE user_id = ?').get(userId) as Counters | undefined;
    return row ?? { total: 0, disabled: 0, version: 0 };
  }

  /** The exact total of the list `q` (its filters built as `b`); `c`: the account's counters. */
  count(userId: number, q: LinkListQuery, b: Built, c: Counters): number {
    const plain = b.filters.length === 0 && !b.fts;
    if (plain && q.status === 0) return c.total;
    if (plain && q.status === 3) return c.disabled;
    if (plain) {
      const expired = this.expiredCount(b);
      return q.status === 2 ? expired : c.total - c.disabled - expired;
    }
    const key = (part: string) => countKey(userId, part, q, String(b.params.tags ?? ''));
    // The filtered total and its disabled links depend on neither the time nor the clicks.
    const total = this.cached(key('all'), c, () =>
      !b.fts && b.filters.length === 1 && b.params.tags !== undefined ? this.tagCount(userId, q) : b.fts && b.filters.length === 0 ? this.searchCount(b.params, c) : this.countWhere(b, []),
    );
    if (q.status === 0) return total;
    // Counts read from another index (disabled links, expiry candidates) check the tags link by link.
    let probing: Built | undefined;
    const probe = () => (probing ??= b.params.tags === undefined ? b : listFilters(userId, q, b.params.now as string, false, this.tagIds(b.params)));
    // Disabled among the filtered: from the filter's side when it matches fewer links than the account has
    // disabled ones, else from those (a partial index), checking the filters.
    const disabled = this.cached(key('disabled'), c, () => (total <= c.disabled ? this.countWhere(b, [STATUS_SQL[3]]) : this.disabledCount(probe())));
    if (q.status === 3) return disabled;
    // Active or expired: also until the clock reaches the next end date among the filtered links (a click
    // reaching a limit bumps the version, migration 015). Expired among the filtered, and the next end date:
    // from the filter's side when it matches fewer links than the account has expiry candidates (a rare tag),
    // else from the partial indexes of the expired rule, checking the filters.
    const now = b.params.now as string;
    let few = false;
    const expired = this.cached(
      key('expired'),
      c,
      () => {
        few = total <= this.expiredCount({ filters: [], params: b.params, fts: null });
        return few ? this.countWhere(b, [STATUS_SQL[2]]) : this.expiredCount(probe());
      },
      { now, until: () => (few ? this.nextEnd(b, false) : this.nextEnd(probe(), true)) },
    );
    return q.status === 2 ? expired : Math.max(0, total - disabled - expired);
  }

  /**
   * A count cached until the account's version changes (the triggers bump it when a filtered column, a tag, a
   * pixel, `disabled`, an end date or a clicks limit changes, or a click reaches a limit), and with `clock`
   * until the time reaches `until()`, read when it is counted.
   */
  private cached(key: string, c: Counters, count: () => number, clock?: { now: string; until: () => string | null }): number {
    const hit = this.counts.get(key, c.version, clock?.now);
    if (hit !== undefined) return hit;
    const total = count();
    this.counts.set(key, c.version, total, clock?.until());
    return total;
  }

  /** The ids of the account's tags named in `params.tags`. */
  private tagIds(params: Record<string, unknown>): number[] {
    return this.stmt('SELECT id FROM tags WHERE user_id = @user AND name_key IN (SELECT value FROM json_each(@tags))').pluck().all(params) as number[];
  }

  /** The disabled links among the filtered, read from the account's disabled ones (links_user_disabled). */
  private disabledCount(b: Built): number {
    return this.stmt(`SELECT count(*) FROM links l INDEXED BY links_user_disabled WHERE ${whereOf(b, ['l.disabled = 1']).join(' AND ')}`).pluck().get(b.params) as number;
  }

  /**
   * The first end date after now among the filtered links that are not disabled (null: none ends): walking
   * the end dates in order (`inOrder`, when the filters match many links), or over the filtered links.
   */
  private nextEnd(b: Built, inOrder: boolean): string | null {
    // Over the filtered links, the unary + keeps the planner off the end dates' index (it would walk them all).
    const end = inOrder ? 'l.active_period_end_at' : '+l.active_period_end_at';
    const where = whereOf(b, ['l.disabled = 0', `${end} IS NOT NULL`, `${end} > @now`]);
    const source = inOrder
      ? `SELECT l.active_period_end_at FROM links l INDEXED BY links_user_end WHERE ${where.join(' AND ')} ORDER BY l.active_period_end_at LIMIT 1`
      : `SELECT min(l.active_period_end_at) FROM links l WHERE ${where.join(' AND ')}`;
    return (this.stmt(source).pluck().get(b.params) as string | null | undefined) ?? null;
  }

  /**
   * Links with the tags when nothing else filters: link_tags alone answers (a tag's links are all of its own
   * account), without reading the links; one tag is a count of its index range.
   */
  private tagCount(userId: number, q: LinkListQuery): number {
    const keys = [...new Set((q.tag ?? []).map(tagKey))];
    const params = { user: userId, tags: JSON.stringify(keys), tagCount: keys.length };
    // One name: all is any. Several, any: the distinct links of their ranges.
    const ids = tagSubquery('any', 'SELECT value FROM json_each(@tags)', '@tagCount');
    if (q.tag_mode === 'all' && keys.length > 1) {
      // Every tag must exist; then the links of the smallest one, each checked for the others (primary key).
      const tags = this.stmt(`SELECT t.id, (SELECT count(*) FROM link_tags WHERE tag_id = t.id) AS n FROM tags t
        WHERE t.user_id = @user AND t.name_key IN (SELECT value FROM json_each(@tags)) ORDER BY n`).all(params) as { id: number; n: number }[];
      const [smallest, ...others] = tags;
      if (!smallest || tags.length < keys.length) return 0;
      return this.stmt(`SELECT count(*) FROM link_tags a WHERE a.tag_id = @first
        AND (SELECT count(*) FROM link_tags b WHERE b.link_id = a.link_id AND b.tag_id IN (SELECT value FROM json_each(@others))) = @more`)
        .pluck()
        .get({ first: smallest.id, others: JSON.stringify(others.map((t) => t.id)), more: others.length }) as number;
    }
    const source = keys.length === 1 ? ids.replace('SELECT lt.link_id', 'SELECT count(*)') : ids.replace('SELECT lt.link_id', 'SELECT count(DISTINCT lt.link_id)');
    return this.stmt(source).pluck().get(params) as number;
  }

  /**
   * Expired links of an account (`b`: of its list with no filter): by end date, plus by click limit among those
   * whose end has not passed; with filters, only those they match (each candidate of the two partial indexes checked).
   */
  private expiredCount(b: Built): number {
    const byDate = whereOf(b, ['l.disabled = 0', 'l.active_period_end_at IS NOT NULL', 'l.active_period_end_at <= @now']);
    const byClicks = whereOf(b, [
      'l.disabled = 0',
      'l.clicks_limit IS NOT NULL',
      'l.clicks >= l.clicks_limit',
      '(l.active_period_end_at IS NULL OR l.active_period_end_at > @now)',
    ]);
    const count = (index: string, where: string[]) =>
      this.stmt(`SELECT count(*) FROM links l INDEXED BY ${index} WHERE ${where.join(' AND ')}`).pluck().get(b.params) as number;
    return count('links_user_end', byDate) + count('links_user_limit_reached', byClicks);
  }

  /** Search hits of an account; when it owns every link, the search index alone answers. */
  private searchCount(params: Record<string, unknown>, c: Counters): number {
    const all = this.stmt('SELECT coalesce(sum(total), 0) FROM link_counters').pluck().get() as number;
    if (all === c.total) return this.stmt('SELECT count(*) FROM links_fts WHERE links_fts MATCH @match').pluck().get({ match: params.match }) as number;
    return this.stmt(`SELECT count(*) FROM links_fts f CROSS JOIN links l INDEXED BY links_id_user ON l.id = f.rowid
      WHERE links_fts MATCH @match AND l.user_id = @user`).pluck().get({ match: params.match, user: params.user }) as number;
  }

  private countWhere(b: Built, extra: string[]): number {
    return this.stmt(`SELECT count(*) FROM links l WHERE ${whereOf(b, extra).join(' AND ')}`).pluck().get(b.params) as number;
  }
}
