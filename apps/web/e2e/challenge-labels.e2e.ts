import type { Page } from '@playwright/test';
import { apiCall, apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';

/**
 * Two attempts at one plan read apart wherever a person reads them: the plain lists (Overview's active challenges and
 * recent payouts, the Payouts page, the tax-year lines) use the dropdowns' label, the purchase date added only where
 * another challenge has the same name. In English and in Japanese.
 */
const FIRST = 'FTMO · 2-Step 100k · 2026-01-05';
const SECOND = 'FTMO · 2-Step 100k · 2026-03-02';
const OTHER = 'The5ers · Hyper Growth 10k';

async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((s) => s.trim());
}

test('two challenges of one plan carry distinct labels in the plain lists, in English and Japanese', async ({ page, server }) => {
  await setUpOwner(page, server);
  const base = { firm: 'FTMO', plan: '2-Step 100k', price: 540 };
  const first = await apiCreateChallenge(server, { ...base, purchasedAt: '2026-01-05' });
  const second = await apiCreateChallenge(server, { ...base, purchasedAt: '2026-03-02' });
  const other = await apiCreateChallenge(server, { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 95, purchasedAt: '2026-02-01' });
  for (const [id, date] of [
    [first.id, '2026-04-01'],
    [second.id, '2026-04-15'],
    [other.id, '2026-04-20'],
  ] as const) {
    expect((await apiCall(server, 'POST', `/challenges/${id}/payouts`, { amount: 100, currency: 'USD', date })).status).toBe(201);
  }

  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    await page.goto('/');
    const active = page.locator('section[aria-labelledby="active-h"]');
    await expect(active.getByRole('link', { name: FIRST })).toBeVisible();
    await expect(active.getByRole('link', { name: SECOND })).toBeVisible();
    // A name no other challenge shares stays short.
    await expect(active.getByRole('link', { name: OTHER, exact: true })).toBeVisible();
    const recent = page.locator('section[aria-labelledby="recent-h"] ul.list > li > span:first-child');
    await expect(recent).toHaveCount(3);
    expect((await texts(page, 'section[aria-labelledby="recent-h"] ul.list > li > span:first-child')).sort()).toEqual(
      [FIRST, SECOND, OTHER].sort(),
    );

    await page.goto('/payouts');
    const table = page.locator('table.card-rows tbody');
    await expect(table.getByRole('link', { name: FIRST })).toHaveAttribute('href', `/challenges/${first.id}`);
    await expect(table.getByRole('link', { name: SECOND })).toHaveAttribute('href', `/challenges/${second.id}`);
    await expect(table.getByRole('link', { name: OTHER, exact: true })).toBeVisible();
  }

  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.goto('/analytics');
  const tax = page.getByRole('region', { name: 'Tax-year report' });
  await tax.getByLabel('Year').fill('2026');
  await tax.getByLabel('Currency').fill('USD');
  await tax.getByRole('button', { name: 'Show report' }).click();
  const lines = tax.getByTestId('tax-lines');
  await expect(lines.getByText(FIRST, { exact: true }).first()).toBeVisible();
  await expect(lines.getByText(SECOND, { exact: true }).first()).toBeVisible();
  await expect(lines.getByText(OTHER, { exact: true }).first()).toBeVisible();
});
