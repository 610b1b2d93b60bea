// The short-term search index: one- and two-character terms, which the trigram indexes of migration
// 001 cannot answer (a LIKE read every link of the account: 200-700 ms at a million links). Each link's title,
// alias and url are indexed by every distinct character and pair of characters, case folded, in the words of
// links/search-grams.ts: on SQLite a contentless FTS5 table (detail=none: ids only, 140 MB a million links)
// filled by triggers through the function link_grams (registered on every connection that writes links:
// db/sqlite-functions.ts); on PostgreSQL a GIN index on the grams computed by SQL functions of the same name.
// The list reads the index only for a term rare enough (link-list-filters.ts): a common one is found link by link.
import { sql, type Kysely } from 'kysely';

/**
 * The words of a link and of a term in the columns given by their letters: on PostgreSQL the column's letter and the
 * characters themselves (`tab`), which only these two functions write and read (cheaper than search-grams.ts's hex).
 */
export const postgres = [
  `CREATE FUNCTION link_grams(t text, a text, u text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT ARRAY(SELECT DISTINCT v.letter || substr(v.s, i, k)
       FROM (VALUES ('t', lower(t)), ('a', lower(a)), ('u', lower(u))) AS v(letter, s),
         generate_series(1, coalesce(length(v.s), 0)) AS i, (VALUES (1), (2)) AS n(k)
       WHERE i + k - 1 <= length(v.s))
   $$`,
  `CREATE FUNCTION link_term_words(letters text, term text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT array_agg(l || lower(term)) FROM regexp_split_to_table(letters, '') AS l
   $$`,
  'CREATE INDEX links_grams ON links USING gin (link_grams(title, alias, url))',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE links_grams USING fts5(grams, content='', contentless_delete=1, detail=none)`.execute(db);
  await sql`INSERT INTO links_grams(rowid, grams) SELECT id, link_grams(title, alias, url) FROM links`.execute(db);
  await sql`CREATE TRIGGER links_grams_ai AFTER INSERT ON links BEGIN
    INSERT INTO links_grams(rowid, grams) VALUES (new.id, link_grams(new.title, new.alias, new.url));
  END`.execute(db);
  await sql`CREATE TRIGGER links_grams_ad AFTER DELETE ON links BEGIN
    DELETE FROM links_grams WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER links_grams_au AFTER UPDATE OF title, alias, url ON links BEGIN
    DELETE FROM links_grams WHERE rowid = old.id;
    INSERT INTO links_grams(rowid, grams) VALUES (new.id, link_grams(new.title, new.alias, new.url));
  END`.execute(db);
}
