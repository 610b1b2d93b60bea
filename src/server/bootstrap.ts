// First start: make sure an admin exists (ADMIN_API_KEY, or a new key printed once).
import type { Config } from './config';
import type { Db } from './db/database';
import { UsersRepo } from './users/users.repo';
import { ApiKeysRepo } from './api-keys/api-keys.repo';

export async function ensureAdmin(db: Db, config: Config): Promise<{ createdKey: string | null }> {
  const users = new UsersRepo(db.kysely);
  if (config.adminApiKey) {
    if (!(await new ApiKeysRepo(db.kysely).byKey(config.adminApiKey))) await users.create('Admin', 'admin', config.adminApiKey);
    return { createdKey: null };
  }
  if ((await users.count()) === 0) {
    const { apiKey } = await users.create('Admin', 'admin');
    return { createdKey: apiKey };
  }
  return { createdKey: null };
}
