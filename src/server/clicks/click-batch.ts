// One batch of clicks in one transaction: the events, the daily rollups and links.clicks. This
// function is also the body of the writer thread (see click-writer.ts, which sends its source text
// there), so it must stay self-contained: no imports, no outer variables.
import type SQLite from 'better-sqlite3';

/** [linkId, at (ms), country, continent, os, browser, device, language, referrer] */
export type ClickTuple = [number, number, string | null, string | null, string | null, string | null, string | null, string | null, string | null];

export function makeBatchWriter(sqlite: SQLite.Database): (events: ClickTuple[]) => void {
  // Rollup dimensions in tuple order (index 2..8); the day total is dimension 'clicks' with value ''.
  const dims = ['country', 'continent', 'os', 'browser', 'device', 'language', 'referrer'];
  const linkExists = sqlite.prepare('SELECT 1 FROM links WHERE id = ?').pluck();
  const insertEvent = sqlite.prepare(
    'INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const addRollup = sqlite.prepare(
    'INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (link_id, dimension, day, value) DO UPDATE SET count = count + excluded.count',
  );
  const addClicks = sqlite.prepare('UPDATE links SET clicks = clicks + ? WHERE id = ?');
  return sqlite.transaction((events: ClickTuple[]) => {
    const exists = new Map<number, boolean>();
    const perLink = new Map<number, number>();
    const rollup = new Map<string, [number, string, string, string, number]>();
    const bump = (linkId: number, day: string, dim: string, value: string) => {
      const key = linkId + '\u0000' + day + '\u0000' + dim + '\u0000' + value;
      const row = rollup.get(key);
      if (row) row[4]++;
      else rollup.set(key, [linkId, day, dim, value, 1]);
    };
    for (const e of events) {
      const linkId = e[0];
      let ok = exists.get(linkId);
      if (ok === undefined) {
        ok = linkExists.get(linkId) !== undefined;
        exists.set(linkId, ok);
      }
      if (!ok) continue; // the link was deleted since the click
      const iso = new Date(e[1]).toISOString();
      const day = iso.slice(0, 10);
      insertEvent.run(linkId, iso, e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
      perLink.set(linkId, (perLink.get(linkId) ?? 0) + 1);
      bump(linkId, day, 'clicks', '');
      for (let d = 0; d < dims.length; d++) {
        const v = e[d + 2];
        if (v) bump(linkId, day, dims[d] as string, v as string);
      }
    }
    for (const row of rollup.values()) addRollup.run(...row);
    for (const [id, n] of perLink) addClicks.run(n, id);
  });
}
