// The heavy work's side of the pool's protocol (heavy-pool.ts): one-shot calls and streams, each run a
// step at a time. A pool thread (heavy-worker.ts) serves the steps its parent sends; with HEAVY_THREADS=0
// the pool serves them on the main thread with the same code.
import type { Db } from '../db/database';
import type { QrJob } from '../qr/qr-render';
import type { InspectJob, RowsJob } from '../imports/import-file';
import type { ClicksExportQuery, LinkExportQuery } from '../../shared/export.schema';

/** The database a stream reads, as a thread opens it: a SQLite file or a PostgreSQL URL. */
export type DbTarget = { sqlite: string } | { postgres: string };

export interface ServeEnv {
  db(target: DbTarget): Promise<Db>;
}

interface ExportJob<Q> {
  target: DbTarget;
  userId: number;
  baseUrl: string;
  query: Q;
}

// Each kind's code is loaded on its first use, so that a thread starts quickly.
const qrCode = () => import('../qr/qr-render');
const importFile = () => import('../imports/import-file');

export const calls = {
  qr: async (job: QrJob) => (await qrCode()).renderQrJob(job),
  logoSize: async (png: Uint8Array) => (await qrCode()).logoSize(png),
  inspectImport: async (job: InspectJob) => (await importFile()).inspectImportFile(job),
};

export const streams = {
  importRows: async function* (job: RowsJob) {
    yield* (await importFile()).importRowBatches(job);
  },
  exportLinks: async function* (job: ExportJob<LinkExportQuery>, env: ServeEnv) {
    const { linkExportChunks } = await import('../exports/link-export');
    yield* linkExportChunks(await env.db(job.target), job.baseUrl, job.userId, job.query);
  },
  exportClicks: async function* (job: ExportJob<ClicksExportQuery>, env: ServeEnv) {
    const { clickExportChunks } = await import('../exports/click-export');
    yield* clickExportChunks(await env.db(job.target), job.userId, job.query);
  },
};

export type Calls = typeof calls;
export type Streams = typeof streams;
export type CallKind = keyof Calls;
export type StreamKind = keyof Streams;

export type StepMessage =
  | { step: number; op: 'call'; kind: CallKind; payload: unknown }
  /** The next value of a session's stream; the first step names the stream and its job. */
  | { step: number; op: 'next'; session: number; open?: { kind: StreamKind; payload: unknown } }
  /** The session is given up (no answer). */
  | { step: number; op: 'close'; session: number };

/** A server of steps, with its open sessions. */
export function createServer(env: ServeEnv): (m: StepMessage) => Promise<unknown> {
  const sessions = new Map<number, AsyncIterator<unknown>>();
  return async (m) => {
    if (m.op === 'call') return (calls[m.kind] as (p: unknown) => unknown)(m.payload);
    if (m.op === 'close') {
      const it = sessions.get(m.session);
      sessions.delete(m.session);
      await it?.return?.();
      return undefined;
    }
    let it = sessions.get(m.session);
    if (!it && m.open) {
      it = (streams[m.open.kind] as (p: unknown, e: ServeEnv) => AsyncIterator<unknown>)(m.open.payload, env);
      sessions.set(m.session, it);
    }
    if (!it) throw new Error(`no open stream ${m.session}`);
    try {
      const r = await it.next();
      if (r.done) sessions.delete(m.session);
      return r;
    } catch (err) {
      sessions.delete(m.session);
      throw err;
    }
  };
}

/** Buffers to hand over rather than copy: a result that owns its whole, unshared ArrayBuffer. */
export function transferOf(value: unknown): ArrayBuffer[] {
  if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) return [value.buffer];
  return [];
}
