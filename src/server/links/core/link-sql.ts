// SQL pieces every links store query shares, with the dialect fragments of both databases: an id list as one
// bound parameter, the parts a large write is cut into, and the columns of a link row in one order.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

type Trx = Kysely<Database>;

/** The columns of a link row, in one order for copying them out and back (operation_deleted_links). */
export const LINK_COLUMNS = [
  'id', 'user_id', 'domain_id', 'space_id', 'alias', 'url', 'title', 'targets', 'targets_type', 'sensitive_content', 'privacy',
  'password_hash', 'redirect_password_hash', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url',
  'disabled', 'clicks', 'created_at', 'updated_at', 'og_title', 'og_description', 'og_image', 'imported_clicks', 'imported_at',
] as const;
export const EVENT_COLUMNS = [
  'link_id', 'clicked_at', 'country', 'continent', 'os', 'browser', 'device', 'language', 'referrer',
  'target', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'source', 'visitor',
] as const;
export const DAILY_COLUMNS = ['link_id', 'day', 'dimension', 'value', 'count', 'uniques', 'qr'] as const;
export const HOURLY_COLUMNS = ['link_id', 'hour', 'count', 'uniques', 'qr'] as const;

/** `column IN (the ids)` as one parameter: a JSON array on SQLite, an int[] on PostgreSQL (no 32k-variable limit). */
export function inIds(db: Trx, column: string, ids: number[]): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} = any(${ids}::int[])`
    : sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * The ids in parts for the statements that write links: on PostgreSQL one UPDATE of 100,000 links (every
 * index, the trigram ones too) can take longer than the pool's 15 s statement limit, so it goes in parts of
 * 5,000 within the same transaction; SQLite writes them in one statement.
 */
export const PART_SIZE = { postgres: 5000, sqlite: Infinity };

export function parts(db: Trx, ids: number[]): number[][] {
  const size = Math.max(1, Math.min(isPostgres(db) ? PART_SIZE.postgres : PART_SIZE.sqlite, ids.length));
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
