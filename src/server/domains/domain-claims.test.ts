// Unverified domains are claims (migration 029, domain-checks.ts): a workspace that adds a name without its DNS
// blocks nobody; whoever proves the DNS gets the name, and the other claims of it are marked lost; a name
// verified somewhere is refused without a word about who holds it; a claim is checked for 7 days only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { startLocalDns, type LocalDns } from '../test-utils/dns-server';
import { create, expect422, get, post } from '../test-utils/api';
import { UsersRepo } from '../users/users.repo';
import { CLAIM_LOST } from './domain-checks';

let t: TestApp;
let dns: LocalDns;
let alice = '';
let third = '';
beforeAll(async () => {
  dns = await startLocalDns();
  t = await createTestApp({ dnsResolver: [dns.resolver], domainTargetAddresses: ['203.0.113.7'], domainTargetHost: null, domainCheckEveryMs: null });
  const users = new UsersRepo(t.db.kysely);
  alice = (await users.create('Alice', 'user')).apiKey;
  third = (await users.create('Third', 'user')).apiKey;
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const verify = async (key: string, id: number) => {
  const res = await t.as(key, { method: 'POST', url: `/api/v1/domains/${id}/verify` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { verified: boolean; check_error: string | null; records: { value: string }[] };
};

describe('a name claimed without DNS', () => {
  let squatted = 0;
  let own = 0;

  it('does not keep its owner from adding it', async () => {
    squatted = (await create(t, t.userKey, 'domains', { name: 'go.alice.test' })).id;
    const mine = await post(t, alice, '/api/v1/domains', { name: 'go.alice.test' });
    expect(mine.statusCode, mine.body).toBe(201);
    own = mine.json().data.id;
    expect(mine.json().data).toMatchObject({ name: 'go.alice.test', verified: false });
    // Twice in one workspace is still refused.
    expect422(await post(t, alice, '/api/v1/domains', { name: 'go.alice.test' }), 'name');
  });

  it('goes to whoever proves the DNS; the other claims lose, and a verified name is refused without naming its holder', async () => {
    const token = (await verify(alice, own)).records[0]?.value as string;
    dns.set('_linkdeck.go.alice.test', { TXT: [token] });
    dns.set('go.alice.test', { A: ['203.0.113.7'] });
    expect((await verify(alice, own)).verified).toBe(true);
    const lost = (await get(t, t.userKey, `/api/v1/domains/${squatted}/verification`)).json().data;
    expect(lost).toMatchObject({ verified: false, check_error: CLAIM_LOST });
    // Even with the records right (they are Alice's), the lost claim is never verified.
    expect(await verify(t.userKey, squatted)).toMatchObject({ verified: false, check_error: CLAIM_LOST });
    const refused = await post(t, third, '/api/v1/domains', { name: 'go.alice.test' });
    expect(expect422(refused, 'name').name?.[0]).toMatch(/already been taken/);
    expect(refused.body).not.toMatch(/workspace|Alice|User/i);
  });

  it('is checked by the worker for 7 days, then no more', async () => {
    const young = (await create(t, third, 'domains', { name: 'young.claim.test' })).id;
    const old = (await create(t, third, 'domains', { name: 'old.claim.test' })).id;
    await t.query("UPDATE domains SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", old);
    await t.app.domainChecks.runDue(60_000);
    const checked = await t.query<{ id: number; last_checked_at: string | null }>('SELECT id, last_checked_at FROM domains WHERE id IN (?, ?) ORDER BY id', young, old);
    expect(checked.map((r) => [r.id, r.last_checked_at !== null])).toEqual([
      [young, true],
      [old, false],
    ]);
  });
});
