// Import leases: a job is held by one instance under a lease its heartbeat renews. When the instance
// dies, another one's sweep marks the job failed within the lease (20 s) plus a sweep (5 s); a live job is
// kept; a holder that lost its lease writes nothing more. The counts a batch saves are those it committed.
// The clock, the lease and the sweep interval are injected: nothing here waits for real seconds.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { finished, postCsv } from './import-test-helpers';
import { ImportRunner, LEASE_DEFAULTS, type ImportSpec, type LeaseTiming } from './import-job';
import { ImportsRepo } from './imports.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LEASE = 20_000;
/** The clock of the runners made here; each case moves it on. */
let clock = Date.now();
const runner = (owner: string, repo = new ImportsRepo(t.db.kysely), timing: Partial<LeaseTiming> = {}) =>
  new ImportRunner(t.app.ctx, t.app.links.writer, repo, (err) => expect.unreachable(String(err)), { owner, leaseMs: LEASE, now: () => clock, ...timing });

interface JobRow {
  status: string;
  error: string | null;
  created: number;
  rows_read: number;
  lease_owner: string | null;
}
const job = async (id: number) => (await t.query<JobRow>('SELECT status, error, created, rows_read, lease_owner FROM imports WHERE id = ?', id))[0] as JobRow;

/** A job as a dead instance left it: importing, `created` links written, its last heartbeat at `clock`. */
async function abandoned(created: number, lastBeat = clock): Promise<number> {
  const at = new Date(lastBeat).toISOString();
  await t.query(
    `INSERT INTO imports (user_id, status, source, on_conflict, created, created_at, updated_at, lease_owner, lease_until)
     VALUES (?, 'importing', 'linkdeck', 'fail', ?, ?, ?, 'dead', ?)`,
    t.userId, created, at, at, new Date(lastBeat + LEASE).toISOString(),
  );
  return (await t.query<{ id: number }>('SELECT max(id) AS id FROM imports'))[0]!.id;
}

/** A repo whose jobs wait, after taking their lease, until the test opens the gate. */
class GatedRepo extends ImportsRepo {
  open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  override async namesToIds(table: 'domains' | 'spaces', userId: number): Promise<Map<string, number>> {
    await this.gate;
    return super.namesToIds(table, userId);
  }
}

/** POSTs an import the app's runner does not run: its job (queued) and the spec, for a runner of the test's. */
async function queuedImport(csv: string): Promise<{ id: number; spec: ImportSpec }> {
  const specs: ImportSpec[] = [];
  const spy = vi.spyOn(t.app.importRunner, 'enqueue').mockImplementation((s) => void specs.push(s));
  try {
    const res = await postCsv(t, t.userKey, csv, '?partial=1');
    expect(res.statusCode, res.body).toBe(202);
    return { id: res.json().data.id as number, spec: specs[0] as ImportSpec };
  } finally {
    spy.mockRestore();
  }
}

const linksLike = async (prefix: string) => (await t.query<{ n: number }>('SELECT count(*) AS n FROM links WHERE alias LIKE ?', `${prefix}%`))[0]?.n;

describe('import leases', () => {
  it('the default timing fails a dead instance\'s job within 30 s', () => {
    expect(LEASE_DEFAULTS.leaseMs + LEASE_DEFAULTS.sweepMs).toBeLessThanOrEqual(30_000);
    expect(LEASE_DEFAULTS.heartbeatMs * 3).toBeLessThanOrEqual(LEASE_DEFAULTS.leaseMs);
  });

  it('another instance\'s sweep marks a job failed once its lease ran out, and says so with the links written', async () => {
    clock = Date.now();
    const id = await abandoned(7);
    const other = runner('b');
    clock += LEASE - 1000;
    expect(await other.sweep()).toBe(0);
    expect((await job(id)).status).toBe('importing');
    clock += 2000;
    expect(await other.sweep()).toBe(1);
    const row = await job(id);
    expect(row.status).toBe('failed');
    expect(row.error).toBe('The server instance running this import stopped (no sign of it for 20 s); 7 links had been written. Send the file again (with on_conflict=skip to leave those out).');
  });

  it('once started, the sweep runs by itself every sweepMs', async () => {
    clock = Date.now();
    const other = runner('c', undefined, { sweepMs: 20 });
    await other.start();
    try {
      const id = await abandoned(0, clock - LEASE - 1000);
      await vi.waitFor(async () => expect((await job(id)).status).toBe('failed'), { timeout: 10_000, interval: 20 });
    } finally {
      await other.stop();
    }
  });

  it('a live job is kept by its heartbeat, then finishes', async () => {
    clock = Date.now();
    const { id, spec } = await queuedImport('url,alias\nhttps://e.com/live/1,live-1\nhttps://e.com/live/2,live-2\n');
    const repo = new GatedRepo(t.db.kysely);
    const holder = runner('a', repo);
    holder.enqueue(spec);
    await vi.waitFor(async () => expect((await job(id)).lease_owner).toBe('a'), { timeout: 10_000, interval: 10 });
    clock += LEASE - 5000;
    await holder.heartbeat();
    clock += LEASE - 5000;
    expect(await runner('b').sweep()).toBe(0);
    expect((await job(id)).status).toBe('queued');
    repo.open();
    await holder.idle();
    expect(await job(id)).toMatchObject({ status: 'completed', created: 2, rows_read: 2 });
  });

  it('a holder that stopped heartbeating loses the job to the sweep, and writes nothing when it wakes up', async () => {
    clock = Date.now();
    const { id, spec } = await queuedImport('url,alias\nhttps://e.com/late/1,late-1\n');
    const repo = new GatedRepo(t.db.kysely);
    const holder = runner('a', repo);
    holder.enqueue(spec);
    await vi.waitFor(async () => expect((await job(id)).lease_owner).toBe('a'), { timeout: 10_000, interval: 10 });
    clock += LEASE + 1000;
    expect(await runner('b').sweep()).toBe(1);
    repo.open();
    await holder.idle();
    expect(await job(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The server instance running this import stopped/) });
    expect(await linksLike('late-')).toBe(0);
  });
});

describe('import progress', () => {
  it('the counts saved with a batch are those it committed, even when the process dies right after the commit', async () => {
    let batches = 0;
    const dies = () => {
      if (++batches === 2) throw new Error('the process died here');
    };
    t.app.ctx.changes.prependListener('created', dies);
    try {
      const rows = Array.from({ length: 2500 }, (_, i) => `https://e.com/exact/${i},exact-${i}`).join('\n');
      const row = await finished(t, t.userKey, await postCsv(t, t.userKey, `url,alias\n${rows}\n`, '?partial=1'));
      // The second written chunk's announcement dies: the first two chunks were committed, with their counts.
      const written = await linksLike('exact-');
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(2500);
      expect(row).toMatchObject({ status: 'failed', created: written });
      expect(row.error).toMatch(new RegExp(`; ${written} links had been written\\.`));
    } finally {
      t.app.ctx.changes.off('created', dies);
    }
  });
});
