import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { apiCall, apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';

/** Clicks `button` and returns the file the browser saved, with the name it offered. */
async function downloadOf(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** MT5 files are UTF-16LE with a byte-order mark. */
function utf16Text(bytes: Buffer): string {
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  return bytes.subarray(2).toString('utf16le');
}

async function publicPost<T>(origin: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

test('the EA assistant’s .set and tester .ini downloads are the files the API builds', async ({ page, server, consoleErrors }) => {
  await page.goto('/ea');
  const build = page.getByRole('region', { name: 'Build a .set' });
  // The presets arrive with the EA engine's chunk, after the page has rendered: wait for them.
  const presetOptions = build.getByLabel('Preset').locator('option:not([value=""])');
  await expect(presetOptions.first()).toBeAttached();
  const presets = await presetOptions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const preset = presets[0] as string;
  await build.getByLabel('Preset').selectOption(preset);
  await build.getByLabel('Platform').selectOption('mt5');
  const set = await downloadOf(page, build.getByRole('button', { name: 'Build and download' }));

  // Built in the browser, byte for byte the file ea_build_set makes on the server.
  const built = await publicPost<{ fileName: string; contentBase64: string; text: string }>(server.origin, '/ea/build', {
    preset,
    format: 'mt5',
    changes: [],
    include: 'both',
  });
  expect(set.name).toBe(built.fileName);
  expect(set.name).toMatch(new RegExp(`_${preset}_mt5\\.set$`));
  expect(set.bytes.equals(Buffer.from(built.contentBase64, 'base64'))).toBe(true);
  const setLines = utf16Text(set.bytes)
    .split('\r\n')
    .filter((line) => line && !line.startsWith(';'));
  expect(setLines.length).toBeGreaterThan(10);
  for (const line of setLines) expect(line).toMatch(/^[A-Za-z_][\w]*=/);
  // And the server reads it back without an error.
  const check = await publicPost<{ summary: { errors: number } }>(server.origin, '/ea/diagnose', {
    content: set.bytes.toString('base64'),
    contentEncoding: 'base64',
  });
  expect(check.summary.errors).toBe(0);

  const ini = page.getByRole('region', { name: 'Strategy tester .ini' });
  const fields = { symbol: 'USDJPY', period: 'M15', fromDate: '2026-02-02', toDate: '2026-03-02' };
  await ini.getByLabel('Symbol').fill(fields.symbol);
  await ini.getByLabel('Timeframe').fill(fields.period);
  await ini.getByLabel('From').fill(fields.fromDate);
  await ini.getByLabel('To', { exact: true }).fill(fields.toDate);
  await ini.getByRole('button', { name: 'Make .ini' }).click();
  const file = await downloadOf(page, ini.getByRole('button', { name: /^Download .+\.ini$/ }));
  const text = utf16Text(file.bytes);
  expect(text.split('\r\n')).toEqual(
    expect.arrayContaining(['[Tester]', 'Symbol=USDJPY', 'Period=M15', 'FromDate=2026.02.02', 'ToDate=2026.03.02']),
  );
  // What the page shows is what was saved, and the same as ea_backtest_ini answers.
  await expect(ini.locator('pre').first()).toHaveText(text.replace(/\r\n/g, '\n').trimEnd());
  const server_ = await publicPost<{ fileName: string; contentBase64: string }>(server.origin, '/ea/backtest-ini', fields);
  expect(file.name).toBe(server_.fileName);
  expect(file.bytes.equals(Buffer.from(server_.contentBase64, 'base64'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

/** The export's rows as objects (RFC 4180 quoting, as payoutsCsv writes it). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries((header ?? []).map((name, i) => [name, r[i] ?? ''])));
}

const cents = (rows: Record<string, string>[], currency: string) =>
  rows.filter((r) => r.currency === currency).reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);

test('Payouts: the CSV export has every payout of the filter, and its sums are the page’s totals', async ({
  page,
  server,
  consoleErrors,
}) => {
  const ftmo = await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540, purchasedAt: '2026-01-05' });
  const fintokei = await apiCreateChallenge(server, {
    firm: 'Fintokei, "Pro"',
    plan: 'ProTrader 2M',
    price: 38000,
    currency: 'JPY',
    purchasedAt: '2026-01-10',
  });
  const payouts = [
    { id: ftmo.id, amount: 1850.25, currency: 'USD', date: '2026-02-01' },
    { id: ftmo.id, amount: 2240.5, currency: 'USD', date: '2026-03-03' },
    { id: fintokei.id, amount: 120000, currency: 'JPY', date: '2026-03-15' },
  ];
  for (const p of payouts)
    expect(
      (await apiCall(server, 'POST', `/challenges/${p.id}/payouts`, { amount: p.amount, currency: p.currency, date: p.date })).status,
    ).toBe(201);
  await setUpOwner(page, server);
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByTestId('payout-total-USD')).toHaveText('$4,090.75');
  await expect(page.getByTestId('payout-total-JPY')).toHaveText('¥120,000');

  const all = await downloadOf(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(all.name).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(all.bytes.subarray(3).toString('utf8'));
  expect(rows.map((r) => [r.date, r.amount, r.currency]).sort()).toEqual(payouts.map((p) => [p.date, String(p.amount), p.currency]).sort());
  // A firm name with a comma and quotes survives the round trip.
  expect(rows.filter((r) => r.currency === 'JPY').map((r) => r.firm)).toEqual(['Fintokei, "Pro"']);
  expect(cents(rows, 'USD')).toBe(409075);
  expect(cents(rows, 'JPY')).toBe(12000000);

  // With a from-date the file holds only the payouts on or after it, and matches the new totals.
  await page.getByLabel('From').fill('2026-03-01');
  await expect(page.getByTestId('payout-total-USD')).toHaveText('$2,240.50');
  const later = await downloadOf(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(later.name).toMatch(/^payouts-from-2026-03-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const laterRows = parseCsv(later.bytes.subarray(3).toString('utf8'));
  expect(laterRows.map((r) => r.date).sort()).toEqual(['2026-03-03', '2026-03-15']);
  expect(cents(laterRows, 'USD')).toBe(224050);
  expect(cents(laterRows, 'JPY')).toBe(12000000);
  expect(consoleErrors).toEqual([]);
});
