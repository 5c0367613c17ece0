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
const cards = (page: Page) => page.locator('.trade-card');

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
  // Closed in the order 100, −40, 60: cumulative 100, 60, 120. Three trades, three ranges of 140 ÷ 3 from −40.
  await expect(
    page.getByRole('img', {
      name: 'Equity curve by trade: 3 trades, ends at $120.00; highest $120.00 after trade 3, lowest $60.00 after trade 2',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: 'Distribution of net per trade: 3 trades in 3 ranges of equal width; -$40.00 to $6.67: 1, $53.33 to $100.00: 2',
    }),
  ).toBeVisible();
  // Wide: the breakdown is open, before the list.
  const breakdown = page.locator('details.trade-breakdown');
  await expect(breakdown).toHaveAttribute('open', '');
  await expect(breakdown.getByRole('table', { name: 'By symbol' })).toBeVisible();

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
  // A phone lists compact cards (one a trade), not the table.
  await expect(cards(page)).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  // A phone: figures, charts, the list, then the breakdown folded; its summary opens it from the keyboard.
  await expect(page.getByRole('img', { name: /^トレードごとの損益曲線: 3件のトレード、最終 \$120\.00/ })).toBeVisible();
  const folded = page.locator('details.trade-breakdown');
  await expect(folded).not.toHaveAttribute('open');
  await expect(folded.getByRole('table', { name: '銘柄別' })).toBeHidden();
  const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.y ?? Number.NaN;
  expect(await top(cards(page).last())).toBeLessThan(await top(folded));
  expect(await top(page.locator('.trade-stats'))).toBeLessThan(await top(page.locator('.trade-cards')));
  await folded.getByText('銘柄、セッション、売買、セットアップ、タグ別の内訳').focus();
  await page.keyboard.press('Enter');
  await expect(folded).toHaveAttribute('open', '');
  await expect(folded.getByRole('table', { name: '銘柄別' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  // English at the same width (the language menu sits behind the phone's menu button: set as the switch saves it).
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trades', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});

test('accounts in yen and dollars get one block of figures per currency, never one sum, at 1280 and 375 px in both languages', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await seedTrades(server);
  const yen = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '5550002',
    server: 'Fintokei-Demo',
    currency: 'JPY',
    initialBalance: 5000000,
    name: 'Yen',
  });
  expect(yen.status).toBe(201);
  await apiCall(server, 'POST', `/accounts/${yen.body.id}/positions`, {
    positions: [position('9', { symbol: 'USDJPY', openedAt: '2026-03-04T00:30:00Z', closedAt: '2026-03-04T02:00:00Z', profit: 20000 })],
  });
  await page.getByRole('link', { name: 'Trades' }).click();
  // The page opens on one account (the first active); "All accounts" shows both, one block per currency.
  await expect(page.getByRole('search', { name: 'Trade filters' }).getByLabel('Account')).not.toHaveValue('all');
  await page.getByRole('search', { name: 'Trade filters' }).getByLabel('Account').selectOption({ label: 'All accounts' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByText('amounts are never added across them')).toBeVisible();
  const block = (currency: string) => page.getByRole('region', { name: currency });
  const figure = (currency: string, name: string) =>
    block(currency)
      .locator('.trade-figures > div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  // By hand: the USD account's three trades net $120.00; the JPY account's one trade ¥20,000 (no decimals).
  await expect(figure('USD', 'Trades')).toHaveText('3');
  await expect(figure('USD', 'Net')).toHaveText('$120.00');
  await expect(figure('JPY', 'Trades')).toHaveText('1');
  await expect(figure('JPY', 'Net')).toHaveText('¥20,000');
  await expect(page.getByRole('heading', { name: 'USD', level: 2 })).toBeVisible();
  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByText('通貨ごとに集計を表示しています')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(figure('JPY', 'トレード数')).toHaveText('1');
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});

test('the Trades page says it is retrying when the API answers 503, then shows the error with a retry that brings the list back', async ({
  page,
  server,
}) => {
  // Chromium logs each 503 as "Failed to load resource" (a network line); anything else on the console fails.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()));
  await setUpOwner(page, server);

  // The list answers 503 until told otherwise; the first retry is held until the page has shown that it retries,
  // so the test waits on what the page shows, never on the retry's timer.
  const TRADE_LIST = /\/app\/api\/trades(\?|$)/;
  let failing = true;
  let failures = 0;
  let release!: () => void;
  const firstRetryHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(TRADE_LIST, async (route) => {
    if (!failing) return route.continue();
    failures += 1;
    if (failures === 2) await firstRetryHeld;
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 503, code: 'service_unavailable', title: 'Service unavailable', detail: 'database starting' }),
    });
  });
  await page.goto('/trades');
  await expect(page.getByRole('status').filter({ hasText: 'The server did not answer. Trying again (1 of 2)…' })).toBeVisible();
  release();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The service is busy or starting. Try again in a moment.');
  await expect(alert).not.toContainText('database starting');
  // The first request and the client's two retries, then the error: no "Loading…" left behind it.
  expect(failures).toBe(3);
  await expect(page.getByText('Loading…')).toHaveCount(0);

  // In Japanese too, and the retry brings the list (empty here) once the server answers.
  await page.getByLabel('Language').selectOption('ja');
  await expect(alert).toContainText('サービスが混雑しているか起動中です。');
  failing = false;
  await alert.getByRole('button', { name: '再試行' }).click();
  await expect(page.getByText('まだトレードがありません。')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});
