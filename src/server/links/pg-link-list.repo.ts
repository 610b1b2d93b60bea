// The link list on PostgreSQL: where its SQL differs from SQLite's (the LinkListStore of
// link-list.store.ts) and the running of the list's plans (link-list.policy.ts) through Kysely, so that the same
// rows come in the same order with the same totals. Substring search is ILIKE, which the pg_trgm GIN indexes of
// migration 001 answer for 3+ characters; text sorts use the "C" collation and put untitled links last in both
// directions, as SQLite does, so both databases order rows byte for byte alike.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LinkListQuery } from '../../shared/link.schema';
import type { LinkRow } from './links.repo';
import { and, raw, sql, type Plan, type Sql, type Step } from './link-list-sql';
import { LinkListPolicy, type ListTuning } from './link-list.policy';
import type { LinkListStore } from './link-list.store';
import { columnLetters } from './search-grams';

export const pgListStore: LinkListStore = {
  contains: (column, pattern) => sql`${column} ILIKE ${pattern} ESCAPE '\\'`,
  // A third faster than ILIKE in the database's collation (which also folds non-ASCII letters).
  subsetContains: (column, pattern) => sql`${column} COLLATE "C" ILIKE ${pattern} ESCAPE '\\'`,
  isIn: (expr, values, type) => (type === 'int' ? sql`${expr} = any(${values}::int[])` : sql`${expr} = any(${values}::text[])`),
  // Collect: an array of the ids, which PostgreSQL reads first; with `IN (…)` the planner may read the page in order
  // and probe, walking most of the account for a tag that a statistics sample rated more common than it is.
  // Otherwise `IN`, the tags' ids known: the planner sees how many links each has, and for a common tag reads the
  // page in order and probes link_tags (0.2 ms at 100,000 links) instead of collecting its links (150 ms). `all` is
  // one `IN` per tag: a page read in order stops early, and a count is 3-4 times faster than with a GROUP BY.
  tagFilter: (read, mode, tagIds, tagged) => {
    if (read === 'collect') return sql`l.id = any(ARRAY(${tagged}))`;
    if (mode === 'any') return sql`l.id IN (${tagged})`;
    return and(tagIds.map((id) => sql`l.id IN (SELECT lt.link_id FROM link_tags lt WHERE lt.tag_id = ${id})`));
  },
  // The planner picks the partial indexes by itself.
  through: () => raw(''),
  unindexed: (column) => sql`(${column} || '')`,
  // links_user_title keeps NULLs first (migration 001): title DESC NULLS LAST reads it backwards, ASC NULLS FIRST
  // forwards (the policy then reads the untitled part apart). Alias and url are NOT NULL: their indexes apply
  // only without a NULLS clause.
  sortExpr: (column) => raw(column === 'id' || column === 'clicks' ? `l.${column}` : `l.${column} COLLATE "C"`),
  order: (column, direction) => {
    const nulls = column !== 'title' ? '' : direction === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST';
    return sql`${pgListStore.sortExpr(column)} ${raw(direction + nulls)}`;
  },
  untitledLastAscending: false,
  probeShare: { any: 0.01, all: 0.01 },
  deepPagesById: true,
  searchIndex: null,
  // The GIN index on link_grams(...) (migration 024), the term's words computed by the same SQL as the links'.
  // A term's frequency is read from the statistics ANALYZE keeps on the index's expression (its most common
  // words and their shares, times the table's rows): a common word is not among the rare (0: no statistics yet).
  gramIndex: {
    has: (columns, term) => sql`link_grams(l.title, l.alias, l.url) && link_term_words(${columnLetters(columns)}, ${term})`,
    frequency: (columns, term) => sql`SELECT greatest(0, coalesce(sum(e.freq), 0) * max(c.reltuples))::bigint
      FROM pg_stats s CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(word, freq)
        CROSS JOIN pg_class c
      WHERE s.schemaname = current_schema() AND s.tablename = 'links_grams' AND c.oid = 'links'::regclass
        AND e.word = any(link_term_words(${columnLetters(columns)}, ${term}))`,
  },
};

/** The text with PostgreSQL's numbered placeholders. */
function compiled(query: Sql): CompiledQuery {
  let text = query.strings[0] as string;
  for (let i = 1; i < query.strings.length; i++) text += `$${i}${query.strings[i] as string}`;
  return CompiledQuery.raw(text, [...query.params]);
}

const first = (row: object | undefined): unknown => (row ? Object.values(row)[0] : undefined);

export class PgLinkListRepo {
  private readonly policy: LinkListPolicy;

  /** `store`: PostgreSQL's; `tuning`: the policy's (tests vary both). */
  constructor(
    private readonly db: Kysely<Database>,
    store: LinkListStore = pgListStore,
    tuning: Partial<ListTuning> = {},
  ) {
    this.policy = new LinkListPolicy(store, tuning);
  }

  list(userId: number, q: LinkListQuery, now: string): Promise<{ rows: LinkRow[]; total: number; estimate: boolean }> {
    return this.run(this.policy.list(userId, q, now));
  }

  /** See LinkListPolicy.selectIds; `db`: a transaction to read in (links.bulk.repo.ts). */
  selectIds(userId: number, q: LinkListQuery, now: string, only?: number[], db: Kysely<Database> = this.db): Promise<number[]> {
    return this.run(this.policy.selectIds(userId, q, now, only), db);
  }

  /** See LinkListPolicy.after. */
  after(userId: number, q: LinkListQuery, now: string, after: number, limit: number): Promise<LinkRow[]> {
    return this.run(this.policy.after(userId, q, now, after, limit));
  }

  /** Runs a plan of the list's policy, statement by statement (in `db`, a transaction if given). */
  async run<T>(plan: Plan<T>, db: Kysely<Database> = this.db): Promise<T> {
    let step = plan.next();
    while (!step.done) step = plan.next(await this.answer(step.value, db));
    return step.value;
  }

  private async answer(step: Step, db: Kysely<Database>): Promise<unknown> {
    const rowsOf = async (query: Sql) => (await db.executeQuery<Record<string, unknown>>(compiled(query))).rows;
    // Counts that do not depend on each other run at once, on as many of the pool's connections.
    if (step.kind === 'values') return Promise.all(step.queries.map(async (q) => first((await rowsOf(q))[0])));
    const rows = await rowsOf(step.query);
    if (step.kind === 'rows') return rows;
    return step.kind === 'column' ? rows.map(first) : first(rows[0]);
  }
}
