import { expect, expectNoHorizontalScroll, seedTrackedAccount, setUpOwner, test } from './fixtures.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * The5ers Bootcamp 100k caps a trade's loss at 2 % of the initial balance (2,000). The tracker's last snapshot
 * lists two open positions: one whose stop would lose 2,100 (over the cap) and one without a stop.
 */
test('the headroom judges the open positions at their stops against the risk per trade, in English and Japanese', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await seedTrackedAccount(
    server,
    { planId: 'the5ers-bootcamp-100000', firm: 'The5ers', plan: 'Bootcamp 100k', price: 95 },
    { login: '7301', server: 'FivePercent-Demo', name: 'Bootcamp' },
    99850,
    {
      openPositions: [
        { position: '41', symbol: 'XAUUSD', side: 'buy', volume: 1, openedAt: minutesAgo(30), stopLoss: 2590, lossAtStop: 2100 },
        { position: '42', symbol: 'EURUSD', side: 'sell', volume: 0.5, openedAt: minutesAgo(20), stopLoss: null, lossAtStop: null },
      ],
    },
  );

  await page.goto('/pnl');
  await page.getByRole('button', { name: 'Bootcamp', exact: true }).click();
  const risk = page.getByTestId('tr-risk');
  await expect(risk).toContainText('At most $2,000.00 (2%) per trade');
  const open = page.getByTestId('tr-risk-open');
  await expect(open).toContainText('Open positions over or near the cap, or without a stop: 2');
  await expect(open.getByRole('listitem').first()).toContainText('#41 XAUUSD');
  await expect(open.getByRole('listitem').first()).toContainText('would lose $2,100.00 at the stop');
  await expect(open.getByRole('listitem').nth(1)).toContainText('no stop: the loss is not bounded');
  await expect(page.getByText(/1 open position would lose more than the plan’s 2% per trade/)).toBeVisible();

  await page.getByLabel('Language').selectOption('ja');
  await expect(open).toContainText('損切りに達すると損失 $2,100.00');
  await expect(open).toContainText('損切りなし：損失に上限がありません');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});
