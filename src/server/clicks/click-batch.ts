// One batch of clicks, in transactions of at most CHUNK clicks: the events, the daily rollups,
// links.clicks, and how far into the limit journal links.clicks now reaches (limit-journal.ts). Short
// transactions keep the write lock brief for the API's writes. A batch remembers how far it got (`done`),
// so a retry after an error goes on from there and writes nothing twice. These two functions are also
// the body of the writer threads (click-writer.ts and pg-click-worker.ts send their source text there), so
// they must stay self-contained: no imports, no outer variables but each other (and in this module, so
// that a bundler's rewriting of imported names cannot break the copied text). summarizeChunk is shared by
// the SQLite and the PostgreSQL writers.
// A batch travels as typed arrays (transferred, not copied) with its text fields as ids into a string
// table. The events and the rollups each go in as one statement over a JSON array (json_each), not
// one statement per row: a second's worth of clicks costs a few calls into SQLite.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

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
   * Per click: link id, time in ms. A negative id (-id) marks a click of a link with clicks_limit: on
   * SQLite it is also in the limit journal (the journaled clicks of a batch are consecutive records
   * there); on PostgreSQL it is already counted in links.clicks (pg-click-counters.ts).
   */
  nums: Float64Array;
  /** Per click: CLICK_FIELDS.length string ids. */
  refs: Uint32Array;
  /** id → text; index 0 is null. */
  strings: (string | null)[];
}

/** What one chunk of a batch writes, whatever the database. */
export interface ChunkSummary {
  /** Events: [link id, ISO time, ...CLICK_FIELDS values]. */
  rows: unknown[][];
  /** Daily rollups: [link id, day, dimension, value, count]; dimension 'clicks' (value '') is the total. */
  rollups: unknown[][];
  /** Clicks to add to links.clicks, by link id. */
  addTo: Map<number, number>;
  /** Of those, the marked ones (negative id), by link id: on PostgreSQL they are already in links.clicks. */
  marked: Map<number, number>;
  /** Journaled clicks in the batch up to the chunk's end. */
  journaled: number;
}

/**
 * Sums up clicks from..to of a batch, skipping links that no longer exist. Runs in the writer thread too
 * (from its source text, like makeBatchWriter): self-contained.
 */
export function summarizeChunk(batch: ClickBatch, from: number, to: number, exists: (linkId: number) => boolean): ChunkSummary {
  const FIELDS = 7;
  const dims = ['country', 'continent', 'os', 'browser', 'device', 'language', 'referrer'];
  const { nums, refs, strings } = batch;
  // "link id/day" → clicks, and → (string id × FIELDS + field index) → count
  const totals = new Map<string, number>();
  const counts = new Map<string, Map<number, number>>();
  const rows: unknown[][] = [];
  const addTo = new Map<number, number>();
  const marked = new Map<number, number>();
  let dayStart = 0;
  let dayEnd = -1;
  let day = '';
  let journaled = batch.journaled ?? 0;
  for (let i = from; i < to; i++) {
    const signed = nums[2 * i] as number;
    if (signed < 0) journaled++;
    const linkId = signed < 0 ? -signed : signed;
    if (!exists(linkId)) continue; // the link was deleted since the click
    addTo.set(linkId, (addTo.get(linkId) ?? 0) + 1);
    if (signed < 0) marked.set(linkId, (marked.get(linkId) ?? 0) + 1);
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
  const rollups: unknown[][] = [];
  for (const [key, n] of totals) {
    const slash = key.indexOf('/');
    const linkId = Number(key.slice(0, slash));
    const d = key.slice(slash + 1);
    rollups.push([linkId, d, 'clicks', '', n]);
    counts.get(key)?.forEach((c, k) => rollups.push([linkId, d, dims[k % FIELDS], strings[Math.floor(k / FIELDS)], c]));
  }
  return { rows, rollups, addTo, marked, journaled };
}

export function makeBatchWriter(sqlite: SQLite.Database): (batch: ClickBatch) => void {
  const CHUNK = 2000;
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
    const exists = new Map<number, boolean>();
    const chunk = summarizeChunk(batch, from, to, (id) => {
      let ok = exists.get(id);
      if (ok === undefined) exists.set(id, (ok = linkExists.get(id) !== undefined));
      return ok;
    });
    if (batch.journalStart !== undefined) journalReach.run(String(batch.journalStart + 4 * chunk.journaled));
    if (!chunk.rows.length) return chunk.journaled;
    insertEvents.run(JSON.stringify(chunk.rows));
    addRollups.run(JSON.stringify(chunk.rollups));
    for (const [linkId, n] of chunk.addTo) addClicks.run(n, linkId);
    return chunk.journaled;
  });
  return (batch: ClickBatch) => {
    for (let from = batch.done ?? 0; from < batch.count; from = batch.done) {
      const to = Math.min(batch.count, from + CHUNK);
      batch.journaled = writeChunk(batch, from, to);
      batch.done = to;
    }
  };
}

// The same on PostgreSQL (also the body of its writer thread, pg-click-worker.ts): per chunk one
// transaction with three statements over JSON arrays (events, rollups upserted, links.clicks).
/**
 * `chunkSize`: clicks per transaction. 20,000 by default, bigger than SQLite's 2,000: PostgreSQL's
 * transactions do not block other writers, and the rollups are summed per chunk, so a bigger chunk
 * upserts far fewer rollup rows (measured: 100,000 clicks over 1,000 links in 7.8 s with 2,000, 1.8 s
 * with 20,000). Tests use a small one to fail in the middle.
 */
export function makePgBatchWriter(pool: pg.Pool, chunkSize = 20_000): (batch: ClickBatch) => Promise<void> {
  const INSERT_EVENTS = `INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer)
    SELECT (e->>0)::int, e->>1, e->>2, e->>3, e->>4, e->>5, e->>6, e->>7, e->>8 FROM jsonb_array_elements($1::jsonb) AS e`;
  const ADD_ROLLUPS = `INSERT INTO click_daily (link_id, day, dimension, value, count)
    SELECT (e->>0)::int, e->>1, e->>2, e->>3, (e->>4)::int FROM jsonb_array_elements($1::jsonb) AS e
    ON CONFLICT (link_id, dimension, day, value) DO UPDATE SET count = click_daily.count + excluded.count`;
  const ADD_CLICKS = `UPDATE links SET clicks = links.clicks + (e->>1)::int
    FROM jsonb_array_elements($1::jsonb) AS e WHERE links.id = (e->>0)::int`;
  const writeChunk = async (batch: ClickBatch, from: number, to: number): Promise<void> => {
    const ids = new Set<number>();
    for (let i = from; i < to; i++) ids.add(Math.abs(batch.nums[2 * i] as number));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Lock the links (FOR KEY SHARE): none can be deleted before the events referring to it are in.
      const found = await client.query<{ id: number }>('SELECT id FROM links WHERE id = ANY($1::int[]) FOR KEY SHARE', [[...ids]]);
      const existing = new Set(found.rows.map((r) => r.id));
      const chunk = summarizeChunk(batch, from, to, (id) => existing.has(id));
      if (chunk.rows.length) {
        await client.query(INSERT_EVENTS, [JSON.stringify(chunk.rows)]);
        await client.query(ADD_ROLLUPS, [JSON.stringify(chunk.rollups)]);
        // Clicks of limited links were counted when they happened (pg-click-counters.ts).
        const add = [...chunk.addTo].map(([id, n]) => [id, n - (chunk.marked.get(id) ?? 0)]).filter(([, n]) => (n as number) > 0);
        if (add.length) await client.query(ADD_CLICKS, [JSON.stringify(add)]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  return async (batch) => {
    for (let from = batch.done ?? 0; from < batch.count; from = batch.done) {
      const to = Math.min(batch.count, from + chunkSize);
      await writeChunk(batch, from, to);
      batch.done = to;
    }
  };
}
