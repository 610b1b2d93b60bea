// What the link list's policy (link-list.policy.ts) needs from a database: SQL fragments where the two differ,
// a few facts about how their planners read the indexes, and (in the repository beside each store) the running of
// a plan. One small implementation per database: link-list.repo.ts (SQLite), pg-link-list.repo.ts (PostgreSQL).
import type { LinkListQuery } from '../../shared/link.schema';
import type { Sql } from './link-list-sql';
import type { GramColumn } from './search-grams';

export type SortColumn = LinkListQuery['sort_by'];
export type SearchColumn = LinkListQuery['search_by'];
export type Direction = 'ASC' | 'DESC';

/**
 * How a tag filter is read: `set`, to count the tagged links among others (the planner chooses); `probe`, link by
 * link, for a page read in the list's order or links read from another index; `collect`, the tagged links first,
 * for a page of few of them.
 */
export type TagRead = 'set' | 'probe' | 'collect';

export interface LinkListStore {
  /** `column` contains the LIKE pattern (`\` escapes), ignoring case as far as the database can. */
  contains(column: Sql, pattern: string): Sql;
  /**
   * A faster check that holds for some of the links `contains` holds for (PostgreSQL's ILIKE in the C collation,
   * which folds ASCII letters only), for counting matches in a sample; absent: `contains` is as fast.
   */
  subsetContains?(column: Sql, pattern: string): Sql;
  /** `expr` is one of `values` (integers or texts), passed as one parameter. */
  isIn(expr: Sql, values: readonly (number | string)[], type: 'int' | 'text'): Sql;
  /**
   * Link `l` has any, or all, of the tags (`all`: two or more), read as `read` asks. `tagged`: the subquery of the
   * tagged links' ids (with `all`, of those with every tag), for the forms that use it.
   */
  tagFilter(read: TagRead, mode: 'any' | 'all', tagIds: readonly number[], tagged: Sql): Sql;
  /** Written after `links l`: the links are read through this index (SQLite's INDEXED BY; PostgreSQL plans alone). */
  through(index: string): Sql;
  /** A text column in a form no index answers, so that the other conditions choose the rows read. */
  unindexed(column: Sql): Sql;
  /** A sort column as its index reads it (order() sorts by it; a seek compares it: link-list-seeks.ts). */
  sortExpr(column: SortColumn): Sql;
  /** The ORDER BY term of a sort column that the account's index on it reads in order (then `l.id`, the same way). */
  order(column: SortColumn, direction: Direction): Sql;
  /**
   * Untitled links (NULL) already come last in order('title', 'ASC'). Otherwise that order puts them first and
   * the policy reads the titled links, then the untitled ones.
   */
  readonly untitledLastAscending: boolean;
  /**
   * Share of an account's links a tag filter must match for its page to be read in the list's order, probing
   * each link's tags; below it the matching ids are collected first and the page sorted from those.
   */
  readonly probeShare: Readonly<Record<'any' | 'all', number>>;
  /**
   * A deep page (OFFSET in the thousands) is read as ids first, then the page's rows: where skipping a row costs
   * a visit to the table (PostgreSQL's heap) but an id comes from the index alone (an index-only scan).
   */
  readonly deepPagesById: boolean;
  /** A separate full-text index of the searched columns, when the database keeps one (SQLite's FTS5). */
  readonly searchIndex: SearchIndex | null;
  /** The index of one- and two-character terms (search-grams.ts, migration 024). */
  readonly gramIndex: GramIndex | null;
}

/** Links by the characters and pairs of characters of their searched columns, case folded (search-grams.ts). */
export interface GramIndex {
  /** Condition on `l`: the link holds `term` (1 or 2 characters: gramChars) in one of `columns`; contains() decides. */
  has(columns: readonly GramColumn[], term: string): Sql;
  /**
   * A count of the links (every account's) holding `term` in `columns`, up to `cap` + 1, to weigh the index against
   * reading the links one by one; null: the database's planner weighs it by itself.
   */
  frequency(columns: readonly GramColumn[], term: string, cap: number): Sql | null;
}

/** A trigram index of title, alias and url whose row ids are the links' ids. */
export interface SearchIndex {
  /** Shortest term it answers; shorter ones are a `contains` condition. */
  readonly minLength: number;
  /** The index's query for `term` as a substring of `column`. */
  match(column: SearchColumn, term: string): string;
  /** Condition on `l`: the link is a hit. */
  has(match: string): Sql;
  /** The hits joined to their links `l`, read in id order (`id`), and the condition that selects them. */
  hits(match: string): { from: Sql; where: Sql; id: Sql };
  /** The number of hits of the account (`userId`), or of every account (null). */
  count(match: string, userId: number | null): Sql;
}
