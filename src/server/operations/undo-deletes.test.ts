// The DELETE of one link, space, pixel, tag, domain or webhook is a recorded operation, named in words,
// and its undo brings the resource back with its id and what its delete changed; a clash is a 409 undoing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect404, get, json, post } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';
import { verifyDomain } from '../test-utils/dns-server';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ webhookPollMs: 0 });
});
afterAll(async () => t.close());

async function account() {
  const key = (await post(t, t.adminKey, '/api/v1/users', { name: `Undo ${++n}` })).json().data.api_key as string;
  return key;
}
const link = (key: string, body: object) => t.as(key, { method: 'POST', url: '/api/v1/links', ...json(body) }).then((r) => r.json().data as Record<string, unknown> & { id: number });
const patch = (key: string, path: string, body: object) => t.as(key, { method: 'PATCH', url: `/api/v1/${path}`, ...json(body) });
const remove = (key: string, path: string) => t.as(key, { method: 'DELETE', url: `/api/v1/${path}` });
const undo = (key: string, id: number, query = '') => t.as(key, { method: 'POST', url: `/api/v1/operations/${id}/undo${query}` });
const show = async (key: string, path: string) => (await get(t, key, `/api/v1/${path}`)).json().data;

/** The operation a delete answered, checked against the contract's delete answer. */
function operationOf(res: LightMyRequestResponse, object: string, id: number) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ id, object, deleted: true, status: 200 });
  expect(body.operation).toMatchObject({ type: 'delete', object, object_id: id, undoable: true, undone_at: null });
  return body.operation as { id: number; label: string; summary: string; count: number };
}

describe('undo of a single delete', () => {
  it('a space: back with its id, name and colour, and its links back in it, but those moved meanwhile; twice is a 409', async () => {
    const key = await account();
    const space = await create(t, key, 'spaces', { name: 'Launch', color: 3 });
    const other = await create(t, key, 'spaces', { name: 'Other' });
    const [a, b, c] = [await link(key, { url: 'https://e.example/a', space_id: space.id }), await link(key, { url: 'https://e.example/b', space_id: space.id }), await link(key, { url: 'https://e.example/c' })];
    const before = await show(key, `spaces/${space.id}`);
    const op = operationOf(await remove(key, `spaces/${space.id}`), 'space', space.id);
    expect(op).toMatchObject({ label: 'Launch', summary: 'Deleted space Launch', count: 2 });
    expect404(await get(t, key, `/api/v1/spaces/${space.id}`));
    expect((await show(key, `links/${a.id}`)).space).toBeNull();
    // Its history says so: the delete changed the link's space.
    const history = (await get(t, key, `/api/v1/links/${a.id}/revisions`)).json().data as { source: string; changes: { field: string }[] }[];
    expect(history[0]).toMatchObject({ source: 'api', changes: [{ field: 'space_id' }] });
    expect((await patch(key, `links/${b.id}`, { space_id: other.id })).statusCode).toBe(200);

    const res = await undo(key, op.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: op.id, undoable: false, restored: 1, skipped: [b.id], summary: 'Deleted space Launch' });
    expect(await show(key, `spaces/${space.id}`)).toEqual({ ...before, links_count: 1 });
    expect((await show(key, `links/${a.id}`)).space).toMatchObject({ id: space.id, name: 'Launch' });
    expect((await show(key, `links/${b.id}`)).space).toMatchObject({ id: other.id });
    expect((await show(key, `links/${c.id}`)).space).toBeNull();
    expect((await undo(key, op.id)).statusCode).toBe(409);
    const listed = (await get(t, key, '/api/v1/operations')).json().data as { summary: string; undone_at: string | null }[];
    expect(listed[0]).toMatchObject({ summary: 'Deleted space Launch', undone_at: expect.any(String) });
  });

  it('a space whose name was taken meanwhile: 409 naming it, nothing undone; once that one is gone, the undo works', async () => {
    const key = await account();
    const space = await create(t, key, 'spaces', { name: 'Spring' });
    const l = await link(key, { url: 'https://e.example/s', space_id: space.id });
    const op = operationOf(await remove(key, `spaces/${space.id}`), 'space', space.id);
    const again = await create(t, key, 'spaces', { name: 'Spring' });
    const res = await undo(key, op.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: expect.stringContaining('a space named “Spring” exists now'), status: 409 });
    expect404(await get(t, key, `/api/v1/spaces/${space.id}`));
    expect((await show(key, `links/${l.id}`)).space).toBeNull();
    expect((await show(key, `operations/${op.id}`)).undoable).toBe(true);
    await remove(key, `spaces/${again.id}`);
    expect((await undo(key, op.id)).statusCode).toBe(200);
    expect((await show(key, `links/${l.id}`)).space).toMatchObject({ id: space.id });
  });

  it('a pixel: back with its id on the links that carried it (and still exist); their other pixels untouched', async () => {
    const key = await account();
    const p = await create(t, key, 'pixels', { name: 'Meta', type: 'facebook', value: '123' });
    const q = await create(t, key, 'pixels', { name: 'Bing', type: 'bing', value: '9' });
    const a = await link(key, { url: 'https://e.example/p1', pixel_ids: [p.id, q.id] });
    const b = await link(key, { url: 'https://e.example/p2', pixel_ids: [p.id] });
    const op = operationOf(await remove(key, `pixels/${p.id}`), 'pixel', p.id);
    expect(op).toMatchObject({ label: 'Meta', summary: 'Deleted pixel Meta', count: 2 });
    expect((await show(key, `links/${a.id}`)).pixels.map((x: { id: number }) => x.id)).toEqual([q.id]);
    // Meanwhile one link goes, and the other loses its other pixel too.
    await remove(key, `links/${b.id}`);
    await patch(key, `links/${a.id}`, { pixel_ids: [] });
    const res = await undo(key, op.id);
    expect(res.json().data).toMatchObject({ restored: 1, skipped: [] });
    expect(await show(key, `pixels/${p.id}`)).toMatchObject({ id: p.id, name: 'Meta', type: 'facebook', value: '123' });
    expect((await show(key, `links/${a.id}`)).pixels.map((x: { id: number }) => x.id)).toEqual([p.id]);
  });

  it('a tag: back on its links (not on one that carries 20 tags by then); a tag of that name meanwhile (any case) is a 409', async () => {
    const key = await account();
    const a = await link(key, { url: 'https://e.example/t1', tags: ['vip', 'x'] });
    const b = await link(key, { url: 'https://e.example/t2', tags: ['vip'] });
    const tag = (a.tags as { id: number; name: string }[]).find((x) => x.name === 'vip')!;
    const op = operationOf(await remove(key, `tags/${tag.id}`), 'tag', tag.id);
    expect(op).toMatchObject({ label: 'vip', summary: 'Deleted tag vip', count: 2 });
    expect((await show(key, `links/${a.id}`)).tags.map((x: { name: string }) => x.name)).toEqual(['x']);
    const clash = await create(t, key, 'tags', { name: 'VIP' });
    const refused = await undo(key, op.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('a tag named “vip” exists now');
    await remove(key, `tags/${clash.id}`);
    await patch(key, `links/${b.id}`, { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) });
    const res = await undo(key, op.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ restored: 1, skipped: [b.id] });
    expect((await show(key, `tags/${tag.id}`)).links_count).toBe(1);
    expect((await show(key, `links/${a.id}`)).tags.map((x: { name: string }) => x.name)).toEqual(['vip', 'x']);
    expect((await show(key, `links/${b.id}`)).tags).toHaveLength(20);
  });

  it('a domain: back with its links (same ids, clicks, statistics) and redirecting; a domain of that name meanwhile is a 409', async () => {
    const key = await account();
    const domain = await create(t, key, 'domains', { name: `undo${n}.example.com` });
    await verifyDomain(t, domain.id);
    const l = await link(key, { url: 'https://e.example/d', alias: 'dl', domain_id: domain.id });
    expect((await visit(t, '/dl', { headers: { host: domain.name as string } })).statusCode).toBe(302);
    await t.query("INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (?, '2026-11-20', 'country', 'GB', 1)", l.id);
    await t.query('UPDATE links SET clicks = 5 WHERE id = ?', l.id);
    const before = await show(key, `links/${l.id}`);
    const op = operationOf(await remove(key, `domains/${domain.id}`), 'domain', domain.id);
    expect(op).toMatchObject({ label: domain.name, summary: `Deleted domain ${domain.name as string}`, count: 1 });
    expect404(await get(t, key, `/api/v1/links/${l.id}`));
    const thief = await account();
    const taken = await create(t, thief, 'domains', { name: domain.name as string });
    const refused = await undo(key, op.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`a domain named “${domain.name as string}” exists now`);
    await remove(thief, `domains/${taken.id}`);
    expect((await undo(key, op.id)).statusCode).toBe(200);
    expect(await show(key, `domains/${domain.id}`)).toMatchObject({ id: domain.id, name: domain.name, links_count: 1 });
    expect(await show(key, `links/${l.id}`)).toEqual(before);
    expect(await t.query('SELECT count FROM click_daily WHERE link_id = ?', l.id)).toEqual([{ count: 1 }]);
    expect((await visit(t, '/dl', { headers: { host: domain.name as string } })).statusCode).toBe(302);
  });

  it('a webhook: back with its id, secret and delivery log', async () => {
    const key = await account();
    const hook = await create(t, key, 'webhooks', { url: 'https://hooks.example/undo', 'events[]': 'link.created' });
    const secret = (await show(key, `webhooks/${hook.id}`)).secret;
    await t.query(
      "INSERT INTO webhook_deliveries (webhook_id, event, event_id, payload, status, attempts, created_at) VALUES (?, 'link.created', 'e1', '{}', 'delivered', 1, '2026-11-20T10:00:00.000Z')",
      hook.id,
    );
    const op = operationOf(await remove(key, `webhooks/${hook.id}`), 'webhook', hook.id);
    expect(op).toMatchObject({ label: 'https://hooks.example/undo', summary: 'Deleted webhook https://hooks.example/undo', count: 0 });
    expect(await t.query('SELECT id FROM webhook_deliveries WHERE webhook_id = ?', hook.id)).toEqual([]);
    expect((await undo(key, op.id)).statusCode).toBe(200);
    expect(await show(key, `webhooks/${hook.id}`)).toMatchObject({ id: hook.id, url: 'https://hooks.example/undo', secret });
    const log = (await get(t, key, `/api/v1/webhooks/${hook.id}/deliveries`)).json().data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'link.created', status: 'delivered' });
  });

  it('a link: named by its short URL, back with its id and clicks; its alias taken meanwhile is a 409, force=1 leaves it gone', async () => {
    const key = await account();
    const l = await link(key, { url: 'https://e.example/one', alias: `one${n}` });
    await t.query('UPDATE links SET clicks = 3 WHERE id = ?', l.id);
    const before = await show(key, `links/${l.id}`);
    const op = operationOf(await remove(key, `links/${l.id}`), 'link', l.id);
    expect(op).toMatchObject({ label: `short.test/one${n}`, summary: `Deleted link short.test/one${n}`, count: 1 });
    expect((await visit(t, `/one${n}`)).statusCode).toBe(404);
    expect((await undo(key, op.id)).statusCode).toBe(200);
    expect(await show(key, `links/${l.id}`)).toEqual(before);
    const again = operationOf(await remove(key, `links/${l.id}`), 'link', l.id);
    const thief = await account();
    await link(thief, { url: 'https://thief.example/', alias: `one${n - 1}` });
    const refused = await undo(key, again.id);
    expect(refused.json()).toMatchObject({ conflicts: [l.id], conflicts_count: 1, status: 409 });
    expect((await undo(key, again.id, '?force=1')).json().data).toMatchObject({ restored: 0, skipped: [l.id] });
    expect404(await get(t, key, `/api/v1/links/${l.id}`));
    expect404(await remove(key, `links/${l.id}`));
  });

  it('after 24 hours: a 409, and the rows it kept are dropped by the next operation', async () => {
    const key = await account();
    const space = await create(t, key, 'spaces', { name: 'Old' });
    const op = operationOf(await remove(key, `spaces/${space.id}`), 'space', space.id);
    expect(await t.query('SELECT table_name FROM operation_rows WHERE operation_id = ?', op.id)).toEqual([{ table_name: 'spaces' }]);
    await t.query("UPDATE operations SET undo_until = '2020-01-01T00:00:00.000Z' WHERE id = ?", op.id);
    await remove(key, `pixels/${(await create(t, key, 'pixels', { name: 'P', type: 'bing', value: '1' })).id}`);
    expect(await t.query('SELECT table_name FROM operation_rows WHERE operation_id = ?', op.id)).toEqual([]);
    const res = await undo(key, op.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/24 hours/);
    expect404(await get(t, key, `/api/v1/spaces/${space.id}`));
  });
});
