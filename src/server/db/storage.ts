// Opens the storage of config: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR.
import type { Config } from '../config';
import { openDatabase, type Db } from './database';
import { openPostgres } from './postgres/open-postgres';

export async function openStorage(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openDatabase(config.dbFile);
}

/** Where the data lives, for the start-up banner (a PostgreSQL URL without its password). */
export function describeStorage(config: Config): string {
  if (!config.databaseUrl) return config.dbFile;
  try {
    const u = new URL(config.databaseUrl);
    u.password = '';
    return `PostgreSQL ${u.toString().replace(/^postgres(ql)?:\/\/([^@]*?):?@/, 'postgres://$2@')}`;
  } catch {
    return 'PostgreSQL';
  }
}
