// API keys (migration 025), stored as SHA-256 hashes: a person's sign-in key (workspace_id NULL, every scope) and
// keys of one workspace each, with their scopes, an optional expiry and their last use.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { UserRole } from '../../shared/enums';
import { API_SCOPES, isApiScope, type ApiScope } from '../../shared/api-scopes';
import type { WorkspaceApiKey } from '../../shared/api-key.schema';
import { hashApiKey, newApiKey } from '../auth/secrets';
import { nowIso } from '../db/sql-values';

/** How much of a key is kept in clear, to tell keys apart. */
const PREFIX_LENGTH = 8;
export const SIGN_IN_KEY_NAME = 'Sign-in key';

/** A key as the auth hook sees it, with its person. */
export interface KeyHolder {
  id: number;
  name: string;
  /** null: the person's sign-in key. */
  workspaceId: number | null;
  scopes: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  person: { id: number; name: string; role: UserRole; created_at: string };
}

export interface NewKey {
  userId: number;
  workspaceId: number;
  name: string;
  scopes: readonly ApiScope[];
  expiresAt?: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

export class ApiKeysRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async byKey(key: string): Promise<KeyHolder | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.user_id')
      .select(['k.id', 'k.name', 'k.workspace_id', 'k.scopes', 'k.expires_at', 'k.last_used_at', 'u.id as user_id', 'u.name as user_name', 'u.role', 'u.created_at'])
      .where('k.key_hash', '=', hashApiKey(key))
      .where('u.kind', '=', 'person')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      workspaceId: row.workspace_id,
      scopes: parseScopes(row.scopes),
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      person: { id: row.user_id, name: row.user_name, role: row.role, created_at: row.created_at },
    };
  }

  /** Records a use at `at`, unless one at or after `since` is recorded already (so at most one write per interval). */
  async touch(id: number, at: string, since: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
      .execute();
  }

  /** Writes a new person's sign-in key (within the transaction that creates the person). */
  async addSignInKey(db: Db, userId: number, key: string, at = nowIso()): Promise<void> {
    await db
      .insertInto('api_keys')
      .values({ user_id: userId, workspace_id: null, name: SIGN_IN_KEY_NAME, key_hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH), scopes: JSON.stringify(API_SCOPES), created_at: at })
      .execute();
  }

  /** A new sign-in key for the person (the same row, id kept); the old one stops working at once. */
  async rotateSignInKey(userId: number): Promise<string> {
    const key = newApiKey();
    const r = await this.db
      .updateTable('api_keys')
      .set({ key_hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH), last_used_at: null, created_at: nowIso() })
      .where('user_id', '=', userId)
      .where('workspace_id', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await this.addSignInKey(this.db, userId, key);
    return key;
  }

  private workspaceKeys(workspaceId: number) {
    return this.db.selectFrom('api_keys as k').innerJoin('users as u', 'u.id', 'k.user_id').where('k.workspace_id', '=', workspaceId);
  }

  private readonly keyColumns = ['k.id', 'k.name', 'k.prefix', 'k.scopes', 'k.expires_at', 'k.last_used_at', 'k.created_at', 'u.id as user_id', 'u.name as user_name'] as const;

  /** One page of a workspace's keys (not sign-in keys), newest first. */
  async listOfWorkspace(workspaceId: number, page: number, perPage: number): Promise<{ rows: WorkspaceApiKey[]; total: number }> {
    const total = await this.workspaceKeys(workspaceId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await this.workspaceKeys(workspaceId)
      .select(this.keyColumns)
      .orderBy('k.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { rows: rows.map(presentKey), total: Number(total.n) };
  }

  async findInWorkspace(workspaceId: number, id: number): Promise<WorkspaceApiKey | undefined> {
    const row = await this.workspaceKeys(workspaceId).select(this.keyColumns).where('k.id', '=', id).executeTakeFirst();
    return row && presentKey(row);
  }

  /** Deletes a key of a workspace: it stops working at once. */
  async revoke(workspaceId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('api_keys').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A key of one workspace; answers its id and the key itself (shown once). */
  async create(input: NewKey): Promise<{ id: number; key: string }> {
    const key = newApiKey();
    const row = await this.db
      .insertInto('api_keys')
      .values({
        user_id: input.userId,
        workspace_id: input.workspaceId,
        name: input.name,
        key_hash: hashApiKey(key),
        prefix: key.slice(0, PREFIX_LENGTH),
        scopes: JSON.stringify(API_SCOPES.filter((s) => input.scopes.includes(s))),
        expires_at: input.expiresAt ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, key };
  }
}

/** The scopes a stored key names that this version knows. */
function knownScopes(text: string): ApiScope[] {
  return parseScopes(text).filter(isApiScope);
}

function parseScopes(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function presentKey(row: {
  id: number;
  name: string;
  prefix: string | null;
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  user_id: number;
  user_name: string;
}): WorkspaceApiKey {
  const { user_id: id, user_name: name, scopes, ...key } = row;
  return { ...key, scopes: knownScopes(scopes), user: { id, name } };
}
