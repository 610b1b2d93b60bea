// Through a listening server (the fast path answers before Fastify, app.inject() never reaches it):
// Fastify's request.ip, request.host and request.protocol, the redirect's clientIp and clientHost, the
// fast path and the Fastify route all read the forwarding headers with the one trust function.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test-utils/test-app';
import { UsersRepo } from '../users/users.repo';
import { fastPathOf } from '../redirect/fast-path';
import { CHROME_WIN } from '../redirect/test-helpers';
import { clientHost, clientIp, type TrustProxy } from './client-address';

const REAL = '81.2.69.142'; // GB
const SPOOF = '6.6.6.6'; // US

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Server {
  app: FastifyInstance;
  port: number;
  key: string;
  close(): Promise<void>;
}

/** A real app with one extra route that shows what Fastify and client-address.ts make of a request. */
async function start(trustProxy: TrustProxy): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-proxy-'));
  const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'linkdeck.db'), apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', trustProxy });
  const { db, drop } = await openTestDatabase(dir);
  const { apiKey } = await new UsersRepo(db.kysely).create('User', 'user');
  const app = await buildApp({ config, db });
  app.get('/test-only/who', async (request) => ({
    ip: request.ip,
    host: request.host,
    protocol: request.protocol,
    clientIp: clientIp(request.raw, trustProxy),
    clientHost: clientHost(request.raw, trustProxy),
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    await db.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { app, port: (app.server.address() as AddressInfo).port, key: apiKey, close };
}

function request(s: Server, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, path: url, method, headers: { host: 'short.test', 'user-agent': CHROME_WIN, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function who(s: Server, headers: Record<string, string>) {
  return JSON.parse((await request(s, 'GET', '/test-only/who', headers)).body) as Record<string, string>;
}

const CASES: Record<string, string>[] = [
  {},
  { 'x-forwarded-for': REAL },
  { 'x-forwarded-for': `${SPOOF}, ${REAL}` },
  { 'x-forwarded-for': `${SPOOF}, ${REAL}, 10.0.0.7` },
  { 'x-forwarded-for': `${SPOOF}, ${REAL}`, 'x-forwarded-host': 'evil.example, brand.example', 'x-forwarded-proto': 'https' },
];

describe('one trust function for Fastify and the redirect', () => {
  // The client address each case gives, and whether X-Forwarded-Host and -Proto are believed.
  for (const [name, trust, expected, believed] of [
    ['TRUST_PROXY=1', 1, ['127.0.0.1', REAL, REAL, '10.0.0.7', REAL], true],
    // Two proxies: the second one's address is the last entry, the client the one before it.
    ['TRUST_PROXY=2', 2, ['127.0.0.1', REAL, SPOOF, REAL, SPOOF], true],
    ['TRUST_PROXY=127.0.0.1,10.0.0.0/8', ['127.0.0.1', '10.0.0.0/8'], ['127.0.0.1', REAL, REAL, REAL, REAL], true],
    ['a peer not listed', ['10.0.0.1'], ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1'], false],
    ['off', false, ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1'], false],
  ] as const) {
    it(`request.ip and clientIp agree: ${name}`, async () => {
      const s = await start(trust as TrustProxy);
      try {
        for (const [i, headers] of CASES.entries()) {
          const got = await who(s, headers);
          expect(got.ip, JSON.stringify(headers)).toBe(expected[i]);
          expect(got.clientIp, JSON.stringify(headers)).toBe(got.ip);
          expect(got.clientHost).toBe(got.host);
        }
        const last = await who(s, CASES[4]!);
        expect(last.host).toBe(believed ? 'brand.example' : 'short.test');
        expect(last.protocol).toBe(believed ? 'https' : 'http');
      } finally {
        await s.close();
      }
    });
  }

  it('the fast path and the route target the same client behind one proxy', async () => {
    const s = await start(1);
    try {
      const targets = [{ key: 'GB', value: 'https://gb.example/' }, { key: 'US', value: 'https://us.example/' }];
      for (const [alias, extra] of [['plain', {}], ['gated', { redirect_password: 'right one' }]] as const) {
        const body = JSON.stringify({ url: 'https://world.example/', alias, targets_type: 'countries', targets, ...extra });
        const res = await request(s, 'POST', '/api/v1/links', { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body);
        expect(res.status, res.body).toBe(201);
      }
      const fast = fastPathOf(s.app.server);
      if (!fast) throw new Error('no fast path');
      const xff = { 'x-forwarded-for': `${SPOOF}, ${REAL}` };
      // The first visit may load the link (a promise on PostgreSQL: the route answers); the second is the fast path's.
      await request(s, 'GET', '/plain', xff);
      const before = fast.served;
      const viaFast = await request(s, 'GET', '/plain', xff);
      expect(fast.served).toBe(before + 1);
      const viaRoute = await request(s, 'POST', '/gated', { ...xff, 'content-type': 'application/x-www-form-urlencoded' }, 'password=right+one');
      expect(fast.served).toBe(before + 1);
      expect(viaFast.headers.location).toBe('https://gb.example/');
      expect(viaRoute.headers.location).toBe('https://gb.example/');
    } finally {
      await s.close();
    }
  });
});
