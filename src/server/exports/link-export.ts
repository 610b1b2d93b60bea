// Every link that matches the list filters, in id order, a batch at a time (keyset pagination: each batch
// starts after the last id of the one before), so that a million links stream in constant memory. The
// filters are those of GET /api/v1/links on each database (links/link-list.repo.ts, pg-link-list.repo.ts).
import type { Db } from '../db/database';
import type { Link, LinkListQuery } from '../../shared/link.schema';
import type { LinkExportQuery } from '../../shared/export.schema';
import { csvRow } from '../../shared/csv';
import { LINK_EXPORT_COLUMNS } from '../../shared/export.schema';
import { listFilters, STATUS_SQL } from '../links/link-list-sql';
import { PgLinkListRepo } from '../links/pg-link-list.repo';
import { LinksRepo, type LinkRow } from '../links/links.repo';
import { presentLink } from '../links/link.presenter';

export const EXPORT_BATCH = 1000;

/** Batches of matching rows; `now` fixes the status rule for the whole export. */
export async function* linkRowBatches(db: Db, userId: number, q: LinkExportQuery, now: string, size = EXPORT_BATCH): AsyncGenerator<LinkRow[]> {
  const list: LinkListQuery = { ...q, sort_by: 'id', sort: 'asc', page: 1, per_page: 10 };
  let after = 0;
  if (db.dialect === 'sqlite') {
    const b = listFilters(userId, list, now);
    const where = ['l.user_id = @user', ...b.filters];
    if (q.status !== 0) where.push(STATUS_SQL[q.status]);
    // A search walks the trigram index in rowid order from the last id, as the list's first pages do.
    const source = b.fts
      ? `SELECT l.* FROM links_fts f CROSS JOIN links l ON l.id = f.rowid
          WHERE links_fts MATCH @match AND f.rowid > @after AND ${where.join(' AND ')} ORDER BY f.rowid LIMIT @limit`
      : `SELECT l.* FROM links l WHERE ${where.join(' AND ')} AND l.id > @after ORDER BY l.id LIMIT @limit`;
    const statement = db.sqlite.prepare(source);
    for (;;) {
      const rows = statement.all({ ...b.params, after, limit: size }) as LinkRow[];
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = (rows[rows.length - 1] as LinkRow).id;
    }
  }
  const repo = new PgLinkListRepo(db.kysely);
  for (;;) {
    const rows = (await db.kysely
      .selectFrom('links')
      .selectAll()
      .where((eb) => eb.and([...repo.conditions(eb, userId, list, now), eb('id', '>', after)]))
      .orderBy('id')
      .limit(size)
      .execute()) as LinkRow[];
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = (rows[rows.length - 1] as LinkRow).id;
  }
}

export function linkCsvRow(l: Link): string {
  return csvRow([
    l.id, l.alias, l.url, l.short_url, l.title, l.status, l.disabled, l.targets_type, JSON.stringify(l.targets), l.sensitive_content,
    l.privacy, l.password ? 1 : 0, l.redirect_password ? 1 : 0, l.active_period_start_at, l.active_period_end_at, l.clicks_limit,
    l.expiration_url, l.clicks, l.space?.id, l.space?.name, l.domain?.id, l.domain?.name, l.pixels.map((p) => p.id).join(' '),
    l.created_at, l.updated_at, l.tags.map((t) => t.name).join(', '),
  ]);
}

/** The export's text, chunk by chunk (a header, then one chunk per batch); the caller streams it. */
export async function* linkExportChunks(db: Db, baseUrl: string, userId: number, q: LinkExportQuery): AsyncGenerator<string> {
  const nowDate = new Date();
  const repo = new LinksRepo(db.kysely);
  yield q.format === 'csv' ? csvRow(LINK_EXPORT_COLUMNS) : '{"data":[';
  let first = true;
  for await (const rows of linkRowBatches(db, userId, q, nowDate.toISOString())) {
    const rel = await repo.related(rows);
    const links = rows.map((r) => presentLink(r, rel, baseUrl, nowDate));
    if (q.format === 'csv') {
      yield links.map(linkCsvRow).join('');
    } else {
      yield `${first ? '' : ','}${links.map((l) => JSON.stringify(l)).join(',')}`;
      first = false;
    }
  }
  if (q.format === 'json') yield '],"status":200}';
}
