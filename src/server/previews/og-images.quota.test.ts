// Preview image quotas and unused images: an account's count and bytes are capped (413, as a
// too-large image); an image no link uses any more is deleted, except while an undoable delete (bulk, of one
// link, of a domain with its links) may bring its link back; uploads never used go after the grace period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, json } from '../test-utils/api';
import { OG_IMAGE_GRACE_MS, sweepOgImages } from './og-image-orphans';

let t: TestApp;
/** A third account, for the cases that fill a quota. */
let other = '';
beforeAll(async () => {
  t = await createTestApp({ ogImageQuotaCount: 3, ogImageQuotaBytes: 2500 });
  other = (await create<{ api_key: string }>(t, t.adminKey, 'users', { name: 'Other' })).api_key;
  await create(t, t.userKey, 'domains', { name: 'og-quota.example.com' });
});
afterAll(async () => t.close());

/** A JPEG, as the bytes say, of `size` bytes. */
const jpeg = (size = 100) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(size - 3, 1)]);
const upload = (key: string, size = 100) => t.as(key, { method: 'POST', url: '/api/v1/og-images', payload: jpeg(size), headers: { 'content-type': 'image/jpeg' } });
async function image(key: string, size = 100): Promise<{ key: string; url: string }> {
  const res = await upload(key, size);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const served = async (img: { key: string }) => (await t.app.inject({ method: 'GET', url: `/+og/${img.key}` })).statusCode;
const rows = async (userKeyId: number) => (await t.query<{ n: number }>('SELECT count(*) AS n FROM og_images WHERE user_id = ?', userKeyId))[0]?.n;
const patchLink = (key: string, id: number, body: object) => t.as(key, { method: 'PATCH', url: `/api/v1/links/${id}`, ...json(body) });
/** Deletes every image of the test's user account: each case starts with an empty quota. */
const emptyQuota = () => t.query('DELETE FROM og_images WHERE user_id = ?', t.userId);

describe('preview image quotas', () => {
  it('refuses the upload past the account\'s image count with a 413 that says why; other accounts are not affected', async () => {
    await emptyQuota();
    for (let i = 0; i < 3; i++) expect((await upload(t.userKey)).statusCode).toBe(201);
    const res = await upload(t.userKey);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, message: expect.stringMatching(/^Your account holds 3 preview images, the most it may hold \(3\)\. Unused images are deleted/) });
    expect(await rows(t.userId)).toBe(3);
    expect((await upload(t.adminKey)).statusCode).toBe(201);
  });

  it('refuses the upload that would go past the account\'s bytes', async () => {
    expect((await upload(other, 1000)).statusCode).toBe(201);
    expect((await upload(other, 1000)).statusCode).toBe(201);
    const res = await upload(other, 1000);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Your preview images take 2 KB; this one \(1 KB\) would go past your account's 3 KB\./);
    expect((await upload(other, 400)).statusCode).toBe(201);
  });
});

describe('unused preview images', () => {
  it('a link that changes its image, or drops it, deletes the old one unless another link uses it', async () => {
    await emptyQuota();
    const [a, b] = [await image(t.userKey), await image(t.userKey)];
    const one = await createLink(t, t.userKey, { url: 'https://example.com/one', og_image: a.url });
    // The same image by a custom domain's URL counts as a use too.
    const two = await createLink(t, t.userKey, { url: 'https://example.com/two', og_image: `https://og-quota.example.com/+og/${a.key}` });
    expect((await patchLink(t.userKey, one.id, { og_image: b.url })).statusCode).toBe(200);
    expect(await served(a)).toBe(200);
    expect((await patchLink(t.userKey, two.id, { og_image: 'https://images.example.com/card.png' })).statusCode).toBe(200);
    expect(await served(a)).toBe(404);
    expect((await patchLink(t.userKey, one.id, { og_image: null })).statusCode).toBe(200);
    expect(await served(b)).toBe(404);
    expect(await rows(t.userId)).toBe(0);
  });

  it('deleting a link, or a domain with its links, keeps their images while the delete can be undone; then they go, the quota free again', async () => {
    await emptyQuota();
    const imgs = [await image(t.userKey), await image(t.userKey), await image(t.userKey)];
    expect((await upload(t.userKey)).statusCode).toBe(413);
    const link = await createLink(t, t.userKey, { url: 'https://example.com/del', og_image: imgs[0]!.url });
    const gone = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${link.id}` });
    expect(gone.statusCode).toBe(200);
    const domain = await create(t, t.userKey, 'domains', { name: 'og-gone.example.com' });
    await createLink(t, t.userKey, { url: 'https://example.com/dom', domain_id: domain.id, og_image: imgs[1]!.url });
    await createLink(t, t.userKey, { url: 'https://example.com/kept', og_image: imgs[2]!.url });
    const domainGone = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/domains/${domain.id}` });
    expect(domainGone.statusCode).toBe(200);
    // An undo brings the links back with working images: the images stay meanwhile, even past the grace period.
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS + 60_000);
    expect(await Promise.all(imgs.map(served))).toEqual([200, 200, 200]);
    const ops = [gone.json().operation.id as number, domainGone.json().operation.id as number];
    for (const id of ops) await t.query("UPDATE operations SET undo_until = '2020-01-01T00:00:00.000Z' WHERE id = ?", id);
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS + 60_000);
    expect(await Promise.all(imgs.map(served))).toEqual([404, 404, 200]);
    expect((await upload(t.userKey)).statusCode).toBe(201);
  });

  it('keeps the image of a bulk-deleted link while the delete can be undone (the undo brings back a working image), then sweeps it', async () => {
    await emptyQuota();
    const img = await image(t.userKey);
    const link = await createLink(t, t.userKey, { url: 'https://example.com/bulk', og_image: img.url });
    const del = () => t.as(t.userKey, { method: 'DELETE', url: '/api/v1/links/bulk', ...json({ ids: [link.id] }) });
    const op = (await del()).json().data.operation as { id: number };
    // Even an upload older than the grace period stays while an undo can bring its link back.
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS + 60_000);
    expect(await served(img)).toBe(200);
    expect((await t.as(t.userKey, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` })).statusCode).toBe(200);
    expect((await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${link.id}` })).json().data.og_image).toBe(img.url);
    expect(await served(img)).toBe(200);
    const again = (await del()).json().data.operation as { id: number };
    await t.query("UPDATE operations SET undo_until = '2020-01-01T00:00:00.000Z' WHERE id = ?", again.id);
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS + 60_000);
    expect(await served(img)).toBe(404);
  });

  it('an upload never used counts toward the quota, and the sweep deletes it after the grace period; a used one stays', async () => {
    await emptyQuota();
    const [unused, used] = [await image(t.userKey), await image(t.userKey)];
    await createLink(t, t.userKey, { url: 'https://example.com/used', og_image: used.url });
    await sweepOgImages(t.db.kysely);
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS - 60_000);
    expect(await served(unused)).toBe(200);
    expect(await rows(t.userId)).toBe(2);
    await sweepOgImages(t.db.kysely, Date.now() + OG_IMAGE_GRACE_MS + 60_000);
    expect(await served(unused)).toBe(404);
    expect(await served(used)).toBe(200);
  });
});
