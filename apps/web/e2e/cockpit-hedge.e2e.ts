import { apiCall, dayFromToday, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';
import type { RunningServer } from './server.js';

/** Set to a directory to keep the screenshots at 375 and 1280 px in both languages (never committed). */
const SHOTS = process.env.SHOTS_DIR;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/** A funded E8 challenge (the catalog's E8 Markets forbids hedging across accounts) with one account holding `side` EURUSD. */
async function e8Account(server: RunningServer, name: string, login: string, side: 'buy' | 'sell'): Promise<string> {
  const challenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: 'E8',
    plan: 'E8 One 100k',
    price: 100,
    currency: 'USD',
    phase: 'Funded',
    purchasedAt: dayFromToday(-5),
  });
  expect(challenge.status).toBe(201);
  const rules = {
    dailyLoss: { percent: 4, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
  };
  expect((await apiCall(server, 'PATCH', `/challenges/${challenge.body.id}/rules`, { rules })).status).toBe(200);
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login,
    server: 'E8-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.body.id,
    name,
  });
  expect(account.status).toBe(201);
  const openPositions = [{ position: login, symbol: 'EURUSD', side, volume: 1, openedAt: ago(30), stopLoss: 1.07, lossAtStop: 500 }];
  const pushed = await apiCall(server, 'POST', `/accounts/${account.body.id}/snapshots`, {
    at: ago(1),
    balance: 100000,
    equity: 100000,
    openPositions,
  });
  expect(pushed.status).toBe(200);
  return account.body.id;
}

const WORDS = {
  en: { rule: 'Rule broken', name: 'Hedging across accounts', hedge: (other: string) => `Opposite EURUSD on ${other}` },
  ja: { rule: 'ルール違反', name: '口座間の両建て', hedge: (other: string) => `${other} で EURUSD が逆方向` },
} as const;

test('a long and a short EURUSD on two E8 accounts: both cockpit rows amber, each naming the other, never a floor breach, at 375 and 1280 px in both languages', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  const long = await e8Account(server, 'E8 Long', '880001', 'buy');
  const short = await e8Account(server, 'E8 Short', '880002', 'sell');
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const cockpit = page.getByTestId('cockpit');
      for (const [id, other] of [
        [long, 'E8 Short'],
        [short, 'E8 Long'],
      ] as const) {
        const row = cockpit.getByTestId(`today-${id}`);
        await expect(row.locator('.today-badge').first()).toHaveText(WORDS[lang].rule);
        await expect(row).toHaveClass(/today-rule_broken/);
        await expect(row).toContainText(WORDS[lang].name);
        await expect(cockpit.getByTestId(`today-hedges-${id}`)).toContainText(WORDS[lang].hedge(other));
      }
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cockpit-hedge-${lang}-${String(width)}.png`, fullPage: width === 375 });
      await expectNoHorizontalScroll(page);
    }
  }
  expect(consoleErrors).toEqual([]);
});
