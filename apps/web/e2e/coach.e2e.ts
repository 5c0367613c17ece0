import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { reportOfDays } from '@propfolio/mt-statements/testing';
import type { RunningServer } from './server.js';
import { apiCall, apiCreateChallenge, expect, expectNoHorizontalScroll, legendText, setUpOwner, test } from './fixtures.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const MT5_STATEMENT = resolve(ROOT, 'libs/mt-statements/test/fixtures/ReportHistory-51234567.html');
const FTMO = 'ftmo-2-step-100000';
/**
 * The date `offset` days from today's FTMO firm day (midnight in Prague), the day the server judges reports by: from
 * 23:00 to 24:00 UTC (22:00 in summer) Prague is already on the next date, and UTC dates then put yesterday's report
 * two firm days back (the headroom's daily floor 96,700 instead of 97,000, seen in a CI run at 23:20 UTC).
 */
const day = (offset: number) => {
  const firmToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  return new Date(Date.parse(`${firmToday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
};

/** Daily closed P&L of 25 days, +400 per 5-day cycle: the balance ends at 102 000. */
const PNL = Array.from({ length: 25 }, (_, i) => [400, -200, 150, -250, 300][i % 5] as number);

async function post(server: RunningServer, path: string, body: unknown) {
  const res = await apiCall<{ id: string }>(server, 'POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/**
 * An FTMO 2-Step 100k challenge in phase 1 with one account: `days` daily reports ending yesterday, then a
 * snapshot a minute ago with 1 200 of floating loss. With the full 25 days the balance is 102 000, so:
 * daily floor 102 000 − 5 % of 100 000 = 97 000, equity 100 800, 3 800 left; static max-loss floor 90 000,
 * 10 800 left; target 110 000, 8 000 to go.
 */
async function seedChallenge(server: RunningServer, opts: { login: string; name: string; days: number }) {
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    planId: FTMO,
    purchasedAt: day(-40),
  });
  const account = await post(server, '/accounts', {
    login: opts.login,
    server: 'FTMO-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
    name: opts.name,
  });
  let balance = 100000;
  for (let i = 0; i < opts.days; i++) {
    const pnl = PNL[i % PNL.length] as number;
    balance += pnl;
    await post(server, `/accounts/${account.id}/reports`, { date: day(i - opts.days), balance, equity: balance, closedPnl: pnl });
  }
  await post(server, `/accounts/${account.id}/snapshots`, {
    at: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    balance,
    equity: balance - 1200,
  });
  return { challengeId: challenge.id, accountId: account.id, balance };
}

async function openAccount(page: Page, name: string) {
  await page.goto('/pnl');
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('the P&L page shows the gauges, the floors on the chart, the pass probability and a what-if that replays it', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const seeded = await seedChallenge(server, { login: '7001', name: 'FTMO phase 1', days: 25 });
  expect(seeded.balance).toBe(102000);
  await openAccount(page, 'FTMO phase 1');

  const headroom = page.getByRole('region', { name: 'Rule headroom' });
  await expect(headroom.getByTestId('headroom-status')).toHaveText('Within the rules');
  await expect(headroom.getByRole('meter', { name: 'Daily loss' })).toHaveAttribute(
    'aria-valuetext',
    '$3,800.00 above the floor (loss limit $5,000.00)',
  );
  await expect(headroom.getByTestId('daily-floor')).toHaveText('$97,000.00');
  await expect(headroom.getByRole('meter', { name: 'Max loss' })).toHaveAttribute(
    'aria-valuetext',
    '$10,800.00 above the floor (loss limit $10,000.00)',
  );
  await expect(headroom.getByTestId('max-floor')).toHaveText('$90,000.00');
  await expect(headroom.getByTestId('target')).toContainText('$8,000.00 to go to $110,000.00');
  await expect(headroom.getByText(/done \(4 required\)/)).toBeVisible();
  await expect(headroom.getByTestId('stale-notice')).toHaveCount(0);
  // Before any cursor, the P&L charts' legends read the latest reported day: yesterday's +300 (the loss bar is named
  // alone), its balance and equity, and the rule levels.
  const daily = page.getByRole('figure', { name: 'Daily closed P&L' });
  await expect.poll(() => legendText(daily)).toEqual([expect.stringMatching(/^Day: \w{3} \d+, \d{4}$/), 'Profit: $300.00', 'Loss']);
  await expect
    .poll(() => legendText(page.getByRole('figure', { name: 'Balance and equity' })))
    .toEqual([
      (await legendText(daily))[0],
      'Balance: $102,000.00',
      'Equity: $102,000.00',
      'Max-loss floor: $90,000.00',
      'Target: $110,000.00',
      // The daily floor as it stood yesterday: the day before's close 101,700 − 5,000, not today's 97,000.
      'Daily floor (each day): $96,700.00',
    ]);
  // The floors and the target are lines of the balance chart, named in its description (the daily floor at its latest, today's).
  await expect(
    page.getByRole('img', {
      name: /^Balance and equity: Max-loss floor \$90,000\.00, Target \$110,000\.00, Daily floor \(each day\) \$97,000\.00$/,
    }),
  ).toBeAttached();

  const pass = page.getByRole('region', { name: 'Pass probability' });
  const probability = pass.getByTestId('pass-probability').locator('strong');
  await expect(probability).toHaveText(/^\d+\.\d%$/);
  await expect(pass.getByTestId('risk-table').locator('tbody tr')).toHaveCount(5);
  await expect(pass.getByTestId('risk-table').locator('tbody th')).toHaveText(['×0.25', '×0.5', '×1', '×1.5', '×2']);
  // With no cursor on it, the curve's legend reads the shares at ×1, the headline's own figure (uPlot left "Pass:" bare).
  const curve = pass.getByRole('figure', { name: 'Pass and breach by risk scale' });
  const atRest = [
    'Risk scale: ×1',
    `Pass: ${await probability.innerText()}`,
    expect.stringMatching(/^Breach: \d+\.\d%$/),
    // FTMO 2-Step has no time limit: paths still open at the horizon are undecided, never "out of time".
    expect.stringMatching(/^Undecided after 60 days: \d+\.\d%$/),
  ];
  await expect.poll(() => legendText(curve)).toEqual(atRest);
  // The cursor picks another scale; off the chart, the legend is back at ×1.
  const plot = curve.locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('the risk curve has no plot area');
  await plot.hover({ position: { x: box.width - 2, y: box.height / 2 } });
  await expect.poll(async () => (await legendText(curve))[0]).toBe('Risk scale: ×2');
  await curve.locator('figcaption').hover();
  await expect.poll(() => legendText(curve)).toEqual(atRest);
  // The browser's run with the server's seed, paths and start gives the server's own figure at the same risk.
  // Folded until asked for: the summary opens it, as Enter on the focused summary would.
  await pass.getByText('What if…').click();
  const whatIf = pass.getByTestId('what-if');
  await expect(whatIf).toContainText(`Pass ${await probability.innerText()}`);
  // The risk scale moves with the keyboard; the answer follows.
  const slider = pass.getByRole('slider', { name: /Risk scale/ });
  await slider.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('1.5');
  await expect(pass.getByText('Risk scale ×1.5')).toBeVisible();
  const atOneAndHalf = (await pass.getByTestId('risk-table').locator('tbody tr').nth(3).locator('td').first().innerText()).trim();
  await expect(whatIf).toContainText(`Pass ${atOneAndHalf}`);
  // Another rule: a 0.2 % daily limit is broken by most losing days.
  await pass.getByLabel('Daily loss limit (%)').fill('0.2');
  await expect(whatIf).toContainText(/daily-loss breach ([1-9]\d|100)\.\d%/);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});

test('fewer than 20 reported days: the pass panel says how many there are', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  await seedChallenge(server, { login: '7002', name: 'Short history', days: 7 });
  // The page knows the history is short: it does not ask for a simulation the server would refuse with 422.
  const simulations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/simulations')) simulations.push(request.url());
  });
  await openAccount(page, 'Short history');
  const pass = page.getByRole('region', { name: 'Pass probability' });
  await expect(pass.getByTestId('insufficient-history')).toHaveText('The simulation needs at least 20 reported days; this account has 7.');
  expect(simulations).toEqual([]);
  // The headroom does not need 20 days.
  await expect(page.getByRole('region', { name: 'Rule headroom' }).getByTestId('headroom-status')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('import an MT5 statement: preview the days, then commit', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step 10k',
    price: 155,
    planId: FTMO,
    purchasedAt: '2024-03-01',
  });
  await post(server, '/accounts', {
    login: '51234567',
    server: 'MetaQuotes-Demo',
    currency: 'USD',
    initialBalance: 10000,
    challengeId: challenge.id,
    name: 'Statement account',
  });
  await openAccount(page, 'Statement account');
  const panel = page.getByRole('region', { name: 'Import a statement' });
  await expect(panel.getByLabel('Broker server time')).toHaveValue('GMT+2/+3');
  await panel.getByLabel(/Drop the statement file here/).setInputFiles(MT5_STATEMENT);

  const preview = panel.getByTestId('import-preview');
  await expect(preview).toContainText('Preview of the MT5 statement of 51234567');
  await expect(preview).toContainText('4 new days, 0 replaced, 0 unchanged. Nothing is saved yet.');
  await expect(preview.getByTestId('import-days').locator('tbody tr')).toHaveCount(4);
  // Prague's clock moves the trade closed just after server midnight back to 5 March (hand-computed in the REST test).
  await expect(preview.getByTestId('import-days').locator('tbody tr').nth(1)).toContainText('-$292.55');
  await expect(preview.getByText(/rows? left out/)).toBeVisible();
  // Nothing written yet.
  const before = await apiCall<{ items: { login: string; lastReportOn: string | null }[] }>(server, 'GET', '/accounts');
  expect(before.body.items.find((a) => a.login === '51234567')?.lastReportOn).toBeNull();

  await panel.getByRole('button', { name: 'Import (4 days to write)' }).click();
  await expect(panel.getByTestId('import-done')).toContainText(
    'Imported the MT5 statement of 51234567: 4 new days, 0 replaced, 0 unchanged.',
  );
  const after = await apiCall<{ items: { login: string; lastReportOn: string | null; balance: number }[] }>(server, 'GET', '/accounts');
  expect(after.body.items.find((a) => a.login === '51234567')).toMatchObject({ lastReportOn: '2024-03-07', balance: 7738.95 });
  // The same file again: every day unchanged.
  await panel.getByLabel(/Drop the statement file here/).setInputFiles(MT5_STATEMENT);
  await expect(panel.getByTestId('import-preview')).toContainText('0 new days, 0 replaced, 4 unchanged');

  // A file that is not a statement is refused with the reason.
  await panel
    .getByLabel(/Drop the statement file here/)
    .setInputFiles({ name: 'notes.html', mimeType: 'text/html', buffer: Buffer.from('<html><body>hello</body></html>') });
  await expect(panel.getByRole('alert')).toContainText('This file cannot be imported:');
  expect(consoleErrors).toEqual([]);
});

test('a long statement’s preview on a phone: counts and the Import button first, ten days, then all and the next page', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    planId: FTMO,
    purchasedAt: '2024-01-01',
  });
  const account = (login: string, name: string) =>
    post(server, '/accounts', {
      login,
      server: 'MetaQuotes-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
      name,
    });
  await account('51230034', 'Thirty-four days');
  await account('51231005', 'A thousand days');
  const statement = (login: string, days: number) => ({
    name: `ReportHistory-${login}.html`,
    mimeType: 'text/html',
    buffer: Buffer.from(reportOfDays(login, days, 2).bytes),
  });
  await page.setViewportSize({ width: 375, height: 812 });

  await openAccount(page, 'Thirty-four days');
  const panel = page.getByRole('region', { name: 'Import a statement' });
  await panel.getByLabel(/Drop the statement file here/).setInputFiles(statement('51230034', 34));
  const preview = panel.getByTestId('import-preview');
  const counts = preview.getByTestId('import-counts');
  await expect(counts.locator('div')).toHaveText([
    'Days in the statement34',
    'New34',
    'Replaced0',
    'Unchanged0',
    /^Days it changes\S.+ – .+$/,
    /^Trades in the statement\d+/,
  ]);
  const rows = preview.getByTestId('import-days').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(preview.getByTestId('import-showing')).toHaveText('Showing 10 of 34 days');
  // The decision is on the first screen: the Import button ends within one phone screen of the preview's start.
  const importButton = panel.getByRole('button', { name: 'Import (34 days to write)' });
  const [top, button] = [await preview.boundingBox(), await importButton.boundingBox()];
  expect(button && top ? button.y + button.height - top.y : Infinity).toBeLessThan(812);
  await expectNoHorizontalScroll(page);

  // Keyboard: all the days and back.
  const showAll = preview.getByRole('button', { name: 'Show all 34 days' });
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(34);
  await expect(preview.getByTestId('import-showing')).toHaveText('Showing 34 of 34 days');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(10);
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('import-done')).toContainText('34 new days, 0 replaced, 0 unchanged.');
  await expect(panel.getByTestId('import-done').getByTestId('import-showing')).toHaveText('Showing 10 of 34 days');

  // Over the server's 1,000 days an answer: all 1,000 listed, then the next page by `nextDaysAfter`.
  await openAccount(page, 'A thousand days');
  await panel.getByLabel(/Drop the statement file here/).setInputFiles(statement('51231005', 1005));
  await expect(preview.getByTestId('import-showing')).toHaveText('Showing 10 of 1005 days');
  await expect(preview.getByRole('button', { name: 'Load the next days' })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Show all 1000 days' }).click();
  await expect(preview.getByTestId('import-showing')).toHaveText('Showing 1000 of 1005 days');
  await preview.getByRole('button', { name: 'Load the next days' }).click();
  await expect(preview.getByTestId('import-showing')).toHaveText('Showing 1005 of 1005 days');
  await expect(rows).toHaveCount(1005);
  await expect(preview.getByRole('button', { name: 'Load the next days' })).toHaveCount(0);

  // In Japanese.
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'ja'));
  await openAccount(page, 'Thirty-four days');
  const panelJa = page.getByRole('region', { name: '取引明細のインポート' });
  await panelJa.getByLabel(/明細ファイルをここにドロップ/).setInputFiles(statement('51230034', 34));
  await expect(panelJa.getByTestId('import-counts')).toContainText('明細の日数34');
  await expect(panelJa.getByTestId('import-counts')).toContainText('変更される日なし（すべて記録済み）');
  await expect(panelJa.getByTestId('import-showing')).toHaveText('34日のうち10日を表示');
  await expect(panelJa.getByRole('button', { name: '34日すべて表示' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the tracker EA downloads are the repository’s files, linked from the EA integration panel', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await page.goto('/pnl');
  const panel = page.locator('#ea-integration');
  for (const [platform, path] of [
    ['MT5', 'apps/tracker/mql5/PropfolioTracker.mq5'],
    ['MT4', 'apps/tracker/mql4/PropfolioTracker.mq4'],
  ] as const) {
    const link = panel.getByRole('link', { name: `Download for ${platform}` });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/downloads/${path.split('/').pop() ?? ''}`);
    const res = await fetch(`${server.origin}${href ?? ''}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(resolve(ROOT, path)))).toBe(true);
  }
  await expect(panel).toContainText('error 4014');
  await expect(panel).toContainText('InpApiKey');
  expect(consoleErrors).toEqual([]);
});

test('the challenge page: the same headroom and pass panels, and its own rules over the plan’s', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const { challengeId } = await seedChallenge(server, { login: '7003', name: 'FTMO rules', days: 25 });
  await page.goto(`/challenges/${challengeId}`);
  const headroom = page.getByRole('region', { name: 'Rule headroom' });
  await expect(headroom.getByRole('meter', { name: 'Daily loss' })).toHaveAttribute(
    'aria-valuetext',
    '$3,800.00 above the floor (loss limit $5,000.00)',
  );
  await expect(page.getByRole('region', { name: 'Pass probability' }).getByTestId('pass-probability')).toContainText('%');
  // The page says when the plan's rules were last checked (with a notice to confirm them when that check is stale).
  await expect(headroom.getByTestId(/^plan-(stale|checked)$/)).toContainText(/last checked (against the firm )?on \w{3} \d+, \d{4}/);

  // Collapsed until opened; each rule says where it comes from.
  const rules = page.locator('details#rules');
  await expect(rules).not.toHaveAttribute('open');
  await rules.locator('summary').click();
  await expect(rules.getByTestId('provenance-dailyLoss')).toHaveText('From plan ftmo-2-step-100000 checked on Sep 4, 2025');
  await rules.getByRole('group', { name: 'Daily loss' }).getByLabel('Rule').selectOption('own');
  await rules.getByRole('group', { name: 'Daily loss' }).getByLabel('Limit (%)').fill('6');
  await rules.getByRole('button', { name: 'Save my rules' }).click();
  await expect(rules.getByText('Rules saved.')).toBeVisible();
  await expect(rules.getByTestId('provenance-dailyLoss')).toHaveText('Your rule');
  await expect(rules.getByTestId('provenance-maxLoss')).toHaveText('From plan ftmo-2-step-100000 checked on Sep 4, 2025');
  // 6 % of 100 000 under 102 000: floor 96 000, equity 100 800, 4 800 left.
  await expect(headroom.getByRole('meter', { name: 'Daily loss' })).toHaveAttribute(
    'aria-valuetext',
    '$4,800.00 above the floor (loss limit $6,000.00)',
  );
  const stored = await apiCall<{ override: unknown }>(server, 'GET', `/challenges/${challengeId}/rules`);
  expect(stored.body.override).toEqual({ dailyLoss: { percent: 6 } });

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});

test('in Japanese, a yen account’s headroom is shown without decimals', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step',
    price: 9000,
    currency: 'JPY',
    planId: FTMO,
    purchasedAt: day(-20),
  });
  const account = await post(server, '/accounts', {
    login: '7004',
    server: 'FTMO-Demo',
    currency: 'JPY',
    initialBalance: 10000000,
    challengeId: challenge.id,
    name: '円口座',
  });
  await post(server, `/accounts/${account.id}/reports`, { date: day(-1), balance: 10012345, equity: 10012345, closedPnl: 12345 });
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'ja'));
  await openAccount(page, '円口座');
  const headroom = page.getByRole('region', { name: 'ルールの余力' });
  // 5 % of 10 000 000 = 500 000 under 10 012 345: the floor 9 512 345; nothing lost today.
  await expect(headroom.getByTestId('daily-floor')).toHaveText('￥9,512,345');
  await expect(headroom.getByRole('meter', { name: '日次損失' })).toHaveAttribute(
    'aria-valuetext',
    '下限ラインまで ￥500,000（損失上限 ￥500,000）',
  );
  // Reasons are worded from their stable code in Japanese: no English original to fall back on.
  await expect(headroom.locator('.reason-detail')).toHaveCount(0);
  for (const reason of await headroom.locator('li.reason').all()) await expect(reason).toHaveText(/[ぁ-んァ-ヶ一-龠]/);
  // The legend reads the one day in Japanese before any cursor: its profit, and the loss named alone (no bare "損失:").
  await expect
    .poll(() => legendText(page.getByRole('figure', { name: '日次の確定損益' })))
    .toEqual([expect.stringMatching(/^日付: \d{4}\/\d{2}\/\d{2}$/), '利益: ￥12,345', '損失']);
  expect(consoleErrors).toEqual([]);
});
