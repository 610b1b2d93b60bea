// A pool thread (heavy-pool.ts starts it through tsx, as `npm start` and Vitest both can): it serves
// the steps its parent sends, one at a time, and answers each with its value or its error.
import { parentPort } from 'node:worker_threads';
import { createServer, transferOf, type StepMessage } from './heavy-serve';
import { workerDb } from './worker-db';

const port = parentPort;
if (!port) throw new Error('heavy-worker.ts runs as a worker thread');
const serve = createServer({ db: workerDb });
let chain = Promise.resolve();

port.on('message', (m: StepMessage) => {
  chain = chain.then(async () => {
    try {
      const value = await serve(m);
      if (m.op !== 'close') port.postMessage({ step: m.step, value }, transferOf(value));
    } catch (err) {
      const e = err as { message?: string; stack?: string };
      port.postMessage({ step: m.step, error: e?.message ?? String(err), stack: e?.stack });
    }
  });
});
port.postMessage({ ready: true });
