// The account's raw click events (kept CLICK_RETENTION_DAYS) as CSV, in id order, a batch at a time.
import type { Db } from '../db/database';
import { csvRow } from '../../shared/csv';
import { addDays } from '../../shared/time-zone';
import { CLICK_EXPORT_COLUMNS, type ClicksExportQuery } from '../../shared/export.schema';
import { EXPORT_BATCH } from './link-export';

/** The columns read from click_events: every exported one but the link's alias. */
const EVENT_FIELDS = CLICK_EXPORT_COLUMNS.filter((c) => c !== 'alias');

export async function* clickExportChunks(db: Db, userId: number, q: ClicksExportQuery, size = EXPORT_BATCH): AsyncGenerator<string> {
  yield csvRow(CLICK_EXPORT_COLUMNS);
  const since = q.from ? `${q.from}T00:00:00.000Z` : null;
  const until = q.to ? `${addDays(q.to, 1)}T00:00:00.000Z` : null;
  let after = 0;
  for (;;) {
    let query = db.kysely
      .selectFrom('click_events as e')
      .innerJoin('links as l', 'l.id', 'e.link_id')
      .select(['e.id', 'l.alias', ...EVENT_FIELDS.map((f) => `e.${f}` as const)])
      .where('l.user_id', '=', userId)
      .where('e.id', '>', after);
    if (q.link_id !== undefined) query = query.where('e.link_id', '=', q.link_id);
    if (since) query = query.where('e.clicked_at', '>=', since);
    if (until) query = query.where('e.clicked_at', '<', until);
    const rows = await query.orderBy('e.id').limit(size).execute();
    if (rows.length) {
      yield rows
        .map((r) => csvRow(CLICK_EXPORT_COLUMNS.map((c) => r[c])))
        .join('');
    }
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}
