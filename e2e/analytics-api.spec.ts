// The analytics API against the real server: visits through the short URLs are recorded by the click
// writer's thread (which rule served them, UTM parameters, unique visitors, DNT honoured) and answered
// account-wide and per link by GET /api/v1/stats.
import { expect, test } from '@playwright/test';
import { freshAccount, uniq } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';

interface Body {
  data: {
    totals: { clicks: number; uniques?: number };
    groups?: { value: string; label?: string; clicks: number; uniques?: number }[];
    series: { start: string; clicks: number }[];
  };
}

async function stats(key: string, path: string): Promise<{ status: number; body: Body & { errors?: Record<string, string[]> } }> {
  const res = await fetch(`${E2E_BASE_URL}/api/v1${path}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as Body };
}

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${E2E_BASE_URL}${path}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36', ...headers } });

test('clicks record their rule, UTM and unique visitors, and GET /api/v1/stats answers for the account and a link', async () => {
  const { api, user } = await freshAccount('user');
  const campaign = uniq('spring');
  const rotation = await api.post<{ id: number; alias: string; short_url: string }>('/links', {
    url: 'https://example.com/landing',
    title: 'Spring <b>sale</b>',
    targets_type: 'rotations',
    targets: [{ key: '1', value: 'https://a.example/' }, { key: '1', value: 'https://b.example/' }],
  });
  const plain = await api.post<{ id: number; alias: string; short_url: string }>('/links', { url: `https://example.com/?utm_source=site&utm_campaign=${campaign}` });
  for (let i = 0; i < 4; i++) expect((await visit(`/${rotation.alias}?utm_source=mail&utm_campaign=${campaign}`)).status).toBe(302);
  await visit(`/${plain.alias}`);
  await visit(`/${plain.alias}`, { dnt: '1' }); // counted, without dimensions

  // The writer stores a batch a second: wait for the six clicks.
  await expect.poll(async () => (await stats(user.api_key, '/stats')).body.data?.totals.clicks, { timeout: 10_000 }).toBe(6);

  const byLink = await stats(user.api_key, '/stats?group_by=link&unique=1');
  expect(byLink.body.data.totals).toEqual({ clicks: 6, uniques: 2, qr_scans: 0 });
  expect(byLink.body.data.groups).toEqual([
    { value: String(rotation.id), label: 'Spring <b>sale</b>', short_url: rotation.short_url, title: 'Spring <b>sale</b>', clicks: 4, uniques: 1 },
    { value: String(plain.id), label: plain.alias, short_url: plain.short_url, title: null, clicks: 2, uniques: 1 },
  ]);
  const bySource = await stats(user.api_key, `/stats?group_by=utm_source&utm_campaign=${campaign}`);
  expect(bySource.body.data.groups).toEqual([
    { value: 'mail', clicks: 4 },
    { value: 'site', clicks: 1 },
  ]);
  const variants = await stats(user.api_key, `/stats/${rotation.id}?group_by=target`);
  expect(variants.body.data.groups).toEqual([
    { value: '0:1', label: 'Rule 1: 1', clicks: 2 },
    { value: '1:1', label: 'Rule 2: 1', clicks: 2 },
  ]);

  const bad = await stats(user.api_key, '/stats?group_by=planet');
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors ?? {})).toEqual(['group_by']);
  const stranger = await freshAccount('user');
  expect((await stats(stranger.user.api_key, `/stats/${rotation.id}?group_by=country`)).status).toBe(404);
  expect((await stats(stranger.user.api_key, '/stats')).body.data.totals.clicks).toBe(0);
});
