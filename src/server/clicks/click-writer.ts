// Clicks are queued in memory and written in batches off the redirect's path: every second (or at a
// size threshold) the queue goes to a writer thread with its own SQLite connection, which stores each
// batch in one transaction (click-batch.ts). close() hands over what is left and waits until it is
// written, so a graceful stop loses nothing; a crash loses at most the last second.
// The queue is typed arrays plus a string table (ClickBatch): recording a click allocates nothing, and
// a batch is transferred to the thread, not copied.
// An in-memory database cannot be shared with a thread: then batches are written on this thread.
// On PostgreSQL the thread is pg-click-worker.ts: it writes the batches in order and, while the database
// is away, keeps them and retries with a growing delay, up to maxPending clicks, beyond which the oldest
// are dropped and the loss is reported with a count.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { CLICK_FIELDS, chunkMarkers, makeBatchWriter, summarizeChunk, type ClickBatch } from './click-batch';
import { PG_WORKER_SOURCE } from './pg-click-worker';
import type { LimitJournal } from './limit-journal';
import type { ClickFields } from './click-tracking';

export interface ClickWriterOptions {
  flushEveryMs?: number;
  maxQueue?: number;
  /** Size of the string table after which it starts anew (referrer hosts are unbounded). */
  maxStrings?: number;
  /** The limit journal whose records the journaled clicks are (file databases). */
  journal?: LimitJournal | null;
  /** PostgreSQL: clicks waiting for the database at most; default 1,000,000. */
  maxPending?: number;
  onError?: (err: unknown) => void;
}

const WORKER_SOURCE = (markers: string, summarize: string, fn: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const __name = (f) => f;
const chunkMarkers = ${markers};
const summarizeChunk = ${summarize};
const makeBatchWriter = ${fn};
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('busy_timeout = 5000'); db.pragma('foreign_keys = ON');
const write = makeBatchWriter(db);
let strings = [null];
const backlog = [];
function run() {
  try {
    while (backlog.length) { const b = backlog[0]; write(b); backlog.shift(); parentPort.postMessage({ ack: b.seq }); }
  } catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }); setTimeout(run, 250); }
}
parentPort.on('message', (m) => {
  if (m.close) { run(); db.close(); parentPort.postMessage({ closed: true, left: backlog.reduce((n, b) => n + b.count, 0) }); return; }
  if (m.reset) strings = [null];
  for (const s of m.strings) strings.push(s);
  backlog.push({ seq: m.seq, count: m.count, nums: m.nums, refs: m.refs, strings, journalStart: m.journalStart });
  if (backlog.length === 1) run();
});`;

interface Pending extends ClickBatch {
  seq: number;
}

export class ClickWriter {
  private count = 0;
  private nums = new Float64Array(2 * 1024);
  private refs = new Uint32Array(CLICK_FIELDS.length * 1024);
  private readonly ids = new Map<string, number>();
  private fresh: string[] = [];
  private reset = false;
  private readonly timer: NodeJS.Timeout;
  private readonly worker: Worker | null;
  private readonly local: ((batch: ClickBatch) => void) | null;
  /** In-memory mode: the string table, and batches that failed and wait for the next try. */
  private localStrings: (string | null)[] = [null];
  private readonly failed: Pending[] = [];
  private seq = 0;
  private acked = 0;
  private waiters: { seq: number; resolve: () => void }[] = [];
  private closed = false;
  private readonly maxQueue: number;
  /** Journal offset of the queued batch's first journaled click. */
  private journalStart = 0;

  /** `target`: a SQLite database, or the URL of a PostgreSQL one. */
  constructor(
    target: SQLite.Database | { postgresUrl: string },
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxQueue = opts.maxQueue ?? 50_000;
    if ('postgresUrl' in target) {
      this.local = null;
      const driver = createRequire(import.meta.url).resolve('pg');
      this.worker = new Worker(PG_WORKER_SOURCE(), { eval: true, workerData: { driver, url: target.postgresUrl, maxPending: opts.maxPending ?? 1_000_000 } });
    } else if (target.memory || target.name === '' || target.name === ':memory:') {
      this.worker = null;
      this.local = makeBatchWriter(target);
    } else {
      this.local = null;
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      this.worker = new Worker(WORKER_SOURCE(chunkMarkers.toString(), summarizeChunk.toString(), makeBatchWriter.toString()), { eval: true, workerData: { driver, file: target.name } });
    }
    if (this.worker) {
      this.worker.unref();
      this.worker.on('message', (m: { ack?: number; error?: string; dropped?: number }) => {
        if (m.error) this.opts.onError?.(new Error(m.error));
        if (m.dropped) this.opts.onError?.(new Error(`${m.dropped} clicks were dropped: the database was unreachable and more were waiting than the limit`));
        if (m.ack !== undefined) this.settle(m.ack);
      });
      this.worker.on('error', (err) => this.opts.onError?.(err));
    }
    this.timer = setInterval(() => this.send(), opts.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  private settle(seq: number): void {
    this.acked = seq;
    this.waiters = this.waiters.filter((w) => (w.seq <= seq ? (w.resolve(), false) : true));
    // Everything recorded is written and nothing waits: the journal's records are all applied.
    if (seq === this.seq && this.count === 0 && this.opts.journal) {
      this.opts.journal.restart();
      this.journalStart = 0;
    }
  }

  private id(text: string | null): number {
    if (!text) return 0;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(text, id);
      this.fresh.push(text);
    }
    return id;
  }

  /** Queues one click; `at` in ms since the epoch; `journaled`: just appended to the limit journal. */
  record(linkId: number, at: number, fields: ClickFields, journaled = false): void {
    const i = this.count;
    if (2 * i === this.nums.length) this.grow();
    this.nums[2 * i] = journaled ? -linkId : linkId;
    this.nums[2 * i + 1] = at;
    const r = CLICK_FIELDS.length * i; // in CLICK_FIELDS order
    for (let f = 0; f < CLICK_FIELDS.length; f++) this.refs[r + f] = this.id(fields[CLICK_FIELDS[f] as keyof ClickFields]);
    this.count = i + 1;
    if (this.count >= this.maxQueue) this.send();
  }

  private grow(): void {
    const nums = new Float64Array(this.nums.length * 2);
    nums.set(this.nums);
    const refs = new Uint32Array(this.refs.length * 2);
    refs.set(this.refs);
    this.nums = nums;
    this.refs = refs;
  }

  /** Hands the queue to the writer; returns the batch's sequence number. */
  private send(): number {
    if (this.failed.length) this.retryLocal();
    if (this.count === 0) return this.seq;
    const { count, nums, refs, fresh, reset } = this;
    const journalStart = this.opts.journal ? this.journalStart : undefined;
    if (this.opts.journal) this.journalStart = this.opts.journal.size;
    this.seq++;
    const capacity = Math.max(1024, count);
    this.count = 0;
    this.nums = new Float64Array(2 * capacity);
    this.refs = new Uint32Array(CLICK_FIELDS.length * capacity);
    this.fresh = [];
    this.reset = false;
    if (this.ids.size > (this.opts.maxStrings ?? 50_000)) {
      // A new string is sent once, then only its id; the table starts anew with the next batch.
      this.ids.clear();
      this.reset = true;
    }
    if (this.worker) {
      this.worker.postMessage({ seq: this.seq, count, nums, refs, strings: fresh, reset, journalStart }, [nums.buffer, refs.buffer]);
    } else {
      if (reset) this.localStrings = [null];
      for (const text of fresh) this.localStrings.push(text);
      this.failed.push({ seq: this.seq, count, nums, refs, strings: this.localStrings, journalStart });
      this.retryLocal();
    }
    return this.seq;
  }

  private retryLocal(): void {
    try {
      for (const batch of this.failed) {
        this.local?.(batch);
        this.acked = batch.seq;
      }
      this.failed.length = 0;
    } catch (err) {
      this.failed.splice(0, this.failed.findIndex((b) => b.seq > this.acked));
      this.opts.onError?.(err);
    }
  }

  /** Resolves once every click recorded so far is in the database. */
  flush(): Promise<void> {
    const seq = this.send();
    if (seq <= this.acked) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.send();
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      worker.on('message', (m: { closed?: boolean; left?: number }) => {
        if (!m.closed) return;
        if (m.left) this.opts.onError?.(new Error(`${m.left} clicks could not be written`));
        resolve();
      });
      worker.postMessage({ close: true });
    });
    await worker.terminate();
  }
}
