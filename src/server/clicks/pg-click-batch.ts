// The PostgreSQL click writer (also the body of its writer thread, pg-click-worker.ts, from its source
// text: self-contained, no imports but types). Per chunk one transaction: the links locked, the
// unique-visitor markers claimed, then one statement per table over a JSON array (events, the four
// rollups upserted, links.clicks). Sums come from summarizeChunk, shared with the SQLite writer.
import type pg from 'pg';
import type { ChunkSummary, ClickBatch, LinkOwner } from './click-batch';

/**
 * `chunkSize`: clicks per transaction. 20,000 by default, bigger than SQLite's 2,000: PostgreSQL's
 * transactions do not block other writers, and the rollups are summed per chunk, so a bigger chunk
 * upserts far fewer rollup rows (measured: 100,000 clicks over 1,000 links in 7.8 s with 2,000, 1.8 s
 * with 20,000). Tests use a small one to fail in the middle. The two functions are passed in (the thread
 * has them from their source text too).
 */
export function makePgBatchWriter(
  pool: pg.Pool,
  chunkSize: number,
  summarizeChunk: (batch: ClickBatch, from: number, to: number, linkOf: (id: number) => LinkOwner, fresh: Set<string>) => ChunkSummary,
  chunkMarkers: (batch: ClickBatch, from: number, to: number, linkOf: (id: number) => LinkOwner) => unknown[][],
): (batch: ClickBatch) => Promise<void> {
  const INSERT_EVENTS = `INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer,
      target, utm_source, utm_medium, utm_campaign, utm_term, utm_content, source, visitor)
    SELECT (e->>0)::int, e->>1, e->>2, e->>3, e->>4, e->>5, e->>6, e->>7, e->>8, e->>9, e->>10, e->>11, e->>12, e->>13, e->>14, e->>15, e->>16
    FROM jsonb_array_elements($1::jsonb) AS e`;
  const CLAIM = `INSERT INTO click_visitors (link_id, day, visitor) SELECT (e->>0)::int, e->>1, e->>2 FROM jsonb_array_elements($1::jsonb) AS e
    ON CONFLICT DO NOTHING RETURNING link_id, day, visitor`;
  /** `ints`: how many leading key columns are integers. */
  const upsert = (table: string, keys: string[], ints: number) => {
    const sums = ['count', 'uniques', 'qr'];
    const cols = [...keys, ...sums];
    const values = cols.map((_, i) => (i < ints || i >= keys.length ? `(e->>${i})::int` : `e->>${i}`));
    return `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${values.join(', ')} FROM jsonb_array_elements($1::jsonb) AS e
      ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
  };
  const ADD_ROLLUPS = upsert('click_daily', ['link_id', 'day', 'dimension', 'value'], 1);
  const ADD_HOURLY = upsert('click_hourly', ['link_id', 'hour'], 1);
  const ADD_ACCOUNT = upsert('click_account_daily', ['user_id', 'space_id', 'domain_id', 'dimension', 'day', 'value'], 3);
  const ADD_ACCOUNT_HOURLY = upsert('click_account_hourly', ['user_id', 'space_id', 'domain_id', 'hour'], 3);
  const ADD_CLICKS = `UPDATE links SET clicks = links.clicks + (e->>1)::int
    FROM jsonb_array_elements($1::jsonb) AS e WHERE links.id = (e->>0)::int`;
  const writeChunk = async (batch: ClickBatch, from: number, to: number): Promise<void> => {
    const ids = new Set<number>();
    for (let i = from; i < to; i++) ids.add(Math.abs(batch.nums[2 * i] as number));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Lock the links (FOR KEY SHARE): none can be deleted before the events referring to it are in.
      const found = await client.query<{ id: number; user_id: number; space_id: number | null; domain_id: number | null }>(
        'SELECT id, user_id, space_id, domain_id FROM links WHERE id = ANY($1::int[]) FOR KEY SHARE',
        [[...ids]],
      );
      const owners = new Map<number, LinkOwner>(found.rows.map((r) => [r.id, [r.user_id, r.space_id ?? 0, r.domain_id ?? 0]]));
      const linkOf = (id: number) => owners.get(id) ?? null;
      const markers = chunkMarkers(batch, from, to, linkOf);
      const claimed = markers.length ? (await client.query<{ link_id: number; day: string; visitor: string }>(CLAIM, [JSON.stringify(markers)])).rows : [];
      const chunk = summarizeChunk(batch, from, to, linkOf, new Set(claimed.map((r) => `${r.link_id}/${r.day}/${r.visitor}`)));
      if (chunk.rows.length) {
        await client.query(INSERT_EVENTS, [JSON.stringify(chunk.rows)]);
        await client.query(ADD_ROLLUPS, [JSON.stringify(chunk.rollups)]);
        await client.query(ADD_HOURLY, [JSON.stringify(chunk.hourly)]);
        await client.query(ADD_ACCOUNT, [JSON.stringify(chunk.account)]);
        await client.query(ADD_ACCOUNT_HOURLY, [JSON.stringify(chunk.accountHourly)]);
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
