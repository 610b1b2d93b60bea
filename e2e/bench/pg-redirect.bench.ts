// Redirect benchmark on PostgreSQL: the same wrk method as redirect.bench.ts (alternating rounds
// against a bare node:http server answering the same 302s from a Map), on a fresh database of
// TEST_DATABASE_URL's server. One instance with 1,000 links, then the same links each with a clicks_limit
// (every visit is an atomic UPDATE … RETURNING before the redirect), then two instances as real
// processes, each under its own wrk at the same time: their total req/s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPostgres, type PostgresDb } from '../../src/server/db/postgres/open-postgres';
import { createTestDatabase, TEST_DATABASE_URL } from '../../src/server/test-utils/both-databases';
import { freePort, startServerProcess } from '../../src/server/test-utils/server-process';
import { bareServer, pairedRounds, CONNECTIONS, median, PICKED, ROUNDS, row, SECONDS, WRK, wrk, writeScript, type Run } from './wrk';
import { runIfMain } from './standalone';

const LINKS = 1000;

async function seed(db: PostgresDb): Promise<void> {
  const user = await db.pool.query<{ id: number }>("INSERT INTO users (name, role, api_key_hash, created_at, updated_at) VALUES ('bench', 'admin', 'bench', 'x', 'x') RETURNING id");
  await db.pool.query(
    `INSERT INTO links (user_id, alias, url, created_at, updated_at)
     SELECT $2, 'l' || (i - 1), 'https://example.com/dest/' || (i - 1) || '?ref=bench', now()::text, now()::text FROM generate_series(1, $1) AS i`,
    [LINKS, user.rows[0]?.id],
  );
  await db.pool.query('ANALYZE links');
}

const sumClicks = async (db: PostgresDb) => Number((await db.pool.query('SELECT coalesce(sum(clicks), 0) AS n FROM links')).rows[0]?.n);

async function oneInstance(dir: string, db: PostgresDb, url: string, limited: boolean): Promise<{ app: Run[]; bare: Run[]; clicks: number }> {
  await db.pool.query('UPDATE links SET clicks_limit = $1', [limited ? 1_000_000_000 : null]);
  const config = loadConfig({}, { dataDir: dir, databaseUrl: url, baseUrl: 'http://127.0.0.1', fetchTitles: false, apiRateLimit: 0 });
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as AddressInfo).port;
  const bare = await bareServer(LINKS);
  const barePort = (bare.address() as AddressInfo).port;
  const script = writeScript(dir, Array.from({ length: PICKED }, (_, i) => `l${i}`));
  const before = await sumClicks(db);
  const runs = await pairedRounds(appPort, barePort, script);
  await app.close(); // flushes the clicks
  await new Promise((r) => bare.close(r));
  return { ...runs, clicks: (await sumClicks(db)) - before };
}

/** Two real processes on the database, a wrk each at the same time. */
async function twoInstances(dir: string, url: string): Promise<Run[]> {
  const ports = [await freePort(), await freePort()];
  const servers = await Promise.all(ports.map((p) => startServerProcess(path.join(dir, String(p)), p, { DATABASE_URL: url })));
  try {
    const script = writeScript(dir, Array.from({ length: PICKED }, (_, i) => `l${i}`));
    await Promise.all(ports.map((p) => wrk(p, script, 2)));
    return await Promise.all(ports.map((p) => wrk(p, script, SECONDS * 2)));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function runPgRedirectBench(): Promise<string> {
  if (!fs.existsSync(WRK)) return 'PostgreSQL redirect bench skipped: wrk not found at /usr/bin/wrk';
  if (!TEST_DATABASE_URL) return 'PostgreSQL redirect bench skipped: set TEST_DATABASE_URL to a server where this user may create databases';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-pg-bench-'));
  const database = await createTestDatabase();
  const db = await openPostgres(database.url);
  const lines = [
    `Redirect benchmark on PostgreSQL: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} alternating rounds of ${SECONDS}s, ${PICKED} aliases, click counting on`,
    `${'server'.padEnd(30)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(9)} ${'errors'.padStart(7)} ${'CPU µs/req'.padStart(11)}`,
  ];
  try {
    await seed(db);
    for (const limited of [false, true]) {
      console.error(`pg redirect bench: ${limited ? 'limited ' : ''}links…`);
      const res = await oneInstance(dir, db, database.url, limited);
      const paired = res.app.map((r, i) => r.rps / (res.bare[i]?.rps ?? NaN)).sort((a, b) => a - b);
      const served = res.app.reduce((a, r) => a + r.requests, 0);
      lines.push(row(`bare node:http (${LINKS.toLocaleString('en')})`, res.bare));
      lines.push(row(`Linkdeck on PG (${limited ? 'limited ' : ''}links)`, res.app));
      if (limited) lines.push('  every link has clicks_limit: each visit is an UPDATE … RETURNING in PostgreSQL before the redirect');
      lines.push(`  ratio ${median(paired).toFixed(2)} (goal >= ${limited ? '(none)' : '0.60'}; median of ${paired.length} paired rounds, range ${paired[0]?.toFixed(2)}–${paired.at(-1)?.toFixed(2)})`);
      lines.push(`  clicks stored ${res.clicks} (measured rounds served ${served} + warm-up)`);
    }
    console.error('pg redirect bench: two instances…');
    await db.pool.query('UPDATE links SET clicks_limit = NULL');
    const two = await twoInstances(dir, database.url);
    const total = two.reduce((a, r) => a + r.rps, 0);
    lines.push(row('instance A (two at once)', [two[0] as Run]));
    lines.push(row('instance B (two at once)', [two[1] as Run]));
    lines.push(`  two instances together: ${total.toFixed(0)} req/s on this ${os.cpus().length}-core machine (wrk, both servers and PostgreSQL share it)`);
  } finally {
    await db.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

runIfMain(import.meta.url, runPgRedirectBench);
