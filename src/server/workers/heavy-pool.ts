// The heavy work (QR codes, exports, import parsing and dry runs) runs here, off the event loop that
// serves redirects: a few worker threads (HEAVY_THREADS, default 2) take steps from per-account queues,
// in turn (round robin), and one account never has more than HEAVY_PER_ACCOUNT steps running. A step is
// a QR code, an import file's check, or one chunk of a stream (an export's next batch, an import's next
// rows): a stream's session stays on its thread but holds it only while a chunk is made, so a slow
// download keeps no thread. Requests are admitted first (heavy-admission.ts).
// Threads are started with tsx's API from a small CommonJS source, as click-writer.ts starts its thread
// from source text: the same under `npm start` (tsx) and Vitest. HEAVY_THREADS=0 runs the steps on the
// main thread, in the same order and turns (tests compare both).
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db } from '../db/database';
import { createServer, type CallKind, type Calls, type DbTarget, type StepMessage, type StreamKind, type Streams } from './heavy-serve';

export type Account = number | string;
type Pending = StepMessage extends infer M ? (M extends unknown ? Omit<M, 'step'> : never) : never;

interface Slot {
  worker: Worker | null;
  busy: Step | null;
  /** Sessions opened on this slot's thread. */
  sessions: Set<number>;
}

interface Step {
  account: Account;
  msg: Pending;
  /** A stream's later steps go to the thread that holds its session. */
  slot: Slot | null;
  session: number | null;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

const BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.api).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry)).catch((err) => {
  parentPort.postMessage({ fatal: String((err && err.stack) || err) });
});`;

function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('tsx/package.json');
  const exports = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
  return pathToFileURL(path.join(path.dirname(pkg), exports['./esm/api']?.import.default ?? 'dist/esm/api/index.mjs')).href;
}

export class HeavyStopped extends Error {}

export class HeavyPool {
  private readonly slots: Slot[];
  private readonly queues = new Map<Account, Step[]>();
  /** When each account was last served (a turn number), to take them in turn. */
  private readonly served = new Map<Account, number>();
  private turns = 0;
  private readonly running = new Map<Account, number>();
  private steps = 0;
  private sessions = 0;
  private closed = false;
  private readonly inline: ((m: StepMessage) => Promise<unknown>) | null;
  /** Told when a step starts and ends (tests watch the order). */
  onStep: ((account: Account, phase: 'start' | 'end') => void) | null = null;

  constructor(
    private readonly opts: { threads: number; perAccount: number; memoryMb?: number },
    private readonly db: Db,
  ) {
    const n = Math.max(1, opts.threads);
    this.slots = Array.from({ length: n }, () => ({ worker: null, busy: null, sessions: new Set<number>() }));
    this.inline = opts.threads > 0 ? null : createServer({ db: async () => db });
  }

  /** Where a thread reads the app's database; null: it cannot (an in-memory SQLite database). */
  get dbTarget(): DbTarget | null {
    if (this.db.dialect === 'postgres') return { postgres: this.db.url };
    const file = this.db.sqlite.name;
    return this.db.sqlite.memory || file === '' || file === ':memory:' ? null : { sqlite: file };
  }

  /** One call, queued behind the account's own steps and taken in turn with other accounts'. */
  call<K extends CallKind>(account: Account, kind: K, payload: Parameters<Calls[K]>[0]): Promise<Awaited<ReturnType<Calls[K]>>> {
    return this.queue(account, { op: 'call', kind, payload }, null, null) as Promise<Awaited<ReturnType<Calls[K]>>>;
  }

  /** A stream's values, one step each, made as they are pulled; returning early closes the session. */
  async *stream<K extends StreamKind>(account: Account, kind: K, payload: Parameters<Streams[K]>[0]): AsyncGenerator<StreamValue<K>> {
    const session = ++this.sessions;
    let slot: Slot | null = null;
    let done = false;
    try {
      for (let first = true; ; first = false) {
        const step = this.queue(account, { op: 'next', session, ...(first ? { open: { kind, payload } } : {}) }, slot, session);
        const r = (await step) as IteratorResult<StreamValue<K>>;
        slot ??= this.slotOf(session);
        if (r.done) {
          done = true;
          return;
        }
        yield r.value;
      }
    } finally {
      if (!done) this.closeSession(slot ?? this.slotOf(session), session);
    }
  }

  private slotOf(session: number): Slot | null {
    return this.slots.find((s) => s.sessions.has(session)) ?? null;
  }

  private closeSession(slot: Slot | null, session: number): void {
    if (!slot?.sessions.delete(session)) return;
    const msg: StepMessage = { step: 0, op: 'close', session };
    if (slot.worker) slot.worker.postMessage(msg);
    else void this.inline?.(msg).catch(() => undefined);
  }

  private queue(account: Account, msg: Pending, slot: Slot | null, session: number | null): Promise<unknown> {
    if (this.closed) return Promise.reject(new HeavyStopped('The server is stopping.'));
    return new Promise((resolve, reject) => {
      let q = this.queues.get(account);
      if (!q) this.queues.set(account, (q = []));
      q.push({ account, msg, slot, session, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * The next step a free slot may take: of the accounts under their running cap, the one with the fewest
   * steps running, then the one served longest ago, so that a burst never runs ahead of another account.
   */
  private pick(slot: Slot): Step | undefined {
    let best: { account: Account; at: number; rank: [number, number] } | undefined;
    for (const [account, q] of this.queues) {
      const running = this.running.get(account) ?? 0;
      if (running >= this.opts.perAccount) continue;
      const at = q.findIndex((s) => s.slot === null || s.slot === slot);
      if (at === -1) continue;
      const rank: [number, number] = [running, this.served.get(account) ?? 0];
      if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1])) best = { account, at, rank };
    }
    if (!best) return undefined;
    const q = this.queues.get(best.account) as Step[];
    const [step] = q.splice(best.at, 1);
    if (q.length === 0) this.queues.delete(best.account);
    this.served.set(best.account, ++this.turns);
    return step;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const step = this.pick(slot);
      if (step) this.start(slot, step);
    }
  }

  private start(slot: Slot, step: Step): void {
    slot.busy = step;
    this.running.set(step.account, (this.running.get(step.account) ?? 0) + 1);
    if (step.session !== null) slot.sessions.add(step.session);
    this.onStep?.(step.account, 'start');
    const msg = { ...step.msg, step: ++this.steps } as StepMessage;
    if (this.inline) {
      this.inline(msg).then(
        (value) => this.finish(slot, step, value, null),
        (err: unknown) => this.finish(slot, step, undefined, err instanceof Error ? err : new Error(String(err))),
      );
      return;
    }
    (slot.worker ??= this.spawn(slot)).postMessage(msg);
  }

  private finish(slot: Slot, step: Step, value: unknown, err: Error | null): void {
    if (slot.busy !== step) return;
    slot.busy = null;
    const left = (this.running.get(step.account) ?? 1) - 1;
    if (left) this.running.set(step.account, left);
    else {
      this.running.delete(step.account);
      if (!this.queues.has(step.account)) this.served.delete(step.account);
    }
    if (err && step.session !== null) slot.sessions.delete(step.session);
    this.onStep?.(step.account, 'end');
    if (err) step.reject(err);
    else step.resolve(value);
    this.dispatch();
  }

  private spawn(slot: Slot): Worker {
    const entry = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'heavy-worker.ts')).href;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { api: tsxApi(), entry },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb ?? 384 },
    });
    worker.unref();
    worker.on('message', (m: { step?: number; value?: unknown; error?: string; fatal?: string }) => {
      const step = slot.busy;
      if (m.fatal) worker.emit('error', new Error(m.fatal));
      if (!step || m.step === undefined) return;
      this.finish(slot, step, m.value, m.error === undefined ? null : new Error(m.error));
    });
    const lost = (err: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      // The thread's sessions are gone with it: their later steps fail, and so does the running one.
      for (const q of this.queues.values()) {
        for (const s of q.filter((s) => s.slot === slot)) {
          q.splice(q.indexOf(s), 1);
          s.reject(err);
        }
      }
      slot.sessions.clear();
      const step = slot.busy;
      if (step) this.finish(slot, step, undefined, err);
      void worker.terminate();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`a heavy-work thread stopped (exit code ${code})`)));
    return worker;
  }

  /** Refuses new steps, fails the queued ones and stops the threads once their running steps are done. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const q of this.queues.values()) for (const s of q) s.reject(new HeavyStopped('The server is stopping.'));
    this.queues.clear();
    const deadline = Date.now() + 5000;
    while (this.slots.some((s) => s.busy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(this.slots.map((s) => s.worker?.terminate()));
  }
}

type StreamValue<K extends StreamKind> = ReturnType<Streams[K]> extends AsyncIterator<infer V> ? V : never;
