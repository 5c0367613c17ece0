import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, legendText, setUpOwner, test } from './fixtures.js';

/**
 * One small ledger entered through the forms, then every figure of the Analytics page and the tax-year
 * CSV compared with values worked out by hand (the arithmetic is beside each expectation).
 *
 * FTMO 2-Step 100k: paid 540 USD (list 600, coupon SAVE10) on 2026-03-02; reset fee 99 on 03-10;
 * funded (passed) on 04-10; payout 1200 paid on 05-15; fee refund 540 on 05-20; payout 300 asked on
 * 06-01 and denied. Rates USD→JPY imported through the upload.
 */
const RATES = `date,base,quote,rate
2026-03-02,USD,JPY,150
2026-03-10,USD,JPY,148.5
2026-05-15,USD,JPY,155.25
2026-05-20,USD,JPY,156
`;

async function enterLedger(page: Page) {
  await page.getByRole('link', { name: 'Challenges' }).click();
  await page.getByRole('button', { name: 'New challenge' }).click();
  const create = page.getByRole('form', { name: 'New challenge' });
  await create.getByLabel('Firm', { exact: true }).fill('FTMO');
  await create.getByLabel('Plan', { exact: true }).fill('2-Step 100k');
  await create.getByLabel('Price', { exact: true }).fill('540');
  await create.getByLabel('Purchased on').fill('2026-03-02');
  await create.getByLabel('List price (optional)').fill('600');
  await create.getByLabel('Coupon code (optional)').fill('SAVE10');
  await create.getByRole('button', { name: 'Record challenge' }).click();
  await expect(page.getByRole('heading', { name: 'FTMO · 2-Step 100k' })).toBeVisible();
  await expect(page.getByTestId('list-price')).toHaveText('$600.00');
  await expect(page.getByTestId('coupon')).toHaveText('SAVE10');

  const costs = page.getByRole('form', { name: 'Add fee or refund' });
  const addCost = async (kind: string, amount: string, date: string, count: number) => {
    await costs.getByLabel('Kind').selectOption(kind);
    await costs.getByLabel('Amount', { exact: true }).fill(amount);
    await costs.getByLabel('Date').fill(date);
    await costs.getByRole('button', { name: 'Add fee or refund' }).click();
    await expect(page.getByTestId('costs').locator('li')).toHaveCount(count);
    // Ready for the next one: the amount emptied, the kind and the currency kept.
    await expect(costs.getByLabel('Amount', { exact: true })).toHaveValue('');
    await expect(costs.getByLabel('Kind')).toHaveValue(kind);
    await expect(costs.getByLabel('Currency', { exact: true })).toHaveValue('USD');
  };
  await page.getByRole('region', { name: 'Fees and refunds' }).getByRole('button', { name: 'Add fee or refund' }).click();
  await addCost('reset_fee', '99', '2026-03-10', 1);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Phase', { exact: true }).fill('Funded');
  await page.getByLabel('Passed on').fill('2026-04-10');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Confirm the change' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('challenge-phase')).toHaveText('Funded');
  await expect(page.getByTestId('history').locator('li')).toHaveCount(2);

  const payouts = page.getByRole('region', { name: 'Payouts' });
  const addPayout = page.getByRole('form', { name: 'Add payout' });
  await payouts.getByRole('button', { name: 'Add payout' }).click();
  await addPayout.getByLabel('Amount', { exact: true }).fill('1200');
  await addPayout.getByLabel('Date').fill('2026-05-15');
  await addPayout.getByRole('button', { name: 'Add payout' }).click();
  await expect(payouts.getByTestId('payout-status')).toHaveText(['Paid']);
  await addCost('refund', '540', '2026-05-20', 2);

  await addPayout.getByLabel('Amount', { exact: true }).fill('300');
  await addPayout.getByLabel('Date').fill('2026-06-01');
  await addPayout.getByLabel('Status').selectOption('requested');
  await addPayout.getByRole('button', { name: 'Add payout' }).click();
  await expect(payouts.getByTestId('payout-status')).toHaveText(['Requested', 'Paid']);
  // A payout's form is emptied whole once added: paid again, no amount.
  await expect(addPayout.getByLabel('Status')).toHaveValue('paid');
  await expect(addPayout.getByLabel('Amount', { exact: true })).toHaveValue('');
  const move = payouts.getByRole('form', { name: 'Status' });
  await move.getByLabel('Status').selectOption('denied');
  await move.getByLabel('Reason for the denial').fill('consistency rule');
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(payouts.getByTestId('payout-status')).toHaveText(['Denied', 'Paid']);
  await expect(payouts).toContainText('consistency rule');
}

test('a ledger entered through the forms shows hand-computed figures on Analytics and in the tax-year CSV', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await enterLedger(page);

  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2026-06-30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/to=2026-06-30/);

  await expect(page.getByTestId('spent-USD')).toHaveText('$639.00'); // 540 + 99
  await expect(page.getByTestId('refunded-USD')).toHaveText('$540.00');
  await expect(page.getByTestId('withdrawn-USD')).toHaveText('$1,200.00'); // the denied 300 never counts
  await expect(page.getByTestId('net-USD')).toHaveText('$1,101.00'); // 1200 + 540 − 639
  await expect(page.getByTestId('roi-USD')).toHaveText('+172.3%'); // 1101 ÷ 639 = 1.72300…

  await expect(page.getByTestId('funnel-attempts').locator('td')).toHaveText(['1', '']);
  await expect(page.getByTestId('funnel-passed-1').locator('td')).toHaveText(['1', '100% of reached']);
  await expect(page.getByTestId('funnel-funded').locator('td')).toHaveText(['1', '100% of attempts']);
  await expect(page.getByTestId('funnel-firstPayout').locator('td')).toHaveText(['1', '100% of funded']);
  await expect(page.getByTestId('funnel-breached').locator('td')).toHaveText(['0', '0% of attempts']);
  await expect(page.getByRole('region', { name: 'Pass-rate funnel' }).locator('.chart canvas')).toBeVisible();
  // No step and no month is the current one: with no cursor the legends are keys, names without a bare colon.
  await expect.poll(() => legendText(page.getByRole('region', { name: 'Pass-rate funnel' }))).toEqual(['Attempts']);

  // Calendar months from the first to the last with money; their nets sum to the total (−639 + 0 + 1740 = 1101).
  await expect(page.getByTestId('month-2026-03-USD').locator('td')).toHaveText(['$639.00', '$0.00', '$0.00', '-$639.00']);
  await expect(page.getByTestId('month-2026-04-USD').locator('td')).toHaveText(['$0.00', '$0.00', '$0.00', '$0.00']);
  await expect(page.getByTestId('month-2026-05-USD').locator('td')).toHaveText(['$0.00', '$540.00', '$1,200.00', '$1,740.00']);
  await expect(page.getByTestId('monthly-USD').locator('tbody tr')).toHaveCount(3);
  await expect
    .poll(() => legendText(page.locator('.currency-block').filter({ has: page.getByTestId('monthly-USD') })))
    .toEqual(['Spent', 'Withdrawn', 'Refunded', 'Net']);

  // spent, withdrawn, net, ROI, attempts, pass rate, median days to pass (03-02 → 04-10 = 39),
  // days since the last payout to the period's end (05-15 → 06-30 = 46), one payout: no average.
  await expect(page.getByTestId('firm-FTMO-USD').locator('td')).toHaveText([
    '$639.00',
    '$1,200.00',
    '$1,101.00',
    '+172.3%',
    '1',
    '100%',
    '39',
    '46',
    '—',
  ]);
  await expect(page.getByText('No refund is due.')).toBeVisible();

  await page.getByLabel('Rates file (CSV)').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(RATES) });
  await page.getByRole('button', { name: 'Import rates' }).click();
  await expect(page.getByTestId('fx-imported')).toContainText('4 rates imported (USD/JPY');

  const tax = page.getByRole('region', { name: 'Tax-year report' });
  await tax.getByLabel('Year').fill('2026');
  await tax.getByLabel('Currency').fill('JPY');
  await tax.getByRole('button', { name: 'Show report' }).click();
  await expect(tax.getByTestId('tax-income')).toHaveText('¥270,540'); // 1200×155.25 + 540×156 = 186300 + 84240
  await expect(tax.getByTestId('tax-expenses')).toHaveText('¥95,702'); // 540×150 + 99×148.5 = 81000 + 14701.5, shown without decimals as yen are
  await expect(tax.getByTestId('tax-net')).toHaveText('¥174,839'); // 174838.5
  await expect(tax).toContainText('not tax advice');
  await expect(tax.getByRole('link', { name: 'propfirm-payout-tax-basics-ja' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), tax.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('propfolio-tax-2026-JPY.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('date,type,kind,firm,plan,amount,currency,rate,rate_source,amount_JPY');
  expect(lines.slice(1, 5)).toEqual([
    '2026-03-02,expense,purchase,FTMO,2-Step 100k,540,USD,150,imported,81000',
    '2026-03-10,expense,reset_fee,FTMO,2-Step 100k,99,USD,148.5,imported,14701.5',
    '2026-05-15,income,payout,FTMO,2-Step 100k,1200,USD,155.25,imported,186300',
    '2026-05-20,income,refund,FTMO,2-Step 100k,540,USD,156,imported,84240',
  ]);
  expect(lines).toContain('2026-03,expense_total,,,,,,,,95701.5');
  expect(lines).toContain('2026-05,income_total,,,,,,,,270540');
  expect(lines).toContain('2026,income_total,,,,,,,,270540');
  expect(lines).toContain('2026,expense_total,,,,,,,,95701.5');
  expect(lines).toContain('2026,net,,,,,,,,174838.5');

  // In the base currency the same imported rates apply, and nothing is missing.
  await page.getByLabel('Base currency').fill('JPY');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('net-JPY')).toHaveText('¥174,839');
  await expect(page.getByTestId('roi-JPY')).toHaveText('+182.69%'); // 174838.5 ÷ 95701.5 = 1.82691…
  await expect(page.getByTestId('missing-rates')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});
