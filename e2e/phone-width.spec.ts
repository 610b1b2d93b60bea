// At phone width (390 px) no page of the dashboard scrolls sideways, with the longest names the API allows:
// lists become cards, editors stack their fields, breadcrumbs and long URLs wrap or are cut.
import { test, expect } from './fixtures/test';
import { seed } from './fixtures/api';

test.use({ viewport: { width: 390, height: 844 } });

const LONG = 'autumn-collection-launch-outerwear-knitwear-and-waterproof';

test('no page scrolls sideways at 390 px', async ({ page, adminAccount }) => {
  const api = adminAccount.api;
  const id = adminAccount.user.id;
  const domain = await seed.domain(api, { name: `very-long-subdomain-for-campaigns-${id}.marketing.example.com` });
  const space = await seed.space(api, { name: 'Marketing campaigns EMEA 2026 Q2' });
  const pixel = await seed.pixel(api, { name: 'Google Analytics 4 marketing property', type: 'google-analytics', value: 'G-ABCDEFGHIJ' });
  const link = await seed.link(api, {
    url: `https://shop.example.com/collections/${LONG}/outerwear?utm_source=newsletter&utm_medium=email&utm_campaign=${LONG}`,
    alias: `${LONG}-${id}`.slice(0, 60),
    title: 'Autumn collection launch: outerwear, knitwear and the new waterproof line for the whole family',
    domain_id: domain.id,
    space_id: space.id,
    pixel_ids: [pixel.id],
    // Long tag names (40 characters, the most), more than a card shows.
    tags: ['Autumn collection launch outerwear EMEA', 'Newsletter subscribers only campaign 26', 'Waterproof line for the whole family 26', 'knitwear'],
  });
  // An import of a file with a long name and a failing row with a long URL (its result shows both).
  const job = await seed.importFile(api, `url,alias\nhttps://shop.example.com/${LONG}/${LONG}?utm_campaign=${LONG},bad alias ${LONG}\n`, `${LONG}-${LONG}-export.csv`, '?partial=1');
  await expect.poll(async () => (await api.get<{ status: string }>(`/imports/${job.id}`)).status).toBe('completed');
  const hook = await api.post<{ id: number }>('/webhooks', { url: `https://hooks.example.invalid/linkdeck/${LONG}/receiver`, events: ['link.created', 'link.clicked', 'link.limit_reached'], space_id: space.id });
  await api.post(`/webhooks/${hook.id}/test`);
  const pages = [
    '/links',
    '/links/new',
    `/links/${link.id}`,
    `/links/${link.id}/edit`,
    '/domains',
    `/domains/${domain.id}/edit`,
    '/spaces',
    `/spaces/${space.id}/edit`,
    '/tags',
    '/pixels',
    `/pixels/${pixel.id}/edit`,
    '/account',
    '/users',
    '/operations',
    '/links/import',
    `/links/import?job=${job.id}`,
    '/webhooks',
    '/webhooks/new',
    `/webhooks/${hook.id}`,
    `/webhooks/${hook.id}/edit`,
    '/analytics',
  ];
  for (const path of pages) {
    await page.goto(`/dashboard${path}`);
    await expect(page.locator('main')).toBeVisible();
    // The Analytics page's live counter keeps a stream open, so the network never goes idle there.
    if (path === '/analytics') await expect(page.getByTestId('analytics-total').or(page.getByText('Could not load the clicks')).first()).toBeVisible();
    else await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  }
});
