import { apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';

/**
 * A challenge recorded over its firm's combined allocation cap (FTMO: $400,000 of funded accounts per trader) is
 * created, and the form says so, naming the cap and the sum, before the person moves on to it; in English and Japanese.
 */
const WORDS = {
  en: {
    nav: 'Challenges',
    new: 'New challenge',
    firm: 'Firm',
    plan: 'Plan',
    price: 'Price',
    create: 'Record challenge',
    open: 'Open the challenge',
  },
  ja: {
    nav: 'チャレンジ',
    new: '新しいチャレンジ',
    firm: 'ファーム',
    plan: 'プラン',
    price: '価格',
    create: 'チャレンジを記録',
    open: 'チャレンジを開く',
  },
} as const;

test('create_challenge over the allocation cap: a warning naming the cap and the sum, not a refusal', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  // Three funded FTMO 1-Step 200k (USD) accounts already make $600,000 against the $400,000 cap.
  for (let i = 0; i < 3; i++) {
    await apiCreateChallenge(server, {
      firm: 'FTMO',
      plan: '1-Step 200k',
      planId: 'ftmo-1-step-200000',
      price: 1149,
      currency: 'USD',
      phase: 'Funded',
      purchasedAt: '2026-11-01',
    });
  }
  for (const lang of ['en', 'ja'] as const) {
    const w = WORDS[lang];
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    await page.goto('/challenges');
    await page.getByRole('button', { name: w.new }).click();
    const form = page.locator('form[aria-labelledby="new-h"]');
    await form.getByLabel(w.firm, { exact: true }).fill('FTMO');
    await form.getByLabel(w.plan, { exact: true }).fill('1-Step 200k');
    await form.getByLabel(w.price, { exact: true }).fill('100');
    await form.getByRole('button', { name: w.create }).click();
    const warning = page.getByRole('status').filter({ hasText: 'FTMO' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/400,000/);
    await expect(warning).toContainText(/600,000/);
    await warning.getByRole('button', { name: w.open }).click();
    await expect(page).toHaveURL(/\/challenges\/[^/]+$/);
  }
  expect(consoleErrors).toEqual([]);
});
