// One batch of clicks, in transactions of at most CHUNK clicks: the events, the daily rollups,
// links.clicks, and how far into the limit journal links.clicks now reaches (limit-journal.ts). Short
// transactions keep the write lock brief for the API's writes. A batch remembers how far it got (`done`),
// so a retry after an error goes on from there and writes nothing twice. This
// function is also the body of the writer thread (see click-writer.ts, which sends its source text
// there), so it must stay self-contained: no imports, no outer variables.
// A batch travels as typed arrays (transferred, not copied) with its text fields as ids into a string
// table. The events and the rollups each go in as one statement over a JSON array (json_each), not
// one statement per row: a second's worth of clicks costs a few calls into SQLite.
import type SQLite from 'better-sqlite3';

/** The text columns of a click, in this order, as string ids (0: null). */
export const CLICK_FIELDS = ['country', 'continent', 'os', 'browser', 'device', 'language', 'referrer'] as const;

export interface ClickBatch {
  count: number;
  /** Clicks already written (set by the writer as it goes). */
  done?: number;
  /** Byte offset in the limit journal of this batch's first journaled click (absent: no journal). */
  journalStart?: number;
  /** Journaled clicks among those already written (set by the writer as it goes). */
  journaled?: number;
  /**
   * Per click: link id, time in ms. A negative id (-id) marks a click that is also in the limit journal
   * (a link with clicks_limit); the journaled clicks of a batch are consecutive records there.
   */
  nums: Float64Array;
  /** Per click: CLICK_FIELDS.length string ids. */
  refs: Uint32Array;
  /** id → text; index 0 is null. */
  strings: (string | null)[];
}

export function makeBatchWriter(sqlite: SQLite.Database): (batch: ClickBatch) => void {
  const FIELDS = 7;
  const CHUNK = 2000;
  // Rollup dimensions by field index (CLICK_FIELDS, repeated: this function runs from its source text);
  // dimension 'clicks' (value '') is the day's total.
  const dims = ['country', 'continent', 'os', 'browser', 'device', 'language', 'referrer'];
  const linkExists = sqlite.prepare('SELECT 1 FROM links WHERE id = ?').pluck();
  const insertEvents = sqlite.prepare(
    `INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer)
     SELECT e.value ->> 0, e.value ->> 1, e.value ->> 2, e.value ->> 3, e.value ->> 4, e.value ->> 5, e.value ->> 6,
       e.value ->> 7, e.value ->> 8
     FROM json_each(?) AS e`,
  );
  const addRollups = sqlite.prepare(
    `INSERT INTO click_daily (link_id, day, dimension, value, count)
     SELECT e.value ->> 0, e.value ->> 1, e.value ->> 2, e.value ->> 3, e.value ->> 4 FROM json_each(?) AS e WHERE true
     ON CONFLICT (link_id, dimension, day, value) DO UPDATE SET count = count + excluded.count`,
  );
  const addClicks = sqlite.prepare('UPDATE links SET clicks = clicks + ? WHERE id = ?');
  const journalReach = sqlite.prepare("UPDATE settings SET value = ? WHERE key = 'limit_journal_offset'");
  const writeChunk = sqlite.transaction((batch: ClickBatch, from: number, to: number) => {
    const { nums, refs, strings } = batch;
    const exists = new Map<number, boolean>();
    // "link id/day" → clicks, and → (string id × FIELDS + field index) → count
    const totals = new Map<string, number>();
    const counts = new Map<string, Map<number, number>>();
    const rows: unknown[] = [];
    let dayStart = 0;
    let dayEnd = -1;
    let day = '';
    const addTo = new Map<number, number>();
    let journaled = batch.journaled ?? 0;
    for (let i = from; i < to; i++) {
      const signed = nums[2 * i] as number;
      if (signed < 0) journaled++;
      const linkId = signed < 0 ? -signed : signed;
      let ok = exists.get(linkId);
      if (ok === undefined) {
        ok = linkExists.get(linkId) !== undefined;
        exists.set(linkId, ok);
      }
      if (!ok) continue; // the link was deleted since the click
      addTo.set(linkId, (addTo.get(linkId) ?? 0) + 1);
      const at = nums[2 * i + 1] as number;
      const iso = new Date(at).toISOString();
      if (at < dayStart || at >= dayEnd) {
        day = iso.slice(0, 10);
        dayStart = Date.parse(day);
        dayEnd = dayStart + 86_400_000;
      }
      const row: unknown[] = [linkId, iso];
      const key = linkId + '/' + day;
      totals.set(key, (totals.get(key) ?? 0) + 1);
      let byValue = counts.get(key);
      if (!byValue) counts.set(key, (byValue = new Map()));
      for (let f = 0; f < FIELDS; f++) {
        const id = refs[FIELDS * i + f] as number;
        row.push(strings[id] ?? null);
        if (id === 0) continue;
        const k = id * FIELDS + f;
        byValue.set(k, (byValue.get(k) ?? 0) + 1);
      }
      rows.push(row);
    }
    if (batch.journalStart !== undefined) journalReach.run(String(batch.journalStart + 4 * journaled));
    if (!rows.length) return journaled;
    insertEvents.run(JSON.stringify(rows));
    const rollups: unknown[] = [];
    for (const [key, n] of totals) {
      const slash = key.indexOf('/');
      const linkId = Number(key.slice(0, slash));
      const d = key.slice(slash + 1);
      rollups.push([linkId, d, 'clicks', '', n]);
      counts.get(key)?.forEach((c, k) => rollups.push([linkId, d, dims[k % FIELDS], strings[Math.floor(k / FIELDS)], c]));
    }
    addRollups.run(JSON.stringify(rollups));
    for (const [linkId, n] of addTo) addClicks.run(n, linkId);
    return journaled;
  });
  return (batch: ClickBatch) => {
    for (let from = batch.done ?? 0; from < batch.count; from = batch.done) {
      const to = Math.min(batch.count, from + CHUNK);
      batch.journaled = writeChunk(batch, from, to);
      batch.done = to;
    }
  };
}
