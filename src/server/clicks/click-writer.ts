// Clicks are queued in memory and written in batches off the redirect's path: every second (or at a
// size threshold) the queue goes to a writer thread with its own SQLite connection, which stores each
// batch in one transaction (click-batch.ts). close() hands over what is left and waits until it is
// written, so a graceful stop loses nothing; a crash loses at most the last second.
// An in-memory database cannot be shared with a thread: then batches are written on this thread.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { makeBatchWriter, type ClickTuple } from './click-batch';
import type { ClickEventsTable } from '../db/schema';

/** One click as the redirect records it: the stored event's columns, with the time in ms. */
export type ClickEvent = { linkId: number; /** ms since the epoch. */ at: number } & Omit<
  ClickEventsTable,
  'id' | 'link_id' | 'clicked_at'
>;

export interface ClickWriterOptions {
  flushEveryMs?: number;
  maxQueue?: number;
  onError?: (err: unknown) => void;
}

const WORKER_SOURCE = (fn: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const __name = (f) => f;
const makeBatchWriter = ${fn};
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('busy_timeout = 5000'); db.pragma('foreign_keys = ON');
const write = makeBatchWriter(db);
let backlog = [];
let lastSeq = 0;
function run() {
  if (!backlog.length) return;
  try { write(backlog); backlog = []; parentPort.postMessage({ ack: lastSeq }); }
  catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }); setTimeout(run, 250); }
}
parentPort.on('message', (m) => {
  if (m.close) { run(); db.close(); parentPort.postMessage({ closed: true, left: backlog.length }); return; }
  backlog = backlog.length ? backlog.concat(m.events) : m.events; lastSeq = m.seq; run();
});`;

export class ClickWriter {
  private queue: ClickTuple[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly worker: Worker | null;
  private readonly local: ((events: ClickTuple[]) => void) | null;
  private seq = 0;
  private acked = 0;
  private waiters: { seq: number; resolve: () => void }[] = [];
  private closed = false;
  private readonly maxQueue: number;

  constructor(
    sqlite: SQLite.Database,
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxQueue = opts.maxQueue ?? 50_000;
    const inMemory = sqlite.memory || sqlite.name === '' || sqlite.name === ':memory:';
    if (inMemory) {
      this.worker = null;
      this.local = makeBatchWriter(sqlite);
    } else {
      this.local = null;
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      this.worker = new Worker(WORKER_SOURCE(makeBatchWriter.toString()), { eval: true, workerData: { driver, file: sqlite.name } });
      this.worker.unref();
      this.worker.on('message', (m: { ack?: number; error?: string }) => {
        if (m.error) this.opts.onError?.(new Error(m.error));
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
  }

  record(e: ClickEvent): void {
    this.queue.push([e.linkId, e.at, e.country, e.continent, e.os, e.browser, e.device, e.language, e.referrer]);
    if (this.queue.length >= this.maxQueue) this.send();
  }

  /** Hands the queue to the writer; returns the batch's sequence number. */
  private send(): number {
    if (this.queue.length === 0) return this.seq;
    const events = this.queue;
    this.queue = [];
    this.seq++;
    if (this.worker) {
      this.worker.postMessage({ seq: this.seq, events });
    } else {
      try {
        this.local?.(events);
        this.acked = this.seq;
      } catch (err) {
        this.queue = events.concat(this.queue);
        this.opts.onError?.(err);
      }
    }
    return this.seq;
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
