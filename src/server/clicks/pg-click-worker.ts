// The PostgreSQL click writer's thread: the batches the ClickWriter hands over are summarised, serialised
// and sent from here, so that none of that work stalls the redirect's event loop (measured on the main
// thread: a p99 of 45-48 ms against the bare server's 2-5 ms). Batches are written in order with a pool of
// two connections; a failure (the database away) is retried after a growing delay, up to `maxPending`
// waiting clicks, beyond which the oldest batch is dropped and reported with its count. On close the
// thread writes what it can for up to 20 s, then reports what is left.
import { chunkMarkers, summarizeChunk } from './click-batch';
import { makePgBatchWriter } from './pg-click-batch';

export const PG_WORKER_SOURCE = (): string => `
const { parentPort, workerData } = require('node:worker_threads');
const pg = require(workerData.driver);
const __name = (f) => f;
const summarizeChunk = ${summarizeChunk.toString()};
const chunkMarkers = ${chunkMarkers.toString()};
const makePgBatchWriter = ${makePgBatchWriter.toString()};
const pool = new pg.Pool({ connectionString: workerData.url, max: 2, connectionTimeoutMillis: 5000, query_timeout: 30000 });
pool.on('error', () => {});
const write = makePgBatchWriter(pool, 20000, summarizeChunk, chunkMarkers);
let strings = [null];
const backlog = [];
let running = false;
let closeBy = 0;
const waiting = () => backlog.reduce((n, b) => n + b.count - (b.done || 0), 0);
async function run() {
  if (running) return;
  running = true;
  let delay = 250;
  while (backlog.length && !(closeBy && Date.now() > closeBy)) {
    const b = backlog[0];
    try {
      await write(b);
      backlog.shift();
      delay = 250;
      parentPort.postMessage({ ack: b.seq });
    } catch (err) {
      parentPort.postMessage({ error: String((err && err.message) || err) });
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5000);
    }
    let n = waiting();
    while (n > workerData.maxPending && backlog.length > 1) {
      const lost = backlog.shift();
      n -= lost.count - (lost.done || 0);
      parentPort.postMessage({ ack: lost.seq, dropped: lost.count - (lost.done || 0) });
    }
  }
  running = false;
  if (closeBy) finish();
}
function finish() {
  pool.end().catch(() => {}).then(() => parentPort.postMessage({ closed: true, left: waiting() }));
}
parentPort.on('message', (m) => {
  if (m.close) {
    closeBy = Date.now() + 20000;
    if (!running) finish();
    return;
  }
  if (m.reset) strings = [null];
  for (const s of m.strings) strings.push(s);
  backlog.push({ seq: m.seq, count: m.count, nums: m.nums, refs: m.refs, strings });
  run();
});`;
