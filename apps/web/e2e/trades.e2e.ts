import type { Page } from '@playwright/test';
import type { RunningServer } from './server.js';
import { apiCall, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/** A closed position as the tracker sends it; `over` replaces any field. */
const position = (id: string, over: Record<string, unknown> = {}) => ({
  position: id,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 1,
  openedAt: '2026-03-02T00:30:00Z',
  closedAt: '2026-03-02T02:00:00Z',
  openPrice: 1.08,
  closePrice: 1.081,
  stopLoss: null,
  takeProfit: null,
  commission: 0,
  swap: 0,
  fee: 0,
  profit: 100,
  comment: '',
  magic: 0,
  mae: null,
  mfe: null,
  ...over,
});

/**
 * Three trades pushed as the tracker would: a EURUSD win of 100 and a loss of 40 on Monday, a USDJPY win of 60 on
 * Tuesday. By hand: 3 trades, win rate 66.67%, net 120, profit factor 160 / 40 = 4.
 */
async function seedTrades(server: RunningServer) {
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '5550001',
    server: 'Journal-Demo',
    currency: 'USD',
    initialBalance: 10000,
    name: 'Journal',
  });
  expect(account.status).toBe(201);
  const pushed = await apiCall(server, 'POST', `/accounts/${account.body.id}/positions`, {
    positions: [
      position('1'),
      position('2', { profit: -40, closedAt: '2026-03-02T03:00:00Z' }),
      position('3', { symbol: 'USDJPY', side: 'sell', openedAt: '2026-03-03T08:00:00Z', closedAt: '2026-03-03T09:00:00Z', profit: 60 }),
    ],
  });
  expect(pushed.body).toMatchObject({ accepted: 3, unchanged: 0 });
}

const rows = (page: Page) => page.locator('table.trades tbody tr:not(.trade-editor-row)');

test('the Trades page lists, tags and sums the journal, in English and Japanese, at 1280 and 375 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await page.getByRole('link', { name: 'Trades' }).click();
  await expect(page.getByRole('heading', { name: 'Trades', level: 1 })).toBeVisible();
  await expect(page.getByText('No trades yet.')).toBeVisible();

  await seedTrades(server);
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  // Newest close first.
  await expect(rows(page).first().getByRole('rowheader')).toContainText('USDJPY');
  const figure = (name: string) =>
    page
      .locator('.trade-figures > div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(figure('Trades')).toHaveText('3');
  await expect(figure('Win rate')).toHaveText('66.67%');
  await expect(figure('Profit factor')).toHaveText('4');
  await expect(figure('Net')).toHaveText('$120.00');
  await expect(page.getByRole('img', { name: /^Net by weekday of the open/ })).toBeVisible();

  // Tag and annotate the loss in place, with the keyboard: Enter saves, the focus comes back to its button.
  const loss = rows(page).filter({ hasText: '-$40.00' });
  await loss.getByRole('button', { name: 'Edit journal' }).click();
  const editor = page.getByRole('form', { name: 'Journal of position 2' });
  await expect(editor.getByLabel('Tags')).toBeFocused();
  await editor.getByLabel('Tags').fill('fomo, late entry');
  await editor.getByLabel('Note').fill('Chased the move.');
  await editor.getByLabel('Planned risk (amount at the stop)').fill('40');
  await editor.getByLabel('Planned risk (amount at the stop)').press('Enter');
  await expect(loss.getByRole('status')).toHaveText('Saved.');
  await expect(loss.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['fomo', 'late entry']);
  await expect(loss).toContainText('Chased the move.');
  await expect(loss).toContainText('-1 R');
  await expect(loss.getByRole('button', { name: 'Edit journal' })).toBeFocused();
  // Escape closes an editor without saving.
  await loss.getByRole('button', { name: 'Edit journal' }).press('Enter');
  await page.getByRole('form', { name: 'Journal of position 2' }).getByLabel('Note').press('Escape');
  await expect(page.getByRole('form', { name: 'Journal of position 2' })).toHaveCount(0);

  // A filter by tag narrows the list; the stats keep the scope.
  await page.getByRole('search', { name: 'Trade filters' }).getByLabel('Tag').fill('fomo');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'By tag' })).toContainText('fomo');

  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByRole('heading', { name: 'トレード', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '記録を編集' })).toBeVisible();
  await expect(page.locator('.trade-figures').getByText('勝率')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'クリア' }).click();
  await expect(rows(page)).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  // English at the same width (the language menu sits behind the phone's menu button: set as the switch saves it).
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trades', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});
