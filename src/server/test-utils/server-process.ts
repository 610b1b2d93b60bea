// Linkdeck as a real process (src/server/main.ts through tsx) on a data directory of the test's choice,
// for what only a process can show: a crash (SIGKILL) and a restart on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  base: string;
  key: string;
  child: ChildProcess;
  /** SIGKILL: no flush, no goodbye. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop(): Promise<void>;
  /** Not exited yet (a test that stopped or killed it restarts it in its cleanup when this is false). */
  running(): boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const key = `process_admin_key_${port}_0123456789`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_API_KEY: key, FETCH_TITLES: '0', API_RATE_LIMIT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000; // tsx compiles the server at each start: slow on a busy machine
  for (;;) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start (exit ${child.exitCode}): ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const end = (signal: NodeJS.Signals) => async () => {
    if (!running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return { base, key, child, kill: end('SIGKILL'), stop: end('SIGTERM'), running };
}
