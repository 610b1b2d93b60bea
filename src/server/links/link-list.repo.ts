// The link list on SQLite: where its SQL differs from PostgreSQL's (the LinkListStore of link-list.store.ts) and
// the running of the list's plans (link-list.policy.ts) on the raw better-sqlite3 connection, synchronously, with
// prepared statements kept by their text.
import type SQLite from 'better-sqlite3';
import type { LinkListQuery } from '../../shared/link.schema';
import type { LinkRow } from './links.repo';
import { raw, sql, type Plan, type Sql, type Step } from './link-list-sql';
import { LinkListPolicy, type ListTuning } from './link-list.policy';
import type { GramIndex, LinkListStore, SearchIndex } from './link-list.store';
import { gramChars, termWords } from './search-grams';

/** A JSON array parameter, read as a table by json_each. */
const jsonList = (values: readonly (number | string)[]): Sql => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** FTS5 with the trigram tokenizer (migration 001): any substring of 3 characters or more, in rowid order. */
const fts: SearchIndex = {
  minLength: 3,
  // `all`: any of the three columns (tags and domains are matched apart, link-list-filters.ts).
  match: (column, term) => `${column === 'all' ? '' : `${column} : `}"${term.replace(/"/g, '""')}"`,
  has: (match) => sql`l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH ${match})`,
  hits: (match) => ({ from: raw('links_fts f CROSS JOIN links l ON l.id = f.rowid'), where: sql`links_fts MATCH ${match}`, id: raw('f.rowid') }),
  // Checking the owner of many hits reads the narrow (id, user_id) index, not the rows (migration 002).
  count: (match, userId) =>
    userId === null
      ? sql`SELECT count(*) FROM links_fts WHERE links_fts MATCH ${match}`
      : sql`SELECT count(*) FROM links_fts f CROSS JOIN links l INDEXED BY links_id_user ON l.id = f.rowid
          WHERE links_fts MATCH ${match} AND l.user_id = ${userId}`,
};

/** The FTS5 table of migration 024: the term's word in each column, any of them (ids only: detail=none). */
const gramMatch = (columns: Parameters<GramIndex['has']>[0], term: string): string => termWords(columns, gramChars(term) ?? []).join(' OR ');
const grams: GramIndex = {
  has: (columns, term) => sql`l.id IN (SELECT rowid FROM links_grams WHERE links_grams MATCH ${gramMatch(columns, term)})`,
  frequency: (columns, term, cap) => sql`SELECT count(*) FROM (SELECT 1 FROM links_grams WHERE links_grams MATCH ${gramMatch(columns, term)} LIMIT ${cap + 1})`,
};

export const sqliteListStore: LinkListStore = {
  // LIKE ignores the case of ASCII letters only (pg-link-list.repo.test.ts notes the difference).
  contains: (column, pattern) => sql`${column} LIKE ${pattern} ESCAPE '\\'`,
  isIn: (expr, values) => sql`${expr} IN ${jsonList(values)}`,
  // SQLite collects an IN subquery's ids before anything else (set, collect); a probe looks up each link's tags
  // in link_tags' primary key.
  tagFilter: (read, mode, tagIds, tagged) => {
    if (read !== 'probe') return sql`l.id IN (${tagged})`;
    const has = sql`FROM link_tags lt WHERE lt.link_id = l.id AND lt.tag_id IN ${jsonList(tagIds)}`;
    return mode === 'all' ? sql`(SELECT count(*) ${has}) = ${tagIds.length}` : sql`EXISTS (SELECT 1 ${has})`;
  },
  through: (index) => raw(` INDEXED BY ${index}`),
  unindexed: (column) => sql`+${column}`,
  sortExpr: (column) => raw(`l.${column}`),
  // NULLs sort first: DESC puts untitled links last by itself, and ASC NULLS LAST walks links_user_title twice
  // (the titled range, then the NULL one), still without a sort.
  order: (column, direction) => raw(`l.${column} ${direction}${column === 'title' && direction === 'ASC' ? ' NULLS LAST' : ''}`),
  untitledLastAscending: true,
  // Collecting costs what the tags' index ranges hold: for `any` about the matches, for `all` every link of each
  // tag (however few have them all), hence a lower share there.
  probeShare: { any: 0.02, all: 0.002 },
  // SQLite skips rows along an index without reading them.
  deepPagesById: false,
  searchIndex: fts,
  gramIndex: grams,
};

export class LinkListRepo {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly policy: LinkListPolicy;

  /** `store`: SQLite's; `tuning`: the policy's (tests vary both). */
  constructor(
    private readonly sqlite: SQLite.Database,
    store: LinkListStore = sqliteListStore,
    tuning: Partial<ListTuning> = {},
  ) {
    this.policy = new LinkListPolicy(store, tuning);
  }

  list(userId: number, q: LinkListQuery, now: string): { rows: LinkRow[]; total: number; estimate: boolean } {
    return this.run(this.policy.list(userId, q, now));
  }

  /** See LinkListPolicy.selectIds (the raw connection is the one a Kysely transaction holds). */
  selectIds(userId: number, q: LinkListQuery, now: string, only?: number[]): number[] {
    return this.run(this.policy.selectIds(userId, q, now, only));
  }

  /** See LinkListPolicy.after. */
  after(userId: number, q: LinkListQuery, now: string, after: number, limit: number): LinkRow[] {
    return this.run(this.policy.after(userId, q, now, after, limit));
  }

  /** Runs a plan of the list's policy, statement by statement. */
  run<T>(plan: Plan<T>): T {
    let step = plan.next();
    while (!step.done) step = plan.next(this.answer(step.value));
    return step.value;
  }

  private answer(step: Step): unknown {
    if (step.kind === 'values') return step.queries.map((q) => this.statement(q).pluck(true).get(...q.params));
    const s = this.statement(step.query);
    const params = step.query.params;
    if (step.kind === 'rows') return s.pluck(false).all(...params);
    return step.kind === 'column' ? s.pluck(true).all(...params) : s.pluck(true).get(...params);
  }

  private statement(query: Sql): SQLite.Statement {
    const source = query.strings.join('?');
    let s = this.statements.get(source);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.sqlite.prepare(source);
      this.statements.set(source, s);
    }
    return s;
  }
}
