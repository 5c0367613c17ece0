import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningServer } from './server.js';
import { apiCall, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/** Screenshots for a person to look at, only when SHOTS_DIR names a folder (never committed, not taken in CI). */
const SHOTS = process.env.SHOTS_DIR;

// A viewer in Tokyo, an account whose firm day rolls over at 17:00 New York: "today" is the firm's, not the viewer's.
test.use({ timezoneId: 'Asia/Tokyo' });

const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);

/** Today's firm day at New York 17:00 (a roll-over after noon names the day by the date it ends on). */
function firmToday(now = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  return Number(get('hour')) >= 17 ? dateOf(Date.parse(`${date}T12:00:00Z`) + DAY) : date;
}

/** A 1×1 PNG, the smallest real image the server's signature check accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const position = (id: string, closedAt: number, over: Record<string, unknown>) => ({
  position: id,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 1,
  openedAt: iso(closedAt - 10 * MINUTE),
  closedAt: iso(closedAt),
  openPrice: 1.08,
  closePrice: 1.081,
  stopLoss: 1.0775,
  takeProfit: 1.085,
  commission: -3.5,
  swap: 0,
  fee: 0,
  profit: 0,
  mae: -12,
  mfe: 40,
  ...over,
});

/**
 * A challenge bought 20 days ago (its phase starts then), its firm day from 17:00 New York, one USD account, and
 * four trades (by hand): 1 EURUSD +50 closed 2 minutes ago (today), 2 USDJPY sell −30 ten days ago (this phase),
 * 3 GBPUSD +80 forty days ago (before the phase), 4 XAUUSD sell +10 two days ago. Net by trade: 46.5, −33.5, 76.5, 6.5.
 * Planned risk 25 on trade 1 (R 1.86) and 33.5 on trade 2 (R −1).
 */
async function seed(server: RunningServer) {
  const now = Date.now();
  const challenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: 'The5ers',
    plan: 'High Stakes 100K',
    price: 100,
    currency: 'USD',
    purchasedAt: dateOf(now - 20 * DAY),
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
    login: '5550101',
    server: 'The5ers-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.body.id,
    name: 'High Stakes',
  });
  expect(account.status).toBe(201);
  // A second account, archived-free and empty: the page must open on the one last used, not simply the first.
  const other = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '5550102',
    server: 'Other-Demo',
    currency: 'USD',
    initialBalance: 10000,
    name: 'Spare',
  });
  expect(other.status).toBe(201);
  const pushed = await apiCall(server, 'POST', `/accounts/${account.body.id}/positions`, {
    positions: [
      position('1', now - 2 * MINUTE, { profit: 50 }),
      position('2', now - 10 * DAY, {
        symbol: 'USDJPY',
        side: 'sell',
        openPrice: 150.1,
        closePrice: 150.4,
        stopLoss: 150.5,
        takeProfit: 149,
        profit: -30,
      }),
      position('3', now - 40 * DAY, { symbol: 'GBPUSD', profit: 80 }),
      position('4', now - 2 * DAY, {
        symbol: 'XAUUSD',
        side: 'sell',
        volume: 0.5,
        openPrice: 2400,
        closePrice: 2390,
        stopLoss: null,
        takeProfit: null,
        profit: 10,
      }),
    ],
  });
  expect(pushed.body).toMatchObject({ accepted: 4 });
  const list = await apiCall<{ items: { id: string; position: string }[] }>(server, 'GET', `/trades?accountId=${account.body.id}`);
  const id = (p: string) => list.body.items.find((t) => t.position === p)?.id ?? '';
  expect((await apiCall(server, 'PATCH', `/trades/${id('1')}`, { plannedRisk: 25, setup: 'Breakout', tags: ['London'] })).status).toBe(200);
  expect((await apiCall(server, 'PATCH', `/trades/${id('2')}`, { plannedRisk: 33.5, setup: 'Fade' })).status).toBe(200);
  return { accountId: account.body.id, otherId: other.body.id, tradeId: id('1') };
}

const rows = (page: Page) => page.locator('table.trades tbody tr:not(.trade-editor-row)');
const cards = (page: Page) => page.locator('.trade-card');

async function shot(page: Page, file: string) {
  if (SHOTS === undefined) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, file), fullPage: true });
}

test('the journal list: the last used account, date presets in the firm day, sortable columns, export link and phone cards under 140 px (en and ja, 1280 and 375 px)', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const { accountId, otherId } = await seed(server);
  // The first active account is the first listed; the one last used wins over it.
  await page.evaluate((id) => localStorage.setItem('propfolio.trades.account', id), accountId);
  await page.goto(`${server.origin}/trades`);
  await expect(rows(page)).toHaveCount(4);
  const filters = page.getByRole('search', { name: 'Trade filters' });
  await expect(filters.getByLabel('Account')).toHaveValue(accountId);
  await expect(filters.getByLabel('Account').locator('option', { hasText: 'All accounts' })).toHaveCount(1);

  // Presets, named in the firm's clock; "This phase" is there since the account's challenge has one.
  const presets = page.getByRole('group', { name: /^Quick dates, firm day \(New York 17:00\)/ });
  await expect(presets.getByRole('button')).toHaveText(['Today', 'This week', 'This month', 'This phase']);
  await presets.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/preset=today/);
  await expect(presets.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('rowheader')).toContainText('EURUSD');
  await expect(filters.getByLabel('Closed from')).toHaveValue(firmToday());
  await expect(filters.getByLabel('Closed until')).toHaveValue(firmToday());
  await presets.getByRole('button', { name: 'This phase' }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(filters.getByLabel('Closed from')).toHaveValue(dateOf(Date.now() - 20 * DAY));
  await expect(page.getByTestId('stats-counts')).toContainText('3 trades');
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(filters.getByLabel('Account')).toHaveValue(accountId);

  // Sorting by a header, with the mouse and then the keyboard; the order is in the URL like the filters.
  const table = page.locator('table.trades');
  const netHeader = table.getByRole('columnheader', { name: /Net/ });
  await expect(netHeader).toHaveAttribute('aria-sort', 'none');
  await expect(table.getByRole('columnheader', { name: /Closed/ })).toHaveAttribute('aria-sort', 'descending');
  await netHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=net&order=desc/);
  await expect(netHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).getByRole('rowheader').locator('a')).toHaveText(['GBPUSD', 'EURUSD', 'XAUUSD', 'USDJPY']);
  await netHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(netHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).getByRole('rowheader').locator('a')).toHaveText(['USDJPY', 'XAUUSD', 'EURUSD', 'GBPUSD']);

  // Export: the same filters and order, as a download.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('download', '');
  const href = (await exportLink.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/app\/api\/trades\/export\.csv\?/);
  const params = new URL(href, server.origin).searchParams;
  expect(Object.fromEntries(params)).toEqual({ accountId, sort: 'net', order: 'asc' });
  const csv = await page.request.get(`${server.origin}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await csv.text()).trim().split('\n')).toHaveLength(5);

  // Breakdowns by side and setup, and the R histogram with its data in its name.
  await expect(page.getByRole('table', { name: 'By side' })).toContainText('Short (sell)');
  await expect(page.getByRole('table', { name: 'By setup' })).toContainText('Breakout');
  await expect(page.getByRole('table', { name: 'By setup' })).toContainText('No setup');
  await expect(
    page.getByRole('img', {
      // R −1 (33.5 lost at a risk of 33.5) opens the bin from −1; 46.5 ÷ 25 = 1.86 R falls in 1.5 to 2.
      name: 'Trades by R multiple: −1 to −0.5 R: 1 (0 won, 1 lost), +1.5 to +2 R: 1 (1 won, 0 lost)',
    }),
  ).toBeVisible();
  await shot(page, 'trades-journal-en-1280.png');

  // Japanese at 1280, then a phone in both languages: cards, a sort select, no sideways scroll.
  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByRole('group', { name: /^期間（ファームの1日/ }).getByRole('button', { name: '今日' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSVで書き出す' })).toBeVisible();
  await shot(page, 'trades-journal-ja-1280.png');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByLabel('並べ替え')).toHaveValue('net:asc');
  await page.getByLabel('並べ替え').selectOption('closedAt:desc');
  await expect(page).toHaveURL(/sort=closedAt&order=desc/);
  await expect(cards(page).first()).toContainText('EURUSD');
  // The first line: symbol, side, net and R; every card under 140 px.
  await expect(cards(page).first().locator('.trade-card-head')).toHaveText(/EURUSD\s*買い\s*\$46\.50\s*1\.86 R/);
  for (const box of await cards(page).all()) expect((await box.boundingBox())?.height ?? 999).toBeLessThan(140);
  await expectNoHorizontalScroll(page);
  await shot(page, 'trades-journal-ja-375.png');
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.reload();
  await expect(cards(page)).toHaveCount(4);
  for (const box of await cards(page).all()) expect((await box.boundingBox())?.height ?? 999).toBeLessThan(140);
  await expectNoHorizontalScroll(page);
  await shot(page, 'trades-journal-en-375.png');

  // "All" stays available and is remembered; the other account opens with its own empty list.
  await page.goto(`${server.origin}/trades?accountId=${otherId}`);
  await expect(page.getByText('No trades yet.')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Quick dates/ }).getByRole('button', { name: 'This phase' })).toHaveCount(0);
  await page.goto(`${server.origin}/trades?accountId=all`);
  await expect(cards(page)).toHaveCount(4);
  await page.goto(`${server.origin}/trades`);
  await expect(page.getByRole('search').getByLabel('Account')).toHaveValue('all');
  expect(consoleErrors).toEqual([]);
});

test("a trade's own page: exits, stop and target, costs, R, the journal edited in place, and a PNG screenshot uploaded and deleted (en and ja, 1280 and 375 px)", async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const { tradeId } = await seed(server);
  await page.goto(`${server.origin}/trades?accountId=all`);
  await page.getByRole('link', { name: 'EURUSD, position 1: open its page' }).click();
  await expect(page).toHaveURL(new RegExp(`/trades/${tradeId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/EURUSD\s*Buy/);
  const fact = (name: string) =>
    page
      .locator('.trade-figures > div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(fact('Net')).toHaveText('$46.50');
  await expect(fact('R')).toHaveText('1.86 R');
  await expect(fact('Commission')).toHaveText('-$3.50');
  await expect(fact('Stop loss')).toHaveText('1.07750');
  await expect(fact('Take profit')).toHaveText('1.08500');
  await expect(fact('MAE (worst while open)')).toHaveText('-$12.00');
  await expect(fact('MFE (best while open)')).toHaveText('$40.00');
  const fills = page.getByRole('table', { name: 'Entry and exits' });
  await expect(fills.getByRole('rowheader')).toHaveText(['Entry', 'Exit 1']);

  // The journal: the list's own editor.
  await page.getByRole('button', { name: 'Edit journal' }).click();
  await page.getByLabel('Note').fill('Waited for the retest.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.locator('.journal-fields')).toContainText('Waited for the retest.');

  // Screenshots: refused in the browser with the server's words, then a PNG kept, shown and deleted.
  const shots = page.getByRole('region', { name: 'Screenshots' });
  await expect(shots.getByText('No screenshots yet.')).toBeVisible();
  const input = shots.getByLabel('Image');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(shots.getByRole('alert')).toHaveText('A screenshot must be a PNG, JPEG or WebP image.');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(shots.getByRole('alert')).toHaveText('A screenshot is at most 2 MiB (2,097,152 bytes).');
  await shots.getByLabel('Caption (optional)').fill('Entry on M5');
  await input.setInputFiles({ name: 'entry.png', mimeType: 'image/png', buffer: PNG });
  const thumb = shots.getByRole('img', { name: 'Entry on M5' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await shot(page, 'trade-page-en-1280.png');

  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByRole('table', { name: 'エントリーと決済' })).toBeVisible();
  await shot(page, 'trade-page-ja-1280.png');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-page-ja-375.png');
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('img', { name: 'Entry on M5' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-page-en-375.png');

  await page.getByRole('button', { name: 'Delete Entry on M5' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this screenshot?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No screenshots yet.')).toBeVisible();

  // Another id: not found, said in words with the way back.
  await page.goto(`${server.origin}/trades/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Trade not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to trades/ })).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
