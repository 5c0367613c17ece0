import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningServer } from './server.js';
import { apiCall, apiCreateChallenge, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/**
 * A NinjaTrader 8 Trades-grid export (a copy of libs/trade-files' fixture): laid out as NinjaTrader writes it, with
 * synthetic numbers (the `Trade number,Instrument,…,Bars,` header, a comma ending every line, `M/D/YYYY h:mm:ss AM`
 * times in the computer's clock with no zone written, `$42.82` and `($267.95)`). Source of the layout: open-source
 * journals' NinjaTrader fixtures and NinjaTrader's statistics definitions page, as
 * libs/trade-files/src/ninjatrader/ninjatrader-reader.ts lists them. Three closed trades, the first closing
 * 3/2/2026 9:52:10 AM and the last 3/3/2026 3:59:59 PM.
 */
const NINJATRADER_CSV = resolve(import.meta.dirname, 'fixtures/ninjatrader-trades.csv');
/** Screenshots for a person to look at, only when SHOTS_DIR names a folder (never committed, not taken in CI). */
const SHOTS = process.env.SHOTS_DIR;

// The device's zone the picker suggests: neither the platform's default (Chicago) nor the zone the test picks.
test.use({ timezoneId: 'Europe/London' });

async function seedAccount(server: RunningServer, login: string, name: string) {
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    planId: 'ftmo-2-step-100000',
    purchasedAt: '2026-02-20',
  });
  const created = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login,
    server: 'NinjaTrader',
    currency: 'USD',
    initialBalance: 50000,
    challengeId: challenge.id,
    name,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function openAccount(page: Page, name: string) {
  await page.goto('/pnl');
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function shoot(page: Page, file: string) {
  if (SHOTS === undefined) return;
  await mkdir(SHOTS, { recursive: true });
  await page.locator('#statement-import').screenshot({ path: resolve(SHOTS, file) });
}

test('a NinjaTrader CSV: the default zone is named, another zone re-reads the times, and the import uses it (en, 1280 and 375 px)', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const accountId = await seedAccount(server, 'APEX-1234-01', 'Apex futures');
  await openAccount(page, 'Apex futures');
  const panel = page.getByRole('region', { name: 'Import a statement' });
  await expect(panel).toContainText('Reads MetaTrader HTML, MT5’s and cTrader’s XLSX, and the CSV of cTrader, NinjaTrader,');
  await expect(panel.getByLabel(/Drop the statement file here/)).toHaveAttribute('accept', /\.csv.*\.xlsx/);
  await panel.getByLabel(/Drop the statement file here/).setInputFiles(NINJATRADER_CSV);

  const preview = panel.getByTestId('import-preview');
  await expect(preview).toContainText('Preview of the NinjaTrader statement of APEX-1234-01');
  const clock = preview.getByTestId('import-clock');
  await expect(clock.getByTestId('import-format')).toHaveText('NinjaTrader CSV');
  await expect(clock.getByTestId('import-clock-source')).toContainText(
    'does not say its time zone, so its times were read in America/Chicago',
  );
  await expect(preview.getByRole('note')).toContainText('read in America/Chicago, the NinjaTrader default');
  // 9:52:10 AM in Chicago on 2 March 2026 (CST, UTC−6, before the 8 March change) is 15:52:10 UTC.
  // The file's own wall time (the reader writes 3/2/2026 9:52:10 AM as ISO), with no offset beside it.
  await expect(clock.getByTestId('import-clock-first')).toContainText('2026-03-02 09:52:10');
  await expect(clock.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 15:52:10 UTC');
  await expect(clock.getByTestId('import-clock-last').getByTestId('utc')).toHaveText('2026-03-03 21:59:59 UTC');
  // A CSV is not read in MetaTrader's server clock, so that picker is gone.
  await expect(panel.getByLabel('Broker server time')).toHaveCount(0);

  const zone = clock.getByLabel('Time zone of the file’s times');
  await expect(zone).toHaveValue('Europe/London');
  await expect(zone.locator('option[value="Asia/Tokyo"]')).toHaveCount(1);
  await zone.selectOption('Asia/Tokyo');
  await clock.getByRole('button', { name: 'Read the times in this zone' }).click();
  // The same wall time in Tokyo (UTC+9) is nine hours earlier in UTC.
  await expect(clock.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 00:52:10 UTC');
  await expect(clock.getByTestId('import-clock-last').getByTestId('utc')).toHaveText('2026-03-03 06:59:59 UTC');
  await expect(clock.getByTestId('import-clock-source')).toHaveText('The file’s times were read in Asia/Tokyo, the zone you chose.');
  await expect(preview.getByText(/the NinjaTrader default/)).toHaveCount(0);
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expectNoHorizontalScroll(page);
  await shoot(page, 'en-1280-preview.png');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(clock.getByTestId('import-clock-first')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, 'en-375-preview.png');

  await panel.getByRole('button', { name: /^Import \(\d+ days? to write\)$/ }).click();
  const done = panel.getByTestId('import-done');
  await expect(done).toContainText('Imported the NinjaTrader statement of APEX-1234-01');
  await expect(done.getByTestId('import-counts')).toContainText('Trades in the statement3');
  await expect(done.getByTestId('import-counts')).toContainText('3 new, 0 changed');
  // The write was read in the zone the preview showed.
  await expect(done.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 00:52:10 UTC');
  const trades = await apiCall<{ items: { closedAt: string }[] }>(server, 'GET', `/trades?accountId=${accountId}`);
  expect(trades.status).toBe(200);
  expect(trades.body.items.map((t) => new Date(t.closedAt).toISOString()).sort()[0]).toBe('2026-03-02T00:52:10.000Z');
  await expectNoHorizontalScroll(page);

  // A row that cannot be read is refused naming its line, column and value.
  const broken = (await readFile(NINJATRADER_CSV, 'utf8')).replace('3/2/2026 9:52:10 AM', 'yesterday');
  await panel
    .getByLabel(/Drop the statement file here/)
    .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await expect(panel.getByRole('alert')).toContainText(/This file cannot be imported: At line \d+, column “[^”]+”, value “yesterday”\./);
  // Why, from the refusal's reason code: the same words the server's English detail would give.
  await expect(panel.getByRole('alert')).toContainText('The cell is not a date and time.');
  expect(consoleErrors).toEqual([]);
});

test('the same import in Japanese on a phone, then at 1280 px', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  await seedAccount(server, 'APEX-1234-01', 'Apex 先物');
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'ja'));
  await page.setViewportSize({ width: 375, height: 812 });
  await openAccount(page, 'Apex 先物');
  const panel = page.getByRole('region', { name: '取引明細のインポート' });
  await expect(panel).toContainText('MT5・cTrader の XLSX、cTrader・NinjaTrader・Tradovate・TopstepX');
  await panel.getByLabel(/明細ファイルをここにドロップ/).setInputFiles(NINJATRADER_CSV);

  const clock = panel.getByTestId('import-preview').getByTestId('import-clock');
  await expect(clock.getByTestId('import-format')).toHaveText('NinjaTrader の CSV');
  await expect(clock.getByTestId('import-clock-source')).toContainText('ファイルにタイムゾーンの記載がないため');
  await expect(clock.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 15:52:10 UTC');
  // The default-zone warning in Japanese, from its code and params (not the server's English sentence).
  const warnings = panel.getByTestId('import-preview').getByTestId('import-warnings');
  await expect(warnings).toContainText('NinjaTrader の既定の America/Chicago で読み込みました');
  await expect(warnings).not.toContainText('carry no');
  await expect(warnings.locator('li[lang="en"]')).toHaveCount(0);
  await clock.getByLabel('ファイルの時刻のタイムゾーン').selectOption('Asia/Tokyo');
  await clock.getByRole('button', { name: 'このタイムゾーンで読み直す' }).click();
  await expect(clock.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 00:52:10 UTC');
  await expect(clock.getByTestId('import-clock-source')).toHaveText('ファイルの時刻は、選択したタイムゾーン Asia/Tokyo で読み取りました。');
  await expectNoHorizontalScroll(page);
  await shoot(page, 'ja-375-preview.png');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoHorizontalScroll(page);
  await shoot(page, 'ja-1280-preview.png');

  await panel.getByRole('button', { name: /^インポート/ }).click();
  const done = panel.getByTestId('import-done');
  await expect(done).toContainText('APEX-1234-01 の NinjaTrader 明細をインポートしました');
  await expect(done.getByTestId('import-counts')).toContainText('3');
  await expect(done.getByTestId('import-clock-first').getByTestId('utc')).toHaveText('2026-03-02 00:52:10 UTC');
  await expectNoHorizontalScroll(page);
  await shoot(page, 'ja-1280-done.png');

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);

  // A row that cannot be read is refused in Japanese: where (line, column, value) and why, with no English detail.
  const broken = (await readFile(NINJATRADER_CSV, 'utf8')).replace('3/2/2026 9:52:10 AM', 'yesterday');
  await panel
    .getByLabel(/明細ファイルをここにドロップ/)
    .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText(/このファイルはインポートできません： 該当箇所：\d+ 行目、列「[^」]+」、値「yesterday」。/);
  await expect(alert).toContainText('この値は日時として読めません。');
  await expect(alert).not.toContainText('is not');
  expect(consoleErrors).toEqual([]);
});
