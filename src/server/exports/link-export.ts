// Every link that matches the list filters, in id order, a batch at a time (keyset pagination: each batch
// starts after the last id of the one before), so that a million links stream in constant memory. The
// filters are those of GET /api/v1/links on each database (links/link-list.repo.ts, pg-link-list.repo.ts).
import type { Db } from '../db/database';
import type { Link, LinkListQuery } from '../../shared/link.schema';
import type { LinkExportColumn, LinkExportQuery } from '../../shared/export.schema';
import { csvRow } from '../../shared/csv';
import { LINK_EXPORT_COLUMNS, LINK_EXPORT_OMITTED } from '../../shared/export.schema';
import { LinkListRepo } from '../links/link-list.repo';
import { PgLinkListRepo } from '../links/pg-link-list.repo';
import { LinksRepo, type LinkRow } from '../links/links.repo';
import { presentLink } from '../links/link.presenter';

export const EXPORT_BATCH = 1000;

/** Batches of matching rows; `now` fixes the status rule for the whole export. */
export async function* linkRowBatches(db: Db, userId: number, q: LinkExportQuery, now: string, size = EXPORT_BATCH): AsyncGenerator<LinkRow[]> {
  const list: LinkListQuery = { ...q, sort_by: 'id', sort: 'asc', page: 1, per_page: 10 };
  const repo = db.dialect === 'postgres' ? new PgLinkListRepo(db.kysely) : new LinkListRepo(db.sqlite);
  // A search walks the trigram index in id order from the last id, as the list's first pages do (SQLite).
  for (let after = 0; ; ) {
    const rows = await repo.after(userId, list, now, after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = (rows[rows.length - 1] as LinkRow).id;
  }
}

/** Each column's cell of a link (one getter per column of LINK_EXPORT_COLUMNS, so that the two cannot drift). */
const CELLS: { readonly [C in LinkExportColumn]: (l: Link) => string | number | null | undefined } = {
  id: (l) => l.id,
  alias: (l) => l.alias,
  url: (l) => l.url,
  short_url: (l) => l.short_url,
  title: (l) => l.title,
  status: (l) => l.status,
  disabled: (l) => l.disabled,
  targets_type: (l) => l.targets_type,
  targets: (l) => JSON.stringify(l.targets),
  sensitive_content: (l) => l.sensitive_content,
  privacy: (l) => l.privacy,
  password: (l) => (l.password ? 1 : 0),
  redirect_password: (l) => (l.redirect_password ? 1 : 0),
  active_period_start_at: (l) => l.active_period_start_at,
  active_period_end_at: (l) => l.active_period_end_at,
  clicks_limit: (l) => l.clicks_limit,
  expiration_url: (l) => l.expiration_url,
  clicks: (l) => l.clicks,
  space_id: (l) => l.space?.id,
  space_name: (l) => l.space?.name,
  domain_id: (l) => l.domain?.id,
  domain_name: (l) => l.domain?.name,
  pixel_ids: (l) => l.pixels.map((p) => p.id).join(' '),
  created_at: (l) => l.created_at,
  updated_at: (l) => l.updated_at,
  tags: (l) => l.tags.map((t) => t.name).join(', '),
  og_title: (l) => l.og_title,
  og_description: (l) => l.og_description,
  og_image: (l) => l.og_image,
  pixel_names: (l) => (l.pixels.length ? JSON.stringify(l.pixels.map((p) => p.name)) : ''),
};

export function linkCsvRow(l: Link): string {
  return csvRow(LINK_EXPORT_COLUMNS.map((c) => CELLS[c](l)));
}

/** The export's text, chunk by chunk (a header, then one chunk per batch); the caller streams it. */
export async function* linkExportChunks(db: Db, baseUrl: string, userId: number, q: LinkExportQuery): AsyncGenerator<string> {
  const nowDate = new Date();
  const repo = new LinksRepo(db.kysely);
  // The JSON file names the fields it leaves out (passwords); the CSV's password columns say it per link.
  yield q.format === 'csv' ? csvRow(LINK_EXPORT_COLUMNS) : `{"omitted":${JSON.stringify(LINK_EXPORT_OMITTED)},"data":[`;
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
