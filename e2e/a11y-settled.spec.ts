// Accessibility checks measure settled pages: a dialog opens without a transition when the
// visitor asked for reduced motion (as every test here does), and the check waits for a fade that does run.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

/** Finite transitions and animations running inside the open dialog (its overlay included). */
const runningInDialog = (page: Page) =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return a.playState === 'running' && target instanceof Element && target.closest('.mantine-Modal-root') !== null;
      }).length,
  );

async function openDeleteDialog(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard/spaces');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${name}?` })).toBeVisible();
}

test('with reduced motion, the delete dialog opens without a transition', async ({ page, account }) => {
  await seed.space(account.api, { name: 'Still' });
  await openDeleteDialog(page, 'Still');
  expect(await runningInDialog(page)).toBe(0);
  await checkA11y(page);
});

test.describe('without reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the check waits until the dialog has faded in, and the real contrast passes', async ({ page, account }) => {
    await seed.space(account.api, { name: 'Fading' });
    // Every animation of the page runs 50 times slower: the dialog's 200 ms fade takes 10 s, so a check
    // that does not wait for it measures the button at part opacity.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.02 });
    await openDeleteDialog(page, 'Fading');
    expect(await runningInDialog(page)).toBeGreaterThan(0);
    await checkA11y(page);
    expect(await runningInDialog(page)).toBe(0);
  });
});
