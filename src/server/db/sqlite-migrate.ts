// SQLite migrations that cannot half-happen. Kysely's Migrator runs SQLite migrations outside any
// transaction (its SqliteAdapter reports no transactional DDL), yet SQLite's DDL is transactional: here
// the pending migrations run inside one transaction opened on the connection, and the transactions the
// migrations open themselves become savepoints within it. A failing migration rolls all of it back, so
// the file is exactly as it was before the start. Before a file with data gets a pending migration, it
// is copied to `linkdeck.db.before-<migration>` (VACUUM INTO: consistent, WAL included); the newest 3
// such snapshots are kept.
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Migration } from 'kysely';
import { DatabaseStartError } from './postgres/open-postgres';

export const SNAPSHOTS_KEPT = 3;

/** SQLite's driver whose transactions are savepoints: they nest inside the migration transaction. */
class SavepointDriver extends SqliteDriver {
  private depth = 0;
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint migration_${++this.depth}`));
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release migration_${this.depth--}`));
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to migration_${this.depth}`));
    await connection.executeQuery(CompiledQuery.raw(`release migration_${this.depth--}`));
  }
}

class SavepointDialect extends SqliteDialect {
  constructor(private readonly database: SQLite.Database) {
    super({ database });
  }
  override createDriver(): Driver {
    return new SavepointDriver({ database: this.database });
  }
}

function applied(sqlite: SQLite.Database): string[] {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  return table ? (sqlite.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]) : [];
}

/** Copies the database to `<file>.before-<migration>` and keeps the newest SNAPSHOTS_KEPT; the snapshot's path. */
export function snapshotBefore(sqlite: SQLite.Database, file: string, migration: string): string {
  const target = `${file}.before-${migration}`;
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  sqlite.prepare('VACUUM INTO ?').run(partial);
  fs.renameSync(partial, target);
  const prefix = `${path.basename(file)}.before-`;
  const dir = path.dirname(file);
  const snapshots = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(prefix) && !n.endsWith('.partial'))
    .map((n) => ({ file: path.join(dir, n), at: fs.statSync(path.join(dir, n)).mtimeMs }))
    .sort((a, b) => b.at - a.at || b.file.localeCompare(a.file));
  for (const old of snapshots.slice(SNAPSHOTS_KEPT)) fs.rmSync(old.file, { force: true });
  return target;
}

/**
 * On a database that was ANALYZEd (sqlite_stat1 exists), the indexes a migration added get their statistics too:
 * unmeasured, SQLite's planner takes an index for a selective one and may read every list through it (migration
 * 021's index sent a sort_by=clicks page of 1,000,000 links from 2 ms to 430 ms). Without any statistics the
 * planner's defaults hold for every index alike, and nothing is measured.
 */
function measureNewIndexes(sqlite: SQLite.Database): void {
  if (!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) return;
  const unmeasured = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)")
    .pluck()
    .all() as string[];
  // Index names are the migrations' own, never input.
  for (const name of unmeasured) sqlite.exec(`ANALYZE "${name}"`);
}

/** Applies the pending `migrations` to `sqlite` (the file `file`, or ':memory:'), all or nothing. */
export async function migrateSqlite(sqlite: SQLite.Database, file: string, migrations: Record<string, Migration>): Promise<void> {
  const done = new Set(applied(sqlite));
  const pending = Object.keys(migrations).filter((n) => !done.has(n)).sort();
  const snapshot = done.size > 0 && pending[0] && file !== ':memory:' && file !== '' ? snapshotBefore(sqlite, file, pending[0]) : null;
  // Never destroyed: that would close the connection the app goes on with.
  const kysely = new Kysely<unknown>({ dialect: new SavepointDialect(sqlite) });
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  // A migration that rebuilds a referenced table asks for foreign keys off (SQLite's own procedure); checked before commit.
  const keysOff = pending.some((n) => (migrations[n] as { foreignKeysOff?: boolean }).foreignKeysOff);
  if (keysOff) sqlite.pragma('foreign_keys = OFF');
  sqlite.exec('BEGIN IMMEDIATE');
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await migrator.migrateToLatest();
    if (keysOff && !outcome.error && (sqlite.pragma('foreign_key_check') as unknown[]).length) throw new Error('foreign_key_check found rows without their parent');
  } catch (error) {
    outcome = { error };
  }
  if (!outcome.error) {
    sqlite.exec('COMMIT');
    if (keysOff) sqlite.pragma('foreign_keys = ON');
    if (pending.length) measureNewIndexes(sqlite);
    return;
  }
  if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  if (keysOff) sqlite.pragma('foreign_keys = ON');
  const failed = outcome.results?.find((r) => r.status === 'Error')?.migrationName;
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  throw new DatabaseStartError(
    `migration ${failed ?? '(before any migration)'} failed: ${message}; the database is unchanged` + (snapshot ? `, and a copy from before the upgrade is at ${snapshot}` : ''),
  );
}
