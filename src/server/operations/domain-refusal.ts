// Why a link cannot come back onto its domain (an undo, a revision restore): one rule, the workspace's usable
// domains of domains/domain-access.ts, and one wording of the reason, so both paths say the true one.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { usableBy } from '../domains/domain-access';

type Db = Kysely<Database>;

/** Why the links of a domain cannot come back: the domain row is gone, or it is no longer the workspace's to use. */
export type DomainRefusal = 'deleted' | 'unshared';

/** The reason in words, as the predicate of "the domain of this link …". */
export const DOMAIN_REFUSAL_WORDS: Record<DomainRefusal, string> = {
  deleted: 'was deleted',
  unshared: 'is no longer available to this workspace (the instance admin stopped sharing it, or it moved to another workspace)',
};

/** `d.domain_id` names no domain the workspace may use (SQL over a table aliased `alias` holding `domain_id`). */
export const domainUnusable = (workspaceId: number, alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.domain_id`)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM domains ud WHERE ud.id = ${sql.ref(`${alias}.domain_id`)} AND ${usableBy(workspaceId, 'ud')}))`;

/** Of the domains `ids`, those the workspace may no longer put links on, each with why. */
export async function domainRefusals(db: Db, workspaceId: number, ids: number[]): Promise<Map<number, DomainRefusal>> {
  const out = new Map<number, DomainRefusal>();
  const wanted = [...new Set(ids)];
  if (!wanted.length) return out;
  const rows = await db
    .selectFrom('domains')
    .select(['id', sql<number>`CASE WHEN ${usableBy(workspaceId)} THEN 1 ELSE 0 END`.as('usable')])
    .where('id', 'in', wanted)
    .execute();
  const found = new Map(rows.map((r) => [r.id, Number(r.usable) === 1]));
  for (const id of wanted) {
    const usable = found.get(id);
    if (usable === undefined) out.set(id, 'deleted');
    else if (!usable) out.set(id, 'unshared');
  }
  return out;
}
