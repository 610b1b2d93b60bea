// Checksums of a SQLite database's content, for tests that must prove nothing changed (a failed migration)
// or everything arrived (a restored backup). Table names come from sqlite_master, never from input.
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';

/** SHA-256 of every row of `table` (all columns, in rowid order; FTS shadow tables included). */
export function tableChecksum(sqlite: SQLite.Database, table: string): string {
  const hash = crypto.createHash('sha256');
  for (const row of sqlite.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}" ORDER BY 1`).raw().iterate()) {
    hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? String(v) : v)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** The schema (every CREATE statement) and every table's rows. */
export function databaseChecksum(sqlite: SQLite.Database): { schema: string[]; tables: Record<string, string> } {
  const schema = sqlite.prepare("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name").pluck().all() as string[];
  const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return { schema, tables: Object.fromEntries(names.map((n) => [n, tableChecksum(sqlite, n)])) };
}

/** databaseChecksum of a file, opened read-only. */
export function fileChecksum(file: string): ReturnType<typeof databaseChecksum> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return databaseChecksum(sqlite);
  } finally {
    sqlite.close();
  }
}
