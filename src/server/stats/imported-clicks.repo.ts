// Clicks imported from another shortener (links.imported_clicks and imported_at, migration 019): part of each
// link's `clicks`, but without dates or visitor details, so the stats answers show them apart (`imported`),
// never in their totals, series or top lists.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ImportedClicks } from '../../shared/analytics.schema';

/** The links whose imported clicks are summed: the account's, optionally one link, a space and a domain (0: none). */
export interface ImportedScope {
  userId: number;
  linkId?: number;
  spaceId?: number;
  domainId?: number;
}

/** The `imported` member of an answer: present only when there are imported clicks (their time comes with them). */
export function importedAnswer(clicks: number, before: string | null): ImportedClicks | undefined {
  return clicks > 0 && before !== null ? { clicks, before } : undefined;
}

/** The imported clicks of the links in scope, as they are now (a deleted link's go with it). */
export async function importedClicks(db: Kysely<Database>, scope: ImportedScope): Promise<ImportedClicks | undefined> {
  const { linkId, spaceId, domainId } = scope;
  let query = db
    .selectFrom('links')
    .select([sql<number | string | null>`sum(imported_clicks)`.as('clicks'), sql<string | null>`max(imported_at)`.as('before')])
    .where('user_id', '=', scope.userId)
    // Written out, not bound: the condition of the partial index links_user_imported, which both databases use.
    .where(sql<boolean>`imported_clicks > 0`);
  if (linkId !== undefined) query = query.where('id', '=', linkId);
  if (spaceId !== undefined) query = spaceId === 0 ? query.where('space_id', 'is', null) : query.where('space_id', '=', spaceId);
  if (domainId !== undefined) query = domainId === 0 ? query.where('domain_id', 'is', null) : query.where('domain_id', '=', domainId);
  const row = await query.executeTakeFirst();
  return importedAnswer(Number(row?.clicks ?? 0), row?.before ?? null);
}
