// The link list (filters, search, sort, page) on SQLite, built for a million links per account. Rows:
// prepared SQL on the raw connection; a search sorted by id walks the FTS5 trigram index in rowid order and
// stops after one page. The exact total: link-list-counts.ts.
import type SQLite from 'better-sqlite3';
import type { LinkListQuery } from '../../shared/link.schema';
import type { LinkRow } from './links.repo';
import { listFilters, STATUS_SQL, whereOf } from './link-list-sql';
import { LinkListCounts } from './link-list-counts';

/**
 * Share of an account's links a tag filter must match for a page to be read in the list's order, checking each
 * link's tags (it finds a page after about page size / share links); below it, the matching ids are collected
 * first and the page sorted from those. Collecting costs what the tags' index ranges hold: for `any` about the
 * matches, for `all` every link of each tag (however few have them all), hence a lower share there.
 */
const PROBE_SHARE = { any: 0.02, all: 0.002 };

const SORT_COLUMNS = new Set(['id', 'clicks', 'title', 'alias', 'url']);

export class LinkListRepo {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly totals = new LinkListCounts((source) => this.stmt(source));

  constructor(private readonly sqlite: SQLite.Database) {}

  private stmt(source: string): SQLite.Statement {
    let s = this.statements.get(source);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.sqlite.prepare(source);
      this.statements.set(source, s);
    }
    return s;
  }

  list(userId: number, q: LinkListQuery, now: string): { rows: LinkRow[]; total: number } {
    const counted = listFilters(userId, q, now);
    const counters = this.totals.counters(userId);
    const total = this.totals.count(userId, q, counted, counters);
    // A tag filter that many links match: read the page in order, checking each link's tags (see PROBE_SHARE).
    const probe = !!q.tag?.length && total >= PROBE_SHARE[q.tag_mode] * counters.total;
    const b = probe ? listFilters(userId, q, now, true) : counted;
    const where = ['l.user_id = @user', ...b.filters];
    if (q.status !== 0) where.push(STATUS_SQL[q.status]);
    const dir = q.sort === 'asc' ? 'ASC' : 'DESC';
    if (!SORT_COLUMNS.has(q.sort_by)) throw new Error(`unknown sort_by ${q.sort_by}`);
    const params = { ...b.params, limit: q.per_page, offset: (q.page - 1) * q.per_page };
    let source: string;
    if (b.fts && q.sort_by === 'id') {
      // Walk the search hits in id order and stop after a page.
      source = `SELECT l.* FROM links_fts f CROSS JOIN links l ON l.id = f.rowid
        WHERE links_fts MATCH @match AND ${where.join(' AND ')} ORDER BY f.rowid ${dir} LIMIT @limit OFFSET @offset`;
    } else {
      if (b.fts) where.push('l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)');
      // Untitled links (NULL title) come last in both directions: DESC puts NULLs last by itself, and for ASC
      // SQLite walks links_user_title twice (the titled range, then the NULL one), still without a sort.
      const nulls = q.sort_by === 'title' && dir === 'ASC' ? ' NULLS LAST' : '';
      source = `SELECT l.* FROM links l WHERE ${where.join(' AND ')}
        ORDER BY l.${q.sort_by} ${dir}${nulls}, l.id ${dir} LIMIT @limit OFFSET @offset`;
    }
    const rows = this.stmt(source).all(params) as LinkRow[];
    return { rows, total };
  }

  /**
   * Ids of every link of the account that the filters and status of `q` match (all of them, not a page),
   * newest first; with `only`, just those of these ids. For bulk work (links.bulk.repo.ts).
   */
  selectIds(userId: number, q: LinkListQuery, now: string, only?: number[]): number[] {
    const b = listFilters(userId, q, now);
    const where = whereOf(b, q.status !== 0 ? [STATUS_SQL[q.status]] : []);
    const params: Record<string, unknown> = { ...b.params };
    if (only) {
      where.push('l.id IN (SELECT value FROM json_each(@only))');
      params.only = JSON.stringify(only);
    }
    return this.stmt(`SELECT l.id FROM links l WHERE ${where.join(' AND ')} ORDER BY l.id DESC`).pluck().all(params) as number[];
  }
}
