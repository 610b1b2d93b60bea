// The import preview and two polish items. The preview says what is kept and what is dropped
// before the import runs: Bitly's engagements come across as imported clicks, its Status column is not imported
// and says why, an older Bitly export without clicks says every link starts at 0; a failing row's problems name
// fields in words ("rule 2, destination"), never paths such as `targets.1.value`. The link editor says "free" or
// "taken" as an alias is typed (asked once typing pauses, on the chosen domain; a saved link's own alias is free
// for it). `c` anywhere opens the fast create: paste a URL, press Enter, and the short URL is on the clipboard.
import type { Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const tagOf = (prefix: string) => uniq(prefix).replace(/[^a-z0-9]/gi, '').toLowerCase();

async function darkTheme(page: Page) {
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

async function dropFile(page: Page, name: string, text: string) {
  await page.goto('/dashboard/links/import');
  await page.getByLabel('File to import').setInputFiles({ name, mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv', buffer: Buffer.from(text) });
}

for (const width of [1440, 390]) {
  test(`at ${width} px the import preview says what is kept and dropped, and a failing row's problems in words`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = tagOf('bd');
    // Bitly's dashboard export, as Bitly writes it (a BOM, CRLF); the third row's destination is not a web address.
    const bitly = [
      '\uFEFFLink,Custom Link,Date created,Title,Destination URL,Engagements,Status',
      `bit.ly/${tag}a,,2026-03-02 09:15:00 UTC,Spring sale,https://shop.example.com/spring,"1,234",Active`,
      `bit.ly/${tag}b,,2026-03-05 17:40:12 UTC,Report,https://example.org/q1.pdf,87,Hidden`,
      `bit.ly/${tag}c,,2026-03-06 10:00:00 UTC,Broken,ftp://example.org/file,3,Active`,
    ].join('\r\n');
    await dropFile(page, 'bitly_links.csv', bitly);
    await expect(page.getByTestId('detected-format')).toHaveText('Bitly format');
    const across = page.getByRole('region', { name: 'What comes across' });
    const kept = across.getByRole('list', { name: 'Kept' }).getByRole('listitem');
    await expect(kept.filter({ hasText: 'Engagements' })).toContainText('Starting click count');
    await expect(kept.filter({ hasText: 'Engagements' })).toContainText('shown in analytics as imported clicks');
    const dropped = across.getByRole('list', { name: 'Not imported' }).getByRole('listitem');
    await expect(dropped).toHaveCount(1);
    await expect(dropped).toContainText('Status');
    await expect(dropped).toContainText('A hidden (archived) Bitly link still redirects, so every link comes in active.');
    // Every column of the file is listed, kept or not.
    await expect(across.getByTestId('kept-column-item').or(across.getByTestId('dropped-column-item'))).toHaveCount(7);
    await expect(across.getByTestId('absent-fields')).toHaveCount(0);
    await expect(page.getByTestId('preview-row').first().getByTestId('row-clicks')).toHaveText(width >= 1200 ? '1,234' : '1,234 clicks');
    await expect(page.getByTestId('row-problem').and(page.locator('[data-line="4"]'))).toHaveText('Line 4 · The "Destination URL" column must be a valid http or https URL.');
    await checkA11y(page);

    // Bitly's older export carries no click counts: said before anything is written.
    const legacy = ['Created,Title,Bitlink,Custom Bitlinks,Long URL,Tags', `2026-03-02 09:15:00,Old one,bit.ly/${tag}d,,https://example.com/old,marketing`].join('\n');
    await dropFile(page, 'bitly_legacy.csv', legacy);
    await expect(page.getByTestId('detected-format')).toHaveText('Bitly format');
    const absent = page.getByRole('list', { name: 'Not in this file' }).getByRole('listitem');
    await expect(absent).toHaveCount(1);
    await expect(absent).toContainText('Starting click count');
    await expect(absent).toContainText('every link starts at 0 clicks');

    // Linkdeck's own export with a bad rule: the rule and its part in words, never `targets.1.value`.
    const rules = JSON.stringify([{ key: 'DE', value: 'https://example.de' }, { key: 'FR', value: 'not a url' }]).replace(/"/g, '""');
    await dropFile(page, 'links.csv', ['url,alias,targets_type,targets', `https://example.com/r,${tag}r,countries,"${rules}"`].join('\n'));
    const problem = page.getByTestId('row-problem').and(page.locator('[data-line="2"]'));
    await expect(problem).toHaveText('Line 2 · The "targets" column (rule 2, destination) must be a valid http or https URL.');
    await expect(page.getByTestId('import-preview')).not.toContainText(/targets\.\d/);
    await checkA11y(page);
    // Previews only: nothing was written.
    expect((await account.api.list('/links')).meta.total).toBe(0);
  });
}

for (const width of [1024, 390]) {
  test(`at ${width} px the editor says "free" or "taken" as an alias is typed, on the chosen domain`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = tagOf('av');
    const domain = await seed.domain(account.api, { name: `${tag}.example.test` });
    const saved = await seed.link(account.api, { url: 'https://example.com/saved', alias: `${tag}-taken` });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/links/alias-availability')) asked.push(new URL(r.url()).searchParams.get('alias') ?? '');
    });

    // The page's clock is held while typing, so that the pause the check waits for is exact on a busy machine.
    await page.clock.install();
    await page.goto('/dashboard/links/new');
    const alias = page.getByRole('textbox', { name: 'Alias' });
    const status = page.getByTestId('alias-availability');
    await expect(alias).toBeEditable();
    if (width < 1024) await darkTheme(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Typed a key at a time: asked once typing pauses for 300 ms, for the whole alias, not for every keystroke.
    await alias.pressSequentially(`${tag}-taken`);
    await expect(status).toHaveAttribute('data-state', 'checking');
    await page.clock.runFor(299);
    await expect(status).toHaveAttribute('data-state', 'checking');
    expect(asked).toEqual([]);
    await page.clock.runFor(1);
    // The answer is rendered through the page's timers (React Query batches with setTimeout): let them run again.
    await page.clock.resume();
    await expect(status).toHaveAttribute('data-state', 'taken');
    await expect(status).toHaveText(`Taken: another link on the default domain has ${tag}-taken.`);
    expect(asked).toEqual([`${tag}-taken`]);
    await checkA11y(page);

    await alias.pressSequentially('-2');
    await expect(status).toHaveAttribute('data-state', 'free');
    await expect(status).toHaveText(`Free: ${tag}-taken-2 is available on the default domain.`);

    // Another domain: the same alias is free there.
    await alias.fill(`${tag}-taken`);
    await expect(status).toHaveAttribute('data-state', 'taken');
    await pickOption(page, 'Domain', domain.name);
    await expect(status).toHaveText(`Free: ${tag}-taken is available on ${domain.name}.`);
    await checkA11y(page);
    // An alias the shared rule refuses is not asked about: the short-URL preview says why.
    await alias.fill('no spaces');
    await expect(status).toHaveAttribute('data-state', 'none');
    await expect(page.getByTestId('short-url-problem')).toContainText('may only contain letters');

    // A saved link's own alias is free for it; another taken one is not.
    await seed.link(account.api, { url: 'https://example.com/other', alias: `${tag}-other` });
    await page.goto(`/dashboard/links/${saved.id}/edit`);
    await expect(status).toHaveText(`Free: ${tag}-taken is this link's own alias.`);
    await alias.fill(`${tag}-other`);
    await expect(status).toHaveAttribute('data-state', 'taken');
    await alias.fill(`${tag}-taken`);
    await expect(status).toHaveAttribute('data-state', 'own');
  });
}

for (const width of [1440, 390]) {
  test(`at ${width} px "c" opens the fast create: paste, Enter, the short URL is copied; More options opens the editor`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: width >= 1200 ? 900 : 844 });
    const url = `https://shop.example.com/${tagOf('qc')}/spring-sale?utm_source=newsletter`;
    await page.goto('/dashboard/links');
    await expect(page.getByRole('heading', { name: 'Links', level: 1 })).toBeVisible();
    // The phone in the dark theme, the desktop in the light one: axe checks the dialog in both.
    if (width < 1200) await darkTheme(page);

    // Typing "c" in a field is typing, not the shortcut.
    const search = page.getByRole('textbox', { name: /Search/ }).first();
    if (width >= 1200) {
      await search.click();
      await page.keyboard.press('c');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await search.fill('');
      await search.blur();
    }

    await page.locator('body').press('c');
    const dialog = page.getByRole('dialog', { name: 'Create a link' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Destination URL' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    // The dialog fits the screen.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await checkA11y(page);

    // Paste from the clipboard, then Enter.
    await page.evaluate((u) => navigator.clipboard.writeText(u), url);
    await field.press('ControlOrMeta+V');
    await expect(field).toHaveValue(url);
    await field.press('Enter');
    const shortUrl = dialog.getByTestId('quick-create-short-url');
    await expect(shortUrl).toHaveText(/\/[A-Za-z0-9]{6}$/);
    await expect(dialog).toContainText('its short URL is copied to the clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await shortUrl.textContent());
    const links = await account.api.list<{ url: string; short_url: string; domain: unknown }>('/links');
    expect(links.data).toEqual([expect.objectContaining({ url, short_url: copied, domain: null })]);
    await expect(dialog.getByRole('button', { name: 'Create another' })).toBeFocused();
    await checkA11y(page);
    await page.screenshot({ path: test.info().outputPath(`quick-create-${width}.png`) });

    // A bad address is refused in the editor's words, without a request.
    await dialog.getByRole('button', { name: 'Create another' }).click();
    await field.fill('ftp://example.org/file');
    await field.press('Enter');
    await expect(dialog.getByText('Destination URL must be a valid http or https URL.')).toBeVisible();

    // More options: the full editor with the URL filled in.
    await field.fill('example.com/landing');
    await dialog.getByRole('button', { name: 'More options' }).click();
    await expect(page).toHaveURL(/\/dashboard\/links\/new\?url=/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Destination URL' })).toHaveValue('https://example.com/landing');
    expect((await account.api.list('/links')).meta.total).toBe(1);
  });
}
