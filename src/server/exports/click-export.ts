// The account's raw click events (kept CLICK_RETENTION_DAYS) as CSV, in id order, a batch at a time.
import type { Db } from '../db/database';
import { csvRow } from '../../shared/csv';
import { addDays } from '../../shared/time-zone';
import { CLICK_EXPORT_COLUMNS, type ClicksExportQuery } from '../../shared/export.schema';
import { EXPORT_BATCH } from './link-export';

export async function* clickExportChunks(db: Db, userId: number, q: ClicksExportQuery, size = EXPORT_BATCH): AsyncGenerator<string> {
  yield csvRow(CLICK_EXPORT_COLUMNS);
  const since = q.from ? `${q.from}T00:00:00.000Z` : null;
  const until = q.to ? `${addDays(q.to, 1)}T00:00:00.000Z` : null;
  let after = 0;
  for (;;) {
    let query = db.kysely
      .selectFrom('click_events as e')
      .innerJoin('links as l', 'l.id', 'e.link_id')
      .select(['e.id', 'e.link_id', 'l.alias', 'e.clicked_at', 'e.country', 'e.continent', 'e.os', 'e.browser', 'e.device', 'e.language', 'e.referrer'])
      .where('l.user_id', '=', userId)
      .where('e.id', '>', after);
    if (q.link_id !== undefined) query = query.where('e.link_id', '=', q.link_id);
    if (since) query = query.where('e.clicked_at', '>=', since);
    if (until) query = query.where('e.clicked_at', '<', until);
    const rows = await query.orderBy('e.id').limit(size).execute();
    if (rows.length) {
      yield rows
        .map((r) => csvRow([r.link_id, r.alias, r.clicked_at, r.country, r.continent, r.os, r.browser, r.device, r.language, r.referrer]))
        .join('');
    }
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}
