import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningServer } from './server.js';
import { apiCall, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/** Screenshots for a person to look at, only when SHOTS_DIR names a folder (never committed, not taken in CI). */
const SHOTS = process.env.SHOTS_DIR;

// A viewer in Tokyo: the firm's Friday afternoon in New York is already Saturday morning on this device's calendar.
test.use({ timezoneId: 'Asia/Tokyo' });

/** A closed position as the tracker sends it, opened at `openedAt` (UTC) and closed an hour later. */
const position = (id: string, openedAt: string, over: Record<string, unknown>) => ({
  position: id,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 1,
  openedAt,
  closedAt: new Date(Date.parse(openedAt) + 3_600_000).toISOString(),
  openPrice: 1.08,
  closePrice: 1.081,
  commission: 0,
  swap: 0,
  fee: 0,
  profit: 0,
  ...over,
});

/**
 * One USD account of a challenge whose day rolls over at 17:00 New York, five trades (by hand, firm day and hour):
 *   1 EURUSD buy  +100  Fri 6 Mar 20:30 UTC = Fri 15:30 EST (Sat 05:30 in Tokyo)
 *   2 EURUSD sell  −40  Mon 9 Mar 13:00 UTC = Mon 09:00 EDT (summer time from 8 March)
 *   3 USDJPY buy   +60  Tue 10 Mar 13:00 UTC = Tue 09:00 EDT
 *   4 GBPUSD sell  −20  Tue 10 Mar 14:00 UTC = Tue 10:00 EDT
 *   5 EURUSD buy   +30  Wed 11 Mar 13:00 UTC = Wed 09:00 EDT
 * All: 5 trades, net 130. EURUSD: 3 trades, net 90, win rate 66.67%. EURUSD and sell: 1 trade, net −40.
 */
async function seed(server: RunningServer) {
  const challenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: 'The5ers',
    plan: 'High Stakes 100K',
    price: 100,
    currency: 'USD',
    purchasedAt: '2026-03-01',
  });
  expect(challenge.status).toBe(201);
  const rules = {
    dailyLoss: {
      percent: 4,
      amountOf: 'initial_balance',
      basis: 'initial_balance',
      rollover: { timeZone: 'America/New_York', time: '17:00' },
    },
  };
  expect((await apiCall(server, 'PATCH', `/challenges/${challenge.body.id}/rules`, { rules })).status).toBe(200);
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '5550077',
    server: 'The5ers-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.body.id,
    name: 'High Stakes',
  });
  expect(account.status).toBe(201);
  const pushed = await apiCall(server, 'POST', `/accounts/${account.body.id}/positions`, {
    positions: [
      position('1', '2026-03-06T20:30:00Z', { profit: 100 }),
      position('2', '2026-03-09T13:00:00Z', { side: 'sell', profit: -40 }),
      position('3', '2026-03-10T13:00:00Z', { symbol: 'USDJPY', profit: 60 }),
      position('4', '2026-03-10T14:00:00Z', { symbol: 'GBPUSD', side: 'sell', profit: -20 }),
      position('5', '2026-03-11T13:00:00Z', { profit: 30 }),
    ],
  });
  expect(pushed.body).toMatchObject({ accepted: 5, unchanged: 0 });
}

const rows = (page: Page) => page.locator('table.trades tbody tr:not(.trade-editor-row)');
const figure = (page: Page, name: string) =>
  page
    .locator('.trade-figures > div')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');

async function shot(page: Page, file: string) {
  if (SHOTS === undefined) return;
  await mkdir(SHOTS, { recursive: true });
  await page
    .locator('.trade-stats')
    .first()
    .screenshot({ path: resolve(SHOTS, file) });
}

test('the statistics and charts follow every filter of the list, say what they count, and read weekday and hour in the firm day (1280 and 375 px, en and ja)', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await seed(server);
  await page.getByRole('link', { name: 'Trades' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(figure(page, 'Trades')).toHaveText('5');
  await expect(figure(page, 'Net')).toHaveText('$130.00');
  await expect(page.getByTestId('stats-counts')).toHaveText('Figures and charts of 5 trades: High Stakes.');
  await expect(page.getByTestId('stats-clock')).toHaveText('Weekday and hour: firm day (New York 17:00).');

  const filters = page.getByRole('search', { name: 'Trade filters' });
  await filters.getByLabel('Symbol').fill('EURUSD');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(3);
  // The figures count the list's three trades, not the account's five.
  await expect(figure(page, 'Trades')).toHaveText('3');
  await expect(figure(page, 'Net')).toHaveText('$90.00');
  await expect(figure(page, 'Win rate')).toHaveText('66.67%');
  await expect(page.getByTestId('stats-counts')).toHaveText('Figures and charts of 3 trades: High Stakes · EURUSD.');
  await expect(page.getByRole('img', { name: /^Equity curve by trade: 3 trades, ends at \$90\.00/ })).toBeVisible();
  // Friday in New York, although this viewer's calendar has trade 1 on Saturday.
  await expect(
    page.getByRole('img', { name: 'Net by weekday of the open (firm day (New York 17:00)): Mon -$40.00, Wed $30.00, Fri $100.00' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Net by hour of the open (firm day (New York 17:00)): 9 -$10.00, 15 $100.00' })).toBeVisible();
  // The drawdown and the calendar count the same three trades: 100, 60, 90 fall 40 from the peak at trade 2; by firm
  // day of the close, Fri 6 March +100, Mon 9 March −40, Wed 11 March +30.
  await expect(page.getByTestId('max-drawdown')).toHaveText('Maximum drawdown: $40.00, at trade 2.');
  const calendar = page.locator('.trade-calendar');
  await expect(calendar.locator('figcaption')).toHaveText('Daily P&L by firm day (New York 17:00)');
  await expect(calendar.getByRole('table')).toContainText('March 2026: +$90.00 over 3 trading days');
  await expect(calendar.getByRole('cell', { name: /: \+\$100\.00, 1 trade$/ })).toContainText('6');
  await expect(calendar.getByRole('cell', { name: /: -\$40\.00, 1 trade$/ })).toContainText('9');
  await shot(page, 'trade-stats-filters-1280-en.png');

  await filters.getByLabel('Side').selectOption('sell');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(figure(page, 'Trades')).toHaveText('1');
  await expect(figure(page, 'Net')).toHaveText('-$40.00');
  await expect(page.getByTestId('stats-counts')).toHaveText('Figures and charts of 1 trade: High Stakes · EURUSD · Sell.');
  await expect(page.getByTestId('max-drawdown')).toHaveText('Maximum drawdown: $40.00, at trade 1.');

  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByTestId('max-drawdown')).toHaveText('最大ドローダウン: $40.00（トレード1の時点）。');
  await expect(page.locator('.trade-calendar figcaption')).toHaveText('日別損益（ファームの1日（ニューヨーク 17:00））');
  await expect(page.getByTestId('stats-counts')).toHaveText('High Stakes · EURUSD · 売りの1件のトレードの統計とチャートです。');
  await expect(page.getByTestId('stats-clock')).toHaveText('曜日と時刻: ファームの1日（ニューヨーク 17:00）。');
  await expect(figure(page, 'トレード数')).toHaveText('1');
  await shot(page, 'trade-stats-filters-1280-ja.png');

  await page.setViewportSize({ width: 375, height: 800 });
  // A phone lists the trades as compact cards.
  await expect(page.locator('.trade-card')).toHaveCount(1);
  await expect(figure(page, 'トレード数')).toHaveText('1');
  // The charts redraw at the new width a frame after the resize (their ResizeObserver): wait for it, then check.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-stats-filters-375-ja.png');
  // English at the same width (the language menu sits behind the phone's menu button: set as the switch saves it).
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.reload();
  await expect(figure(page, 'Trades')).toHaveText('1');
  await expect(page.getByTestId('stats-counts')).toHaveText('Figures and charts of 1 trade: High Stakes · EURUSD · Sell.');
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-stats-filters-375-en.png');
  expect(consoleErrors).toEqual([]);
});
