// SQL functions that SQLite's triggers call (migration 024), registered on every connection that writes links.
import type SQLite from 'better-sqlite3';
import { linkGrams } from '../links/search-grams';

export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  sqlite.function('link_grams', { deterministic: true }, (title, alias, url) =>
    linkGrams(title as string | null, alias as string | null, url as string | null),
  );
}
