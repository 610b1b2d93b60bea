// The link list's plain-SQL oracle for tests (link-list.oracle.test.ts, link-list-seeks.test.ts): a small seeded
// world of two accounts, and what a plain query answers for a list query, to compare every way the list policy
// reads a page against.
import type { Kysely } from 'kysely';
import type { SqliteDb } from '../db/database';
import type { Database } from '../db/schema';
import { likePattern } from '../db/sql-values';
import type { LinkListQuery } from '../../shared/link-list.schema';
import { tagKey } from '../../shared/tag.schema';
import { and, or, raw, sql, type Sql } from '../links/link-list-sql';
import { statusFilter } from '../links/link-list-filters';
import { insertLinks } from '../links/core/link-store';

export const NOW = '2026-11-22T12:00:00.000Z';
const AT = '2026-01-01T00:00:00.000Z';
const TITLES = [null, 'Spring Launch', 'launch-day', 'a_b%c', 'Zebra zq', 'apple', 'SPRINT', '10% off', 'quiet'];

export async function seed(db: Kysely<Database>): Promise<void> {
  await db.insertInto('users').values([1, 2].map((id) => ({ id, name: `u${id}`, role: 'user', api_key_hash: `k${id}`, created_at: AT, updated_at: AT }))).execute();
  await db.insertInto('domains').values([{ id: 1, user_id: 1, name: 'go.zq.example', created_at: AT, updated_at: AT }]).execute();
  const links = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1,
    user_id: i % 11 === 10 ? 2 : 1,
    domain_id: i % 5 === 0 ? 1 : null,
    alias: `${i % 3 === 0 ? 'Sp' : 'k'}${i}${i % 7 === 0 ? '%' : ''}`,
    url: `https://${i % 2 ? 'shop' : 'blog'}.example/${i % 13 === 0 ? 'launch' : 'p'}/${i}`,
    title: TITLES[(i * 7) % TITLES.length] ?? null,
    targets: '[]',
    sensitive_content: 0,
    privacy: 0,
    disabled: i % 9 === 0 ? 1 : 0,
    clicks: (i * 37) % 17,
    clicks_limit: i % 8 === 0 ? 5 : null,
    active_period_end_at: i % 10 === 3 ? '2026-06-01T00:00:00.000Z' : null,
    created_at: AT,
    updated_at: AT,
  }));
  // Through the links core's one insert, one account at a time (as it takes them); the rows keep their ids.
  for (const userId of [1, 2]) await insertLinks(db, links.filter((l) => l.user_id === userId).map((values) => ({ values, pixelIds: [], tags: [] })));
  const tags = ['rare', 'common', 'mid', 'spring'].map((name, i) => ({ id: i + 1, user_id: 1, name, name_key: name, color: 1, created_at: AT, updated_at: AT }));
  await db.insertInto('tags').values(tags).execute();
  const own = links.filter((l) => l.user_id === 1);
  await db.insertInto('link_tags').values([
    ...own.filter((l) => l.id % 60 === 1).map((l) => ({ link_id: l.id, tag_id: 1 })),
    ...own.filter((l) => l.id % 3 === 0).map((l) => ({ link_id: l.id, tag_id: 2 })),
    ...own.filter((l) => l.id % 10 < 3).map((l) => ({ link_id: l.id, tag_id: 3 })),
    ...own.filter((l) => l.id % 17 === 0).map((l) => ({ link_id: l.id, tag_id: 4 })),
  ]).execute();
}

/** The plain query of `q` at `now`: every term a LIKE (with tag and domain names for `all`), tags as EXISTS. */
export function oracle(db: SqliteDb, q: LinkListQuery, now = NOW): { ids: number[]; total: number } {
  const where: Sql[] = [sql`l.user_id = 1`, ...statusFilter(q, now)];
  if (q.search) {
    const p = likePattern(q.search);
    const like = (c: string) => sql`${raw(c)} LIKE ${p} ESCAPE '\\'`;
    const cols = q.search_by === 'all' ? ['l.title', 'l.alias', 'l.url'] : [`l.${q.search_by}`];
    const named = q.search_by !== 'all' ? [] : [
      sql`EXISTS (SELECT 1 FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = l.id AND t.name LIKE ${p} ESCAPE '\\')`,
      sql`EXISTS (SELECT 1 FROM domains d WHERE d.id = l.domain_id AND d.name LIKE ${p} ESCAPE '\\')`,
    ];
    where.push(or([...cols.map(like), ...named]));
  }
  const tagged = (name: string) => sql`EXISTS (SELECT 1 FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = l.id AND t.name_key = ${tagKey(name)})`;
  if (q.tag?.length) where.push(q.tag_mode === 'all' && q.tag.length > 1 ? and(q.tag.map(tagged)) : or(q.tag.map(tagged)));
  const dir = q.sort === 'asc' ? 'ASC' : 'DESC';
  const order = q.sort_by === 'title' ? `l.title IS NULL, l.title ${dir}` : `l.${q.sort_by} ${dir}`;
  const text = (s: Sql) => s.strings.join('?');
  const all = db.sqlite.prepare(`SELECT l.id FROM links l WHERE ${text(and(where))} ORDER BY ${order}, l.id ${dir}`).pluck().all(...and(where).params) as number[];
  return { ids: all.slice((q.page - 1) * q.per_page, q.page * q.per_page), total: all.length };
}
