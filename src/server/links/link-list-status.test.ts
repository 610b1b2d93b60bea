// The status SQL (link-list-status.ts) and the TypeScript rule (shared/link-status.ts) are made from one
// definition and must agree: on a grid of links, each status's condition selects exactly the links linkStatus()
// gives that status, on both databases; its parts split it without overlap, each read through its partial index
// (SQLite refuses INDEXED BY when the query does not imply the index's condition: the migrations' indexes and the
// definition still match); and its clock is the first moment a link's status changes by time alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openDatabase, type SqliteDb } from '../db/database';
import { openBoth, TEST_DATABASE_URL, type BothDatabases } from '../test-utils/both-databases';
import { linkStatus, type StatusInput } from '../../shared/link-status';
import { and, column, sql, value, type Plan, type Sql } from './link-list-sql';
import { STATUSES } from './link-list-status';
import { LinkListRepo, sqliteListStore } from './link-list.repo';
import { PgLinkListRepo, pgListStore } from './pg-link-list.repo';
import type { LinkListStore } from './link-list.store';

const NOW = '2026-11-22T12:00:00.000Z';
const at = (iso: string) => new Date(iso);
const TIMES = [null, '2026-01-01T00:00:00.000Z', NOW, '2026-11-22T12:00:00.001Z', '2026-12-24T00:00:00.000Z'];

/** Every combination of the fields the status reads (clicks 5; limits under, at and over it). */
const GRID: (StatusInput & { id: number })[] = [0, 1].flatMap((disabled) =>
  TIMES.flatMap((start) => TIMES.flatMap((end) => [null, 4, 5, 6].map((limit) => ({ disabled, active_period_start_at: start, active_period_end_at: end, clicks: 5, clicks_limit: limit })))),
).map((l, i) => ({ ...l, id: i + 1 }));

async function seed(db: Kysely<Database>): Promise<void> {
  const created = '2026-01-01T00:00:00.000Z';
  await db.insertInto('users').values({ id: 1, name: 'u', role: 'user', api_key_hash: 'k', created_at: created, updated_at: created }).execute();
  await db
    .insertInto('links')
    .values(GRID.map((l) => ({ ...l, disabled: Number(l.disabled), user_id: 1, alias: `a${l.id}`, url: 'https://e.com', targets: '[]', sensitive_content: 0, privacy: 0, created_at: created, updated_at: created })))
    .execute();
}

interface Target {
  name: string;
  store: LinkListStore;
  run<T>(plan: Plan<T>): T | Promise<T>;
}

const ids = (where: Sql, store: LinkListStore, index?: string): Plan<number[]> =>
  column<number>(sql`SELECT l.id FROM links l${index ? store.through(index) : sql``} WHERE ${and([sql`l.user_id = 1`, where])} ORDER BY l.id`);

const expectedIds = (status: number, now = NOW) => GRID.filter((l) => linkStatus(l, at(now)) === status).map((l) => l.id);

let dir: string;
let lite: SqliteDb;
let both: BothDatabases | undefined;
const targets: Target[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-status-'));
  lite = await openDatabase(path.join(dir, 'status.db'));
  await seed(lite.kysely);
  const sqlite = new LinkListRepo(lite.sqlite);
  targets.push({ name: 'sqlite', store: sqliteListStore, run: (plan) => sqlite.run(plan) });
  if (TEST_DATABASE_URL) {
    both = await openBoth(seed);
    const pg = new PgLinkListRepo(both.pg.kysely);
    targets.push({ name: 'postgres', store: pgListStore, run: (plan) => pg.run(plan) });
  }
});

afterAll(async () => {
  await lite?.close();
  await both?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the status SQL and linkStatus() come from one definition', () => {
  it('select the same links for every status, on each database', async () => {
    for (const t of targets) {
      const seen: number[] = [];
      for (const s of STATUSES) {
        const expected = expectedIds(s.status);
        expect(expected.length, `status ${s.status} occurs in the grid`).toBeGreaterThan(0);
        expect(await t.run(ids(s.where(NOW), t.store)), `${t.name} status ${s.status}`).toEqual(expected);
        seen.push(...expected);
      }
      expect(seen.sort((a, b) => a - b)).toEqual(GRID.map((l) => l.id));
    }
  });

  it("split each status into disjoint parts, each read through its partial index", async () => {
    for (const t of targets) {
      for (const s of STATUSES) {
        const parts: number[] = [];
        for (const p of s.parts) parts.push(...(await t.run(ids(p.where(NOW), t.store, p.index))));
        if (s.parts.length) expect(parts.sort((a, b) => a - b), `${t.name} status ${s.status}`).toEqual(expectedIds(s.status));
      }
    }
    expect(STATUSES.flatMap((s) => s.parts).length).toBeGreaterThan(1);
  });

  it('know the next moment a status changes by time alone', async () => {
    // Each link's status right at each time of the grid, against now: the first time any changes.
    const changes = GRID.flatMap((l) => TIMES.filter((t): t is string => t !== null && t > NOW && linkStatus(l, at(t)) !== linkStatus(l, at(NOW))));
    const first = changes.sort()[0];
    expect(first).toBeDefined();
    const clocks = STATUSES.flatMap((s) => s.clocks);
    expect(clocks.length).toBeGreaterThan(0);
    for (const t of targets) {
      const next: string[] = [];
      for (const c of clocks) {
        const found = await t.run(value<string | null>(sql`SELECT min(${c.field}) FROM links l WHERE l.user_id = 1 AND ${c.ahead(NOW)}`));
        if (found) next.push(found);
      }
      expect(next.sort()[0], t.name).toBe(first);
    }
  });
});
