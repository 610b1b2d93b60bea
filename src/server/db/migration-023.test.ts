// Migration 023 (QR scans apart) on a database that already holds clicks, on the database of the run
// (SQLite file, or PostgreSQL): nothing recorded is lost or changed, the old clicks count as direct (source NULL,
// qr 0), and the analytics answer them beside the QR scans recorded after the upgrade.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../test-utils/test-app';
import { databaseBefore, insertUserBefore025 } from '../test-utils/database-before';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { flush, visit } from '../redirect/test-helpers';
import type { AnalyticsBody } from '../../shared/analytics.schema';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('023-click-source on a database with clicks', () => {
  it('keeps every event and rollup, counts them as direct, and answers them beside new QR scans', async () => {
    const { old, closeOld, reopen } = await databaseBefore('023', cleanup);
    const user = await insertUserBefore025(old, 'Owner', 'user');
    const { apiKey } = user;
    const at = '2026-01-01T00:00:00.000Z';
    const day = new Date().toISOString().slice(0, 10);
    const hour = new Date().toISOString().slice(0, 13);
    await sql`INSERT INTO links (user_id, alias, url, targets, sensitive_content, privacy, disabled, clicks, created_at, updated_at)
      VALUES (${user.id}, 'old', 'https://old.example/', '[]', 0, 0, 0, 3, ${at}, ${at})`.execute(old);
    const linkId = Number((await sql<{ id: number }>`SELECT id FROM links WHERE alias = 'old'`.execute(old)).rows[0]?.id);
    for (const country of ['GB', 'GB', null]) {
      await sql`INSERT INTO click_events (link_id, clicked_at, country) VALUES (${linkId}, ${`${hour}:00:00.000Z`}, ${country})`.execute(old);
    }
    await sql`INSERT INTO click_daily (link_id, day, dimension, value, count, uniques) VALUES (${linkId}, ${day}, 'clicks', '', 3, 2), (${linkId}, ${day}, 'country', 'GB', 2, 1)`.execute(old);
    await sql`INSERT INTO click_hourly (link_id, hour, count, uniques) VALUES (${linkId}, ${hour}, 3, 2)`.execute(old);
    for (const [space, domain] of [[-1, -1], [-1, 0], [0, -1], [0, 0]] as const) {
      await sql`INSERT INTO click_account_daily (user_id, space_id, domain_id, dimension, day, value, count, uniques)
        VALUES (${user.id}, ${space}, ${domain}, 'clicks', ${day}, '', 3, 2), (${user.id}, ${space}, ${domain}, 'link', ${day}, ${String(linkId)}, 3, 2),
        (${user.id}, ${space}, ${domain}, 'country', ${day}, 'GB', 2, 1)`.execute(old);
      await sql`INSERT INTO click_account_hourly (user_id, space_id, domain_id, hour, count, uniques) VALUES (${user.id}, ${space}, ${domain}, ${hour}, 3, 2)`.execute(old);
    }
    await closeOld();

    const db = await reopen();
    cleanup.push(() => db.close());
    const q = <T = Record<string, unknown>>(text: string, ...params: unknown[]) => rawQuery<T>(db, text, params);
    expect(await q('SELECT country, source FROM click_events ORDER BY id')).toEqual([
      { country: 'GB', source: null },
      { country: 'GB', source: null },
      { country: null, source: null },
    ]);
    expect(await q('SELECT dimension, value, count, uniques, qr FROM click_daily ORDER BY dimension')).toEqual([
      { dimension: 'clicks', value: '', count: 3, uniques: 2, qr: 0 },
      { dimension: 'country', value: 'GB', count: 2, uniques: 1, qr: 0 },
    ]);
    expect(await q('SELECT count, uniques, qr FROM click_hourly')).toEqual([{ count: 3, uniques: 2, qr: 0 }]);
    expect(await q('SELECT count(*) AS n, sum(qr) AS q FROM click_account_daily')).toEqual([{ n: 12, q: 0 }]);
    expect(await q('SELECT count(*) AS n, sum(qr) AS q FROM click_account_hourly')).toEqual([{ n: 4, q: 0 }]);
    for (const table of ['operation_click_events', 'operation_click_daily', 'operation_click_hourly']) expect(await q(`SELECT count(*) AS n FROM ${table}`)).toEqual([{ n: 0 }]);

    // The upgraded database at work: the old clicks are direct ones, a QR scan after the upgrade is counted apart.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-023-app-'));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'unused.db'), apiRateLimit: 0, wrongApiKeyLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', checkResponses: true });
    const app = await buildApp({ config, db });
    cleanup.push(() => app.close());
    await app.ready();
    const t = { app } as Parameters<typeof visit>[0];
    expect((await visit(t, '/old?qr=1')).headers.location).toBe('https://old.example/');
    await flush(t);
    const stats = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/stats?${query}`, headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AnalyticsBody).data;
    };
    expect((await stats('')).totals).toEqual({ clicks: 4, qr_scans: 1 });
    expect((await stats(`interval=hour&from=${day}&to=${day}`)).totals).toEqual({ clicks: 4, qr_scans: 1 });
    expect((await stats('country=GB')).totals).toEqual({ clicks: 3, qr_scans: 1 });
    expect((await stats('group_by=country')).without_value).toEqual({ clicks: 1 });
    expect(await q('SELECT source FROM click_events ORDER BY id')).toEqual([{ source: null }, { source: null }, { source: null }, { source: 'qr' }]);
  });
});
