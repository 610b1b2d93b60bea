// The dashboard review at 390, 1024, 1440 and 1920 px: the undo notice never covers a control and its Undo works;
// delete dialogs say the delete can be undone; the targeting preview's visitor pickers are reachable and usable by
// mouse (at 1024x768 too, where the panel scrolls on its own); Enter in any picker picks the only option left and
// submits nothing; the DNS panel's state badge is whole and a record's name breaks only after a dot; Add domain
// opens the DNS records. Screenshots of the links page, the editor with its preview and a domain's page, light and
// dark, go to REVIEW_SHOTS when it names a folder.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { settled } from './fixtures/a11y';
import { notice } from './fixtures/notice';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes of the controls on screen outside `outside` (buttons, links, fields), with a name to report. */
function controlBoxes(page: Page, outside: string) {
  return page.evaluate((outsideSel) => {
    const sel = 'button, a[href], input:not([type="hidden"]), textarea, select, [role="combobox"], [role="checkbox"], [role="switch"]';
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => !el.closest(outsideSel))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && r.bottom > 0 && r.top < window.innerHeight)
      .map(({ el, r }) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName, x: r.x, y: r.y, width: r.width, height: r.height }));
  }, outside);
}

async function shots(page: Page, name: string, width: number) {
  const dir = process.env.REVIEW_SHOTS;
  for (const mode of ['light', 'dark']) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-mantine-color-scheme', m), mode);
    await settled(page);
    await page.screenshot({ path: dir ? `${dir}/${name}-${width}-${mode}.png` : test.info().outputPath(`${name}-${width}-${mode}.png`) });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

const RULES = [
  { key: 'FR', value: 'https://fr.example.com' },
  { key: 'DE', value: 'https://de.example.com/spring-sale' },
  { key: 'IT', value: 'https://it.example.com' },
];

for (const width of [390, 1024, 1440, 1920]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 1024 ? 768 : 900 } });

    test('the undo notice covers no control, its Undo works, and the delete dialog says it can be undone', async ({ page, account }) => {
      const link = await seed.link(account.api, { url: 'https://example.com/undo-me', alias: `u${width}-${account.user.id}` });
      await seed.links(account.api, 3);
      await page.goto('/dashboard/links');
      // The search's placeholder is whole at every width (a short one on a phone).
      const search = page.getByRole('textbox', { name: 'Search links' });
      expect(await search.evaluate((el: HTMLInputElement) => { const c = document.createElement('canvas').getContext('2d')!; c.font = getComputedStyle(el).font; const s = getComputedStyle(el); return c.measureText(el.placeholder).width <= el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 1; })).toBe(true);
      await page.getByRole('button', { name: `Actions for ${link.alias}` }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete ${link.alias}?` });
      await expect(dialog).toContainText('You can undo this for 24 hours');
      await expect(dialog).not.toContainText('cannot be undone');
      await dialog.getByRole('button', { name: 'Delete link' }).click();
      const shown = link.short_url.replace(/^https?:\/\//, '');
      const box = notice(page, `Deleted link ${shown}`);
      await expect(box).toBeVisible();
      await settled(page);
      await shots(page, 'links-with-undo-notice', width);

      // What shows of the notice: it is in the page's flow, so part of it may have scrolled under the fixed header
      // (the header covers it then, not the other way round).
      const whole = (await box.boundingBox())!;
      const headerBottom = await page.locator('header').first().evaluate((h) => h.getBoundingClientRect().bottom);
      const top = Math.max(whole.y, headerBottom);
      const noticeBox = { ...whole, y: top, height: whole.y + whole.height - top };
      const controls = await controlBoxes(page, '[data-undo-notice]');
      expect(controls.length).toBeGreaterThan(3);
      expect(controls.filter((c) => intersects(c, noticeBox)).map((c) => `${c.name} ${JSON.stringify(c)}`), JSON.stringify(noticeBox)).toEqual([]);
      // The header's buttons are all there to click (the toast in the corner covered them).
      for (const name of ['Sign out', 'New link', 'Export', 'Import']) {
        const button = page.getByRole('button', { name }).first();
        if (await button.isVisible()) expect(intersects((await button.boundingBox())!, noticeBox)).toBe(false);
      }

      await box.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(notice(page, `Link ${shown} is back.`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Actions for ${link.alias}` })).toHaveCount(1);
    });

    test('the preview’s visitor pickers are reachable and usable by mouse; Enter picks in every picker and submits nothing', async ({ page, account }) => {
      const link = await seed.link(account.api, { url: 'https://example.com/default-destination-of-a-fairly-long-address/with/path', alias: `p${width}-${account.user.id}`, targets_type: 'countries', targets: RULES });
      // The details page splits the clicks into QR scans and direct ones, as its QR card says they are counted.
      await page.goto(`/dashboard/links/${link.id}`);
      await expect(page.getByTestId('clicks-qr')).toHaveText('0 · 0');
      await page.goto(`/dashboard/links/${link.id}/edit`);
      const rules = page.getByRole('region', { name: 'Targeting', exact: true });
      await expect(rules).toBeVisible();
      const preview = page.getByTestId('targeting-preview');
      await expect(preview).toBeVisible();
      await rules.scrollIntoViewIfNeeded();
      await settled(page);
      await shots(page, 'editor-preview', width);

      // The pickers come first in the preview.
      const country = preview.getByRole('textbox', { name: 'Country' }).or(preview.getByRole('combobox', { name: 'Country' })).first();
      const device = preview.getByRole('textbox', { name: 'Device' }).or(preview.getByRole('combobox', { name: 'Device' })).first();
      const answer = preview.getByTestId('preview-result');
      expect((await country.boundingBox())!.y).toBeLessThan((await answer.boundingBox())!.y);
      // The destination is printed once.
      await expect(preview.getByTestId('preview-destination')).toHaveCount(1);

      // By mouse: the wheel over the panel brings the Device picker into view (beside the rules from 1024 px up).
      if (width >= 1024) {
        const aside = page.getByTestId('editor-aside');
        const asideBox = (await aside.boundingBox())!;
        await page.mouse.move(asideBox.x + asideBox.width / 2, asideBox.y + 40);
        for (let i = 0; i < 8 && !(await device.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)); i++) await page.mouse.wheel(0, 200);
        await expect(device).toBeInViewport({ ratio: 1 });
        await expect(rules).toBeInViewport();
      } else {
        await device.scrollIntoViewIfNeeded();
      }
      const d = (await device.boundingBox())!;
      await page.mouse.click(d.x + d.width / 2, d.y + d.height / 2);
      const mobile = page.getByRole('option', { name: /mobile/i }).first();
      await expect(mobile).toBeVisible();
      const o = (await mobile.boundingBox())!;
      await page.mouse.click(o.x + o.width / 2, o.y + o.height / 2);
      await expect(device).toHaveValue(/mobile/i);

      // Enter in the preview's Country picker picks the only country left.
      await country.click();
      await country.fill('france');
      await country.press('Enter');
      await expect(country).toHaveValue('France (FR)');
      await expect(preview.getByTestId('preview-summary')).toContainText('https://fr.example.com');

      // Enter in a rule's key picker picks it and submits nothing.
      await rules.getByRole('button', { name: /add rule/i }).first().click();
      const key = rules.getByRole('textbox', { name: 'Rule 4 key' }).or(rules.getByRole('combobox', { name: 'Rule 4 key' })).first();
      await key.click();
      await key.fill('germ');
      await key.press('Enter');
      await expect(key).toHaveValue('Germany (DE)');
      await expect(page.getByText('Country is required')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/links/${link.id}/edit`));
      expect((await account.api.get<{ targets: unknown[] }>(`/links/${link.id}`)).targets).toHaveLength(3);
    });

    test('Add domain opens its DNS records; the state badge is whole and a record’s name breaks only after a dot', async ({ page, account }) => {
      expect(account.user.id).toBeGreaterThan(0);
      const name = `${uniq(`review-${width}`).toLowerCase()}-with-a-rather-long-subdomain.example.test`;
      await page.goto('/dashboard/domains/new');
      await page.getByLabel('Domain name').fill(name);
      await page.getByRole('button', { name: 'Add domain' }).click();
      await expect(page).toHaveURL(/\/dashboard\/domains\/\d+\/edit/);
      const panel = page.getByTestId('dns-panel');
      await expect(panel).toBeVisible();
      const txt = page.getByTestId('dns-record').and(page.locator('[data-type="TXT"]'));
      await expect(txt.locator('[data-state]')).toBeVisible();
      await settled(page);
      // The badge's label is not cut.
      const cut = await txt.locator('[data-state] .mantine-Badge-label').evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut).toBe(false);
      // The panel uses the page's width on wide screens.
      if (width >= 1440) expect((await panel.boundingBox())!.width).toBeGreaterThan(800);
      // Each label of the TXT name sits on one line.
      const split = await txt.getByTestId('dns-name').evaluate((code) =>
        [...code.querySelectorAll('span')].filter((s) => {
          const range = document.createRange();
          range.selectNodeContents(s.firstChild!);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return tops.size > 1 && s.textContent!.length < 40;
        }).map((s) => s.textContent),
      );
      expect(split).toEqual([]);
      await shots(page, 'domain-dns', width);
    });
  });
}
