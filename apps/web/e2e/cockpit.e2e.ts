import type { Page } from '@playwright/test';
import { apiCall, dayFromToday, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';
import type { RunningServer } from './server.js';

/** Set to a directory to keep the cockpit's screenshots at 375 and 1280 px in both languages (never committed). */
const SHOTS = process.env.COCKPIT_SHOTS;

/** An instant `minutes` before now, in whole seconds as a tracker sends it. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

interface Seeded {
  firm: string;
  plan: string;
  currency: string;
  initialBalance: number;
  name: string;
  rules: object;
  snapshots: Record<string, unknown>[];
}

const daily = (timeZone: string, time = '00:00') => ({
  percent: 5,
  amountOf: 'initial_balance',
  basis: 'initial_balance',
  rollover: { timeZone, time },
});

/** A challenge with its own rules and one account, and the snapshots its tracker sent. The account's id. */
async function seed(server: RunningServer, a: Seeded, n: number): Promise<string> {
  const challenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: a.firm,
    plan: a.plan,
    price: 100,
    currency: a.currency,
    purchasedAt: dayFromToday(-5),
  });
  expect(challenge.status).toBe(201);
  expect((await apiCall(server, 'PATCH', `/challenges/${challenge.body.id}/rules`, { rules: a.rules })).status).toBe(200);
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: String(700100 + n),
    server: `${a.firm}-Demo`,
    currency: a.currency,
    initialBalance: a.initialBalance,
    challengeId: challenge.body.id,
    name: a.name,
  });
  expect(account.status).toBe(201);
  for (const snapshot of a.snapshots)
    expect((await apiCall(server, 'POST', `/accounts/${account.body.id}/snapshots`, snapshot)).status).toBe(200);
  return account.body.id;
}

/** Ten accounts at five firms: one breached, one with a trade rule broken (yen), one stale, seven fine, one without a stop. */
async function seedPortfolio(server: RunningServer) {
  const ftmo = await seed(
    server,
    {
      firm: 'FTMO',
      plan: 'FTMO 2-Step 100k',
      currency: 'USD',
      initialBalance: 100000,
      name: 'FTMO 100k',
      rules: { dailyLoss: daily('Europe/Prague'), maxLoss: { percent: 10, type: 'static' } },
      snapshots: [
        {
          at: ago(1),
          balance: 101500,
          equity: 100800,
          openPositions: [
            { position: '11', symbol: 'EURUSD', side: 'buy', volume: 1, openedAt: ago(60), stopLoss: 1.081, lossAtStop: 400 },
            { position: '12', symbol: 'XAUUSD', side: 'sell', volume: 0.8, openedAt: ago(30), stopLoss: null },
          ],
        },
      ],
    },
    1,
  );
  const yen = await seed(
    server,
    {
      firm: 'Fintokei',
      plan: 'ProTrader 5M',
      currency: 'JPY',
      initialBalance: 5000000,
      name: 'Fintokei 5M',
      rules: { dailyLoss: daily('Asia/Tokyo'), maxLoss: { percent: 10, type: 'static' }, maxRiskPerTradePercent: 1 },
      snapshots: [
        {
          at: ago(2),
          balance: 5000000,
          equity: 4900000,
          openPositions: [
            { position: '21', symbol: 'USDJPY', side: 'buy', volume: 2, openedAt: ago(90), stopLoss: 148.5, lossAtStop: 80000 },
          ],
        },
      ],
    },
    2,
  );
  const breached = await seed(
    server,
    {
      firm: 'The5ers',
      plan: 'High Stakes 100K',
      currency: 'EUR',
      initialBalance: 100000,
      name: 'The5ers 100K',
      rules: { dailyLoss: { ...daily('America/New_York', '17:00'), percent: 4 }, maxLoss: { percent: 8, type: 'static' } },
      snapshots: [
        { at: ago(3), balance: 100000, equity: 95500 },
        { at: ago(2), balance: 100000, equity: 97000 },
      ],
    },
    3,
  );
  const stale = await seed(
    server,
    {
      firm: 'E8',
      plan: 'E8 One 50k',
      currency: 'USD',
      initialBalance: 50000,
      name: 'E8 50k',
      rules: { dailyLoss: daily('UTC'), maxLoss: { percent: 8, type: 'static' } },
      snapshots: [{ at: ago(125), balance: 50000, equity: 50000 }],
    },
    4,
  );
  for (let i = 0; i < 6; i++)
    await seed(
      server,
      {
        firm: 'FundedNext',
        plan: `Stellar ${String(i + 1)}`,
        currency: 'USD',
        initialBalance: 25000,
        name: `Stellar ${String(i + 1)}`,
        rules: { dailyLoss: daily('Europe/Athens'), maxLoss: { percent: 10, type: 'static' } },
        snapshots: [{ at: ago(1), balance: 25000, equity: 25000 + i * 10 }],
      },
      10 + i,
    );
  return { ftmo, yen, breached, stale };
}

const WORDS = {
  en: {
    breached: 'Floor breached',
    rule_broken: 'Rule broken',
    stale: 'Stale data',
    ok: 'OK',
    risk: 'Risk per trade',
    daily: 'Daily loss',
    staleAge: /2 h \d+ min ago/,
    yen: '¥4,900,000',
    noStop: '1 no stop',
    withoutStop: 'no stop',
    viewer: 'yours',
  },
  ja: {
    breached: '下限割れ',
    rule_broken: 'ルール違反',
    stale: 'データが古い',
    ok: '正常',
    risk: '1トレードあたりのリスク',
    daily: '日次損失',
    staleAge: /2時間\d+分前/,
    yen: '￥4,900,000',
    noStop: 'ストップなし1件',
    withoutStop: 'ストップなし',
    viewer: 'あなた ',
  },
} as const;

/** The reset as the cockpit words it in the firm's clock, worked out here from the answer's instant and zone. */
const firmClock = (lang: 'en' | 'ja', at: string, timeZone: string) =>
  new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortGeneric',
  }).format(new Date(at));

async function checkCockpit(page: Page, lang: 'en' | 'ja', ids: Awaited<ReturnType<typeof seedPortfolio>>, resetAt: string) {
  const words = WORDS[lang];
  const cockpit = page.getByTestId('cockpit');
  const rows = cockpit.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  // Most at risk first: the floor crossed, the rule broken, the stale account, then the rest.
  await expect(rows.nth(0)).toHaveAttribute('data-testid', `today-${ids.breached}`);
  await expect(rows.nth(1)).toHaveAttribute('data-testid', `today-${ids.yen}`);
  await expect(rows.nth(2)).toHaveAttribute('data-testid', `today-${ids.stale}`);
  const row = (id: string) => cockpit.getByTestId(`today-${id}`);
  // Each status says itself in words, not by colour alone.
  await expect(row(ids.breached).locator('.today-badge')).toHaveText(words.breached);
  await expect(row(ids.breached)).toContainText(words.daily);
  await expect(row(ids.yen).locator('.today-badge')).toHaveText(words.rule_broken);
  await expect(row(ids.yen)).toContainText(words.risk);
  await expect(row(ids.yen)).toContainText(words.yen);
  await expect(row(ids.stale).locator('.today-badge')).toHaveText(words.stale);
  await expect(row(ids.stale)).toContainText(words.staleAge);
  await expect(row(ids.ftmo).locator('.today-badge').first()).toHaveText(words.ok);
  // The reset in the firm's clock (zone in words) and in the viewer's.
  await expect(row(ids.ftmo)).toContainText(firmClock(lang, resetAt, 'Europe/Prague'));
  await expect(row(ids.ftmo)).toContainText(words.viewer);
  // A position without a stop is flagged, and the list opens from the keyboard.
  const positions = row(ids.ftmo).locator('details summary');
  await expect(positions).toContainText(words.noStop);
  await positions.focus();
  await page.keyboard.press('Enter');
  await expect(row(ids.ftmo).locator('details li').filter({ hasText: 'XAUUSD' })).toContainText(words.withoutStop);
}

test('the cockpit heads Overview and P&L: ten accounts most at risk first, statuses in words, the reset in both clocks, at 375 and 1280 px in both languages', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const ids = await seedPortfolio(server);
  const today = await apiCall<{ accounts: { accountId: string; reset: { at: string } }[] }>(server, 'GET', '/me/today');
  expect(today.status).toBe(200);
  const resetAt = today.body.accounts.find((a) => a.accountId === ids.ftmo)?.reset.at ?? '';
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/pnl']) {
        await page.goto(path);
        await expect(page.getByTestId('cockpit').locator('tbody tr')).toHaveCount(10);
        if (width === 1280 && path === '/') {
          // Ten accounts on one 1280 × 800 screen: the last row ends above the fold of the page's top.
          const bottom = await page
            .getByTestId('cockpit')
            .locator('tbody tr')
            .last()
            .evaluate((tr) => tr.getBoundingClientRect().bottom + window.scrollY);
          expect(bottom).toBeLessThanOrEqual(800);
        }
        if (SHOTS && path === '/')
          await page.screenshot({ path: `${SHOTS}/cockpit-${lang}-${String(width)}.png`, fullPage: width === 375 });
        await checkCockpit(page, lang, ids, resetAt);
        await expectNoHorizontalScroll(page);
      }
    }
  }
  expect(consoleErrors).toEqual([]);
});

/** The first paint's measures, read in the page: all instants in ms from the navigation's start. */
interface FirstPaint {
  /** The first frame painted after the cockpit's rows were all in the document. */
  rows: number | null;
  firstContentfulPaint: number | null;
  largestContentfulPaint: number | null;
  /** The get_portfolio_today request's own duration, as the browser timed it. */
  todayRequest: number | null;
}

/**
 * Issue 42 asks for the cockpit's first paint on 20 accounts under 1.5 s on this machine. The house rule is that no test
 * depends on a wall-clock budget, so this one checks the rows and logs the time (the bench's number goes in
 * docs/performance.md); the shared machine's load would make any bound flaky.
 */
test("the cockpit's first paint on 20 accounts is measured and logged: navigation start to the frame showing every row, FCP, LCP and the request", async ({
  page,
  server,
  consoleErrors,
}) => {
  const ACCOUNTS = 20;
  await setUpOwner(page, server);
  for (let n = 0; n < ACCOUNTS; n++)
    await seed(
      server,
      {
        firm: ['FTMO', 'Fintokei', 'The5ers', 'E8', 'FundedNext'][n % 5] as string,
        plan: `Plan ${String(n + 1)}`,
        currency: n % 5 === 1 ? 'JPY' : 'USD',
        initialBalance: n % 5 === 1 ? 5000000 : 100000,
        name: `Account ${String(n + 1)}`,
        rules: { dailyLoss: daily('Europe/Prague'), maxLoss: { percent: 10, type: 'static' }, maxRiskPerTradePercent: 1 },
        snapshots: [
          {
            at: ago(1),
            balance: n % 5 === 1 ? 5000000 : 100000,
            equity: n % 5 === 1 ? 4990000 : 99900,
            openPositions: [
              { position: String(n), symbol: 'EURUSD', side: 'buy', volume: 1, openedAt: ago(30), stopLoss: 1.08, lossAtStop: 100 },
            ],
          },
        ],
      },
      100 + n,
    );
  // Watches from the document's first script: the time of the first frame after all rows are in.
  await page.addInitScript((count: number) => {
    const w = window as unknown as { __firstPaint: { rows: number | null; lcp: number | null } };
    w.__firstPaint = { rows: null, lcp: null };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__firstPaint.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const seen = new MutationObserver(() => {
      if (document.querySelectorAll('[data-testid="cockpit"] tbody tr').length < count) return;
      seen.disconnect();
      requestAnimationFrame(() => setTimeout(() => (w.__firstPaint.rows = performance.now())));
    });
    seen.observe(document, { childList: true, subtree: true });
  }, ACCOUNTS);
  await page.setViewportSize({ width: 1280, height: 800 });
  const runs: FirstPaint[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto('/');
    await expect(page.getByTestId('cockpit').locator('tbody tr')).toHaveCount(ACCOUNTS);
    await page.waitForFunction(() => (window as unknown as { __firstPaint: { rows: number | null } }).__firstPaint.rows !== null);
    runs.push(
      await page.evaluate(() => {
        const w = window as unknown as { __firstPaint: { rows: number | null; lcp: number | null } };
        const today = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/app/api/me/today'));
        return {
          rows: w.__firstPaint.rows,
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          largestContentfulPaint: w.__firstPaint.lcp,
          todayRequest: today ? today.duration : null,
        };
      }),
    );
  }
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} ms`);
  const line = runs
    .map(
      (r, i) =>
        `load ${String(i + 1)}: rows ${ms(r.rows)}, FCP ${ms(r.firstContentfulPaint)}, LCP ${ms(r.largestContentfulPaint)}, GET /me/today ${ms(r.todayRequest)}`,
    )
    .join('; ');
  // A report, not a budget: printed for the run's log and kept in the test's annotations.
  console.log(`cockpit first paint, ${String(ACCOUNTS)} accounts at 1280 px: ${line}`);
  test.info().annotations.push({ type: 'cockpit first paint', description: line });
  expect(consoleErrors).toEqual([]);
});

const GROUP_WORDS = {
  en: { members: 'Group of 3 accounts', worst: 'most at risk: The5ers 100K', least: '25% left', breached: 'Floor breached' },
  ja: { members: '3口座のグループ', worst: '最も危険：The5ers 100K', least: '残り25%', breached: '下限割れ' },
} as const;

test('a group of accounts is one line of the cockpit, its worst account’s status and smallest % left, that opens to its accounts from the keyboard, at 375 and 1280 px in both languages', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const ids = await seedPortfolio(server);
  const members = [ids.ftmo, ids.breached, ids.stale];
  const group = await apiCall<{ id: string }>(server, 'POST', '/account-groups', {
    name: 'London breakout',
    accounts: members.map((accountId) => ({ accountId, multiplier: 1 })),
  });
  expect(group.status).toBe(201);
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const words = GROUP_WORDS[lang];
      const cockpit = page.getByTestId('cockpit');
      // Ten accounts, three of them folded into the group's line: eight lines, the group first (its breached account).
      await expect(cockpit.locator('tbody tr')).toHaveCount(8);
      const line = cockpit.getByTestId(`today-group-${group.body.id}`);
      await expect(cockpit.locator('tbody tr').first()).toHaveAttribute('data-testid', `today-group-${group.body.id}`);
      await expect(line).toContainText(words.members);
      await expect(line.locator('.today-badge')).toHaveText(words.breached);
      await expect(line).toContainText(words.worst);
      await expect(line).toContainText(words.least);
      for (const id of members) await expect(cockpit.getByTestId(`today-${id}`)).toHaveCount(0);

      const toggle = line.getByRole('button', { name: 'London breakout' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(cockpit.locator('tbody tr')).toHaveCount(11);
      for (const id of members) await expect(cockpit.getByTestId(`today-${id}`)).toBeVisible();
      // The accounts' lines follow the group's, most at risk first.
      await expect(cockpit.locator('tbody tr').nth(1)).toHaveAttribute('data-testid', `today-${ids.breached}`);
      await expectNoHorizontalScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cockpit-group-${lang}-${String(width)}.png`, fullPage: width === 375 });
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(cockpit.locator('tbody tr')).toHaveCount(8);
    }
  }
  expect(consoleErrors).toEqual([]);
});

test('the cockpit says when there is no account yet, and when the server fails, with a retry', async ({ page, server }) => {
  // Chromium logs the refused request itself; anything else on the console is a failure here.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()));
  await setUpOwner(page, server);
  const cockpit = page.getByTestId('cockpit');
  await expect(cockpit).toContainText('No active EA account yet');
  let failing = true;
  await page.route('**/app/api/me/today', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 500, code: 'internal_error', title: 'Internal error', detail: 'stack trace here' }),
        })
      : route.continue(),
  );
  await page.reload();
  const alert = cockpit.getByRole('alert');
  await expect(alert).toContainText('The server could not answer. Try again in a moment.');
  // The rest of the page still answers.
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(cockpit).toContainText('No active EA account yet');
  expect(errors).toEqual([]);
});
