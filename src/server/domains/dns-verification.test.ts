// Custom domains' DNS verification against a DNS server on localhost (DNS_RESOLVER): the records a
// domain needs and their states, a domain that takes traffic only once verified, the on-demand TLS `ask`
// endpoint, and the periodic worker. Sharing and the instance admin's domains: domain-sharing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { startLocalDns, type LocalDns } from '../test-utils/dns-server';
import { create, expect404, get } from '../test-utils/api';
import { createLink, visit } from '../redirect/test-helpers';
import type { DnsRecord, DomainVerification } from '../../shared/objects/domain-verification.object';

let t: TestApp;
let dns: LocalDns;
beforeAll(async () => {
  dns = await startLocalDns();
  t = await createTestApp({
    dnsResolver: [dns.resolver],
    domainTargetAddresses: ['203.0.113.7', '2001:0db8:0000::7'],
    domainTargetHost: 'edge.short.test',
    domainCheckEveryMs: null,
  });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const verification = async (id: number): Promise<DomainVerification> => (await get(t, t.userKey, `/api/v1/domains/${id}/verification`)).json().data;
const verifyNow = async (id: number): Promise<DomainVerification> => {
  const res = await t.as(t.userKey, { method: 'POST', url: `/api/v1/domains/${id}/verify` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const byType = (v: DomainVerification) => Object.fromEntries(v.records.map((r) => [r.type, { state: r.state, found: r.found }])) as Record<DnsRecord['type'], { state: string; found: string[] }>;
const allowed = (host: string) => t.app.inject({ method: 'GET', url: `/domains/allowed?domain=${encodeURIComponent(host)}` });

describe('a custom domain of a workspace', () => {
  let id = 0;
  let token = '';

  it('starts unverified, with the records to set and no state yet', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'go.brand.test' });
    id = d.id;
    expect(d).toMatchObject({ verified: false, verified_at: null, last_checked_at: null, shared: false, owned: true });
    const v = await verification(id);
    token = v.records[0]?.value ?? '';
    expect(token).toMatch(/^linkdeck-[0-9a-f]{32}$/);
    expect(v).toEqual({
      domain_id: id,
      name: 'go.brand.test',
      verified: false,
      verified_at: null,
      last_checked_at: null,
      check_error: null,
      records: [
        { type: 'TXT', name: '_linkdeck.go.brand.test', value: token, purpose: 'ownership', state: 'unknown', found: [] },
        { type: 'A', name: 'go.brand.test', value: '203.0.113.7', purpose: 'routing', state: 'unknown', found: [] },
        { type: 'AAAA', name: 'go.brand.test', value: '2001:db8::7', purpose: 'routing', state: 'unknown', found: [] },
        { type: 'CNAME', name: 'go.brand.test', value: 'edge.short.test', purpose: 'routing', state: 'unknown', found: [] },
      ],
    });
  });

  it('with no records set: every record is missing, and the host is answered as an unknown host', async () => {
    const v = await verifyNow(id);
    expect(v.verified).toBe(false);
    expect(v.check_error).toBeNull();
    expect(v.last_checked_at).not.toBeNull();
    expect(v.records.map((r) => [r.type, r.state, r.found])).toEqual([
      ['TXT', 'missing', []],
      ['A', 'missing', []],
      ['AAAA', 'missing', []],
      ['CNAME', 'missing', []],
    ]);
    // What GET answers now is the check's result.
    expect(await verification(id)).toEqual(v);
    await createLink(t, { url: 'https://brand.example/offer', domain_id: id, alias: 'offer' });
    await createLink(t, { url: 'https://default.example/offer', alias: 'offer' });
    // The default domain's link, as on any host that is no domain.
    expect((await visit(t, '/offer', { headers: { host: 'go.brand.test' } })).headers.location).toBe('https://default.example/offer');
    expect((await allowed('go.brand.test')).statusCode).toBe(404);
  });

  it('TXT right but A wrong: the A record is wrong with what was found, and the domain stays unverified', async () => {
    dns.set('_linkdeck.go.brand.test', { TXT: ['some-other-text', token] });
    dns.set('go.brand.test', { A: ['198.51.100.9'] });
    const v = await verifyNow(id);
    expect(byType(v)).toEqual({
      TXT: { state: 'ok', found: ['some-other-text', token] },
      A: { state: 'wrong', found: ['198.51.100.9'] },
      AAAA: { state: 'missing', found: [] },
      CNAME: { state: 'missing', found: [] },
    });
    expect(v.verified).toBe(false);
    // One right address beside one of another server is still wrong: some visitors would go there.
    dns.set('go.brand.test', { A: ['203.0.113.7', '198.51.100.9'] });
    expect(byType(await verifyNow(id)).A).toEqual({ state: 'wrong', found: ['203.0.113.7', '198.51.100.9'] });
    expect((await visit(t, '/offer', { headers: { host: 'go.brand.test' } })).headers.location).toBe('https://default.example/offer');
  });

  it('a TXT record with another token is wrong', async () => {
    dns.set('_linkdeck.go.brand.test', { TXT: ['linkdeck-00000000000000000000000000000000'] });
    dns.set('go.brand.test', { A: ['203.0.113.7'] });
    const v = await verifyNow(id);
    expect(byType(v).TXT).toEqual({ state: 'wrong', found: ['linkdeck-00000000000000000000000000000000'] });
    expect(byType(v).A.state).toBe('ok');
    expect(v.verified).toBe(false);
  });

  it('all right: verified, and the redirect and the allowed endpoint take the host from then on', async () => {
    dns.set('_linkdeck.go.brand.test', { TXT: [token] });
    dns.set('go.brand.test', { A: ['203.0.113.7'], AAAA: ['2001:db8::7'] });
    const v = await verifyNow(id);
    expect(byType(v)).toEqual({
      TXT: { state: 'ok', found: [token] },
      A: { state: 'ok', found: ['203.0.113.7'] },
      AAAA: { state: 'ok', found: ['2001:db8::7'] },
      CNAME: { state: 'missing', found: [] },
    });
    expect(v.verified).toBe(true);
    expect(v.verified_at).toBe(v.last_checked_at);
    expect((await get(t, t.userKey, `/api/v1/domains/${id}`)).json().data).toMatchObject({ verified: true, verified_at: v.verified_at });
    const res = await visit(t, '/offer', { headers: { host: 'GO.brand.test:443' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://brand.example/offer');
    const ok = await allowed('go.brand.test');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ allowed: true, domain: 'go.brand.test' });
  });

  it('stays verified when a later check finds the records gone (a DNS change must not stop working links), and shows it', async () => {
    dns.remove('_linkdeck.go.brand.test');
    dns.remove('go.brand.test');
    const v = await verifyNow(id);
    expect(v.verified).toBe(true);
    expect(byType(v).TXT.state).toBe('missing');
    expect((await visit(t, '/offer', { headers: { host: 'go.brand.test' } })).headers.location).toBe('https://brand.example/offer');
  });
});

describe('the records', () => {
  it('a CNAME to the target host is enough for routing', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'links.cname.test' });
    const token = (await verification(d.id)).records[0]?.value as string;
    dns.set('_linkdeck.links.cname.test', { TXT: [token] });
    dns.set('links.cname.test', { CNAME: 'Edge.Short.Test.' });
    const v = await verifyNow(d.id);
    expect(byType(v).CNAME).toEqual({ state: 'ok', found: ['edge.short.test'] });
    expect(v.verified).toBe(true);
  });

  it('a CNAME elsewhere is wrong, and so are the addresses it leads to', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'links.elsewhere.test' });
    const token = (await verification(d.id)).records[0]?.value as string;
    dns.set('_linkdeck.links.elsewhere.test', { TXT: [token] });
    dns.set('links.elsewhere.test', { CNAME: 'other-host.test' });
    dns.set('other-host.test', { A: ['198.51.100.20'] });
    const v = await verifyNow(d.id);
    expect(byType(v).CNAME).toEqual({ state: 'wrong', found: ['other-host.test'] });
    expect(byType(v).A).toEqual({ state: 'wrong', found: ['198.51.100.20'] });
    expect(v.verified).toBe(false);
  });

  it('a resolver that fails: the records are unknown and check_error says why', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'broken.dns.test' });
    dns.set('_linkdeck.broken.dns.test', { fail: true });
    dns.set('broken.dns.test', { fail: true });
    const v = await verifyNow(d.id);
    expect(v.records.every((r) => r.state === 'unknown')).toBe(true);
    expect(v.check_error).toMatch(/^The resolver did not answer for _linkdeck\.broken\.dns\.test \(TXT: ESERVFAIL\)/);
    expect(v.verified).toBe(false);
  });

  it('answers 404 for another workspace\'s domain, an unknown id and a bad id', async () => {
    const theirs = await create(t, t.adminKey, 'domains', { name: 'admin-only.test' });
    expect404(await get(t, t.userKey, `/api/v1/domains/${theirs.id}/verification`));
    expect404(await t.as(t.userKey, { method: 'POST', url: `/api/v1/domains/${theirs.id}/verify` }));
    expect404(await get(t, t.userKey, '/api/v1/domains/999999/verification'));
    expect404(await get(t, t.userKey, '/api/v1/domains/abc/verification'));
  });
});

describe('GET /domains/allowed', () => {
  it("answers 200 for the instance's own host, 404 for unknown, malformed and missing hosts; no key needed", async () => {
    expect((await allowed('short.test')).statusCode).toBe(200);
    expect((await allowed('Short.Test.')).statusCode).toBe(200);
    for (const host of ['nobody.test', 'not a host', '', '1.2.3.4']) expect((await allowed(host)).statusCode, host).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: '/domains/allowed' });
    expect(bare.statusCode).toBe(404);
    expect(bare.headers['cache-control']).toBe('no-store');
  });
});

describe('the periodic worker', () => {
  it('checks unverified domains that are due, verifies those that are right, and leaves them until due again', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'worker.brand.test' });
    const token = (await verification(d.id)).records[0]?.value as string;
    dns.set('_linkdeck.worker.brand.test', { TXT: [token] });
    dns.set('worker.brand.test', { A: ['203.0.113.7'] });
    await createLink(t, { url: 'https://brand.example/w', domain_id: d.id, alias: 'w' });
    expect((await visit(t, '/w', { headers: { host: 'worker.brand.test' } })).statusCode).toBe(404);
    const checks = t.app.domainChecks;
    expect(await checks.runDue(600_000)).toBeGreaterThanOrEqual(1);
    expect((await verification(d.id)).verified).toBe(true);
    expect((await visit(t, '/w', { headers: { host: 'worker.brand.test' } })).headers.location).toBe('https://brand.example/w');
    // Just checked, every domain: nothing is due until the interval has passed.
    expect(await checks.runDue(600_000)).toBe(0);
    expect(await checks.runDue(600_000, Date.now() + 601_000)).toBeGreaterThanOrEqual(1);
  });

  it('runs by itself every interval, and its stop waits for a round under way', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'timer.brand.test' });
    const token = (await verification(d.id)).records[0]?.value as string;
    dns.set('_linkdeck.timer.brand.test', { TXT: [token] });
    dns.set('timer.brand.test', { A: ['203.0.113.7'] });
    const errors: unknown[] = [];
    const stop = t.app.domainChecks.schedule(50, (err) => errors.push(err));
    try {
      await expect.poll(async () => (await verification(d.id)).verified, { timeout: 5000 }).toBe(true);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });
});
