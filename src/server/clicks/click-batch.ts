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

/**
 * The text columns of a click, in this order, as string ids (0: null). The first 13 are rollup
 * dimensions; `source` ('qr': a QR scan) is counted in every rollup row's `qr` column instead (migration
 * 023); `visitor` (the unique-visitor marker) decides whether the click is a unique.
 */
export const CLICK_FIELDS = [
  'country', 'continent', 'os', 'browser', 'device', 'language', 'referrer',
  'target', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'source', 'visitor',
] as const;

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

/** A link's owner, space and domain (0: none) when the click is written, or null when it is gone. */
export type LinkOwner = readonly [userId: number, spaceId: number, domainId: number] | null;

/** What one chunk of a batch writes, whatever the database. */
export interface ChunkSummary {
  /** Events: [link id, ISO time, ...CLICK_FIELDS values]. */
  rows: unknown[][];
  /**
   * Daily rollups: [link id, day, dimension, value, count, uniques, qr]; dimension 'clicks' (value '') is the
   * total; `qr`: how many of `count` were QR scans (as in every rollup below).
   */
  rollups: unknown[][];
  /** Hourly totals: [link id, hour ("2026-11-22T13"), count, uniques, qr]. */
  hourly: unknown[][];
  /** Account rollups: [user, space, domain, dimension, day, value, count, uniques, qr] (space/domain -1: any). */
  account: unknown[][];
  /** Account hourly totals: [user, space, domain, hour, count, uniques, qr]. */
  accountHourly: unknown[][];
  /** Clicks to add to links.clicks, by link id. */
  addTo: Map<number, number>;
  /** Of those, the marked ones (negative id), by link id: on PostgreSQL they are already in links.clicks. */
  marked: Map<number, number>;
  /** Journaled clicks in the batch up to the chunk's end. */
  journaled: number;
}

/**
 * The unique-visitor markers of clicks from..to of existing links: [link id, UTC day, marker]. The
 * writer inserts them into click_visitors; those it could insert (not seen that day) are `fresh` for
 * summarizeChunk. Self-contained (runs in the writer threads from its source text).
 */
export function chunkMarkers(batch: ClickBatch, from: number, to: number, linkOf: (linkId: number) => LinkOwner): unknown[][] {
  const FIELDS = 15;
  const out: unknown[][] = [];
  for (let i = from; i < to; i++) {
    const id = batch.refs[FIELDS * i + 14];
    const marker = id ? batch.strings[id] : null;
    if (!marker) continue;
    const signed = batch.nums[2 * i] as number;
    const linkId = signed < 0 ? -signed : signed;
    if (!linkOf(linkId)) continue;
    out.push([linkId, new Date(batch.nums[2 * i + 1] as number).toISOString().slice(0, 10), marker]);
  }
  return out;
}

/**
 * Sums up clicks from..to of a batch, skipping links that no longer exist. `fresh`: "link/day/marker" of
 * the visitors first seen that day (taken out as they are counted). Runs in the writer thread too (from
 * its source text, like makeBatchWriter): self-contained.
 */
export function summarizeChunk(batch: ClickBatch, from: number, to: number, linkOf: (linkId: number) => LinkOwner, fresh: Set<string>): ChunkSummary {
  const FIELDS = 15;
  const DIMS = 13;
  const SOURCE = 13;
  const VISITOR = 14;
  const dims = ['country', 'continent', 'os', 'browser', 'device', 'language', 'referrer', 'target', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
  const { nums, refs, strings } = batch;
  // Every rollup row by its key (columns joined by "\u0001") → [count, uniques, qr]. Clicks are summed per
  // link first; the account rows are sums of those (far fewer than clicks when links repeat).
  const add = (m: Map<string, number[]>, key: string, c: number, u: number, q: number) => {
    const v = m.get(key);
    if (v) {
      v[0] = (v[0] as number) + c;
      v[1] = (v[1] as number) + u;
      v[2] = (v[2] as number) + q;
    } else m.set(key, [c, u, q]);
  };
  const daily = new Map<string, number[]>();
  const hourly = new Map<string, number[]>();
  const account = new Map<string, number[]>();
  const accountHourly = new Map<string, number[]>();
  const S = '\u0001';
  const rows: unknown[][] = [];
  const addTo = new Map<number, number>();
  const marked = new Map<number, number>();
  let journaled = batch.journaled ?? 0;
  for (let i = from; i < to; i++) {
    const signed = nums[2 * i] as number;
    if (signed < 0) journaled++;
    const linkId = signed < 0 ? -signed : signed;
    if (!linkOf(linkId)) continue; // the link was deleted since the click
    addTo.set(linkId, (addTo.get(linkId) ?? 0) + 1);
    if (signed < 0) marked.set(linkId, (marked.get(linkId) ?? 0) + 1);
    const iso = new Date(nums[2 * i + 1] as number).toISOString();
    const day = iso.slice(0, 10);
    const row: unknown[] = [linkId, iso];
    for (let f = 0; f < FIELDS; f++) row.push(strings[refs[FIELDS * i + f] as number] ?? null);
    rows.push(row);
    const marker = row[2 + VISITOR] as string | null;
    const u = marker !== null && fresh.delete(linkId + '/' + day + '/' + marker) ? 1 : 0;
    const q = row[2 + SOURCE] === 'qr' ? 1 : 0;
    const prefix = linkId + S + day + S;
    add(daily, prefix + 'clicks' + S, 1, u, q);
    add(hourly, linkId + S + iso.slice(0, 13), 1, u, q);
    for (let f = 0; f < DIMS; f++) {
      const value = row[2 + f];
      if (value !== null) add(daily, prefix + dims[f] + S + value, 1, u, q);
    }
  }
  // The four account rows of a link: (space, domain), (space, any), (any, domain), (any, any).
  const scopesOf = (linkId: number) => {
    const [user, space, domain] = linkOf(linkId) as readonly [number, number, number];
    return [user + S + space + S + domain, user + S + space + S + -1, user + S + -1 + S + domain, user + S + -1 + S + -1];
  };
  daily.forEach(([c, u, q], key) => {
    const [link, day, dim, value] = key.split(S) as [string, string, string, string];
    const linkId = Number(link);
    const owner = linkOf(linkId) as readonly [number, number, number];
    for (const scope of scopesOf(linkId)) {
      add(account, scope + S + dim + S + day + S + value, c as number, u as number, q as number);
      if (dim !== 'clicks') continue;
      add(account, scope + S + 'link' + S + day + S + link, c as number, u as number, q as number);
      add(account, scope + S + 'space' + S + day + S + owner[1], c as number, u as number, q as number);
      add(account, scope + S + 'domain' + S + day + S + owner[2], c as number, u as number, q as number);
    }
  });
  hourly.forEach(([c, u, q], key) => {
    const [link, hour] = key.split(S) as [string, string];
    for (const scope of scopesOf(Number(link))) add(accountHourly, scope + S + hour, c as number, u as number, q as number);
  });
  // Keys back into rows; numeric columns as numbers (the rest stay text).
  const out = (m: Map<string, number[]>, numeric: number[]) => {
    const list: unknown[][] = [];
    m.forEach((v, key) => {
      const cols: unknown[] = key.split(S);
      for (const n of numeric) cols[n] = Number(cols[n]);
      list.push(cols.concat(v));
    });
    return list;
  };
  return {
    rows,
    rollups: out(daily, [0]),
    hourly: out(hourly, [0]),
    account: out(account, [0, 1, 2]),
    accountHourly: out(accountHourly, [0, 1, 2]),
    addTo,
    marked,
    journaled,
  };
}

export function makeBatchWriter(sqlite: SQLite.Database): (batch: ClickBatch) => void {
  const CHUNK = 2000;
  const linkOwner = sqlite.prepare('SELECT user_id, coalesce(space_id, 0), coalesce(domain_id, 0) FROM links WHERE id = ?').raw();
  const insertEvents = sqlite.prepare(
    `INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer,
       target, utm_source, utm_medium, utm_campaign, utm_term, utm_content, source, visitor)
     SELECT e.value ->> 0, e.value ->> 1, e.value ->> 2, e.value ->> 3, e.value ->> 4, e.value ->> 5, e.value ->> 6,
       e.value ->> 7, e.value ->> 8, e.value ->> 9, e.value ->> 10, e.value ->> 11, e.value ->> 12, e.value ->> 13,
       e.value ->> 14, e.value ->> 15, e.value ->> 16
     FROM json_each(?) AS e`,
  );
  const claimVisitors = sqlite.prepare(
    `INSERT INTO click_visitors (link_id, day, visitor) SELECT e.value ->> 0, e.value ->> 1, e.value ->> 2 FROM json_each(?) AS e
     WHERE true ON CONFLICT DO NOTHING RETURNING link_id, day, visitor`,
  ).raw();
  const upsert = (table: string, keys: string[], values: string[]) => {
    const cols = [...keys, ...values];
    return sqlite.prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((_, i) => `e.value ->> ${i}`).join(', ')} FROM json_each(?) AS e WHERE true
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${values.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    );
  };
  const sums = ['count', 'uniques', 'qr'];
  const addRollups = upsert('click_daily', ['link_id', 'day', 'dimension', 'value'], sums);
  const addHourly = upsert('click_hourly', ['link_id', 'hour'], sums);
  const addAccount = upsert('click_account_daily', ['user_id', 'space_id', 'domain_id', 'dimension', 'day', 'value'], sums);
  const addAccountHourly = upsert('click_account_hourly', ['user_id', 'space_id', 'domain_id', 'hour'], sums);
  const addClicks = sqlite.prepare('UPDATE links SET clicks = clicks + ? WHERE id = ?');
  const journalReach = sqlite.prepare("UPDATE settings SET value = ? WHERE key = 'limit_journal_offset'");
  const writeChunk = sqlite.transaction((batch: ClickBatch, from: number, to: number) => {
    const owners = new Map<number, LinkOwner>();
    const linkOf = (id: number): LinkOwner => {
      let owner = owners.get(id);
      if (owner === undefined) owners.set(id, (owner = (linkOwner.get(id) as [number, number, number] | undefined) ?? null));
      return owner;
    };
    const markers = chunkMarkers(batch, from, to, linkOf);
    const claimed = markers.length ? (claimVisitors.all(JSON.stringify(markers)) as unknown[][]) : [];
    const chunk = summarizeChunk(batch, from, to, linkOf, new Set(claimed.map((r) => r.join('/'))));
    if (batch.journalStart !== undefined) journalReach.run(String(batch.journalStart + 4 * chunk.journaled));
    if (!chunk.rows.length) return chunk.journaled;
    insertEvents.run(JSON.stringify(chunk.rows));
    addRollups.run(JSON.stringify(chunk.rollups));
    addHourly.run(JSON.stringify(chunk.hourly));
    addAccount.run(JSON.stringify(chunk.account));
    addAccountHourly.run(JSON.stringify(chunk.accountHourly));
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
