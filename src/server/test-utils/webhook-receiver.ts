// A real webhook receiver for tests: a node HTTP server on a second loopback address (127.0.0.2, which the
// test config allows like a public host; 127.0.0.1 stays refused). It records every request and answers
// with what `respond` says (200 by default).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const RECEIVER_HOST = '127.0.0.2';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status and body of the next answers (by request number, from 0). */
  respond: (n: number, req: Received) => { status: number; body?: string };
  close(): Promise<void>;
}

export async function startReceiver(host = RECEIVER_HOST): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200, body: 'ok' }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body) as Received['json'];
      } catch {
        json = { id: '', type: '', created_at: '', data: {} };
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, body, json };
      const answer = receiver.respond(receiver.received.length, r);
      receiver.received.push(r);
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  server.unref();
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
