import type { Page } from '@playwright/test';
import { apiCall, apiCreateChallenge, dayFromToday, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/**
 * The Plan fit page in both languages at a phone's and a desktop's width: first without any tracked day (the
 * empty state), then with twenty reported days of +3 % on a 100,000 account, filtered to FTMO's 2-Step 100k,
 * whose twenty start dates show as a strip of marks with a legend, and nothing scrolls sideways.
 */
const WORDS = {
  en: {
    nav: 'Plan fit',
    heading: 'Plan fit: would I have passed?',
    empty: 'There are no tracked days to replay yet',
    firm: 'Firm',
    phases: 'Phases',
    size: 'Account size',
    apply: 'Apply',
    twoPhase: '2-phase',
    strip: 'Outcome of each start date, oldest first',
    passed: 'Passed',
    odds: 'Forward odds: every plan from here',
    byValue: 'Ranked by expected value per unit of price',
    chartName: 'Expected value against pass probability',
    chartEmpty: 'No plan has an expected value: the catalog lacks their payout terms.',
    byTrades: 'Draw whole days with their trades',
    noTrades: 'Some of your traded days have daily figures only, no trades',
  },
  ja: {
    nav: 'プラン適性',
    heading: 'プラン適性：合格できていたか',
    empty: '再生できる取引日がまだありません',
    firm: 'ファーム',
    phases: 'フェーズ数',
    size: '口座サイズ',
    apply: '適用',
    twoPhase: '2フェーズ',
    strip: '開始日ごとの結果（古い順）',
    passed: '合格',
    odds: '今後の合格見込み：全プラン',
    byValue: '価格あたりの期待値で順位付け',
    chartName: '合格確率に対する期待値',
    chartEmpty: '期待値のあるプランがありません。カタログに支払い条件がないためです。',
    byTrades: '1日の取引をまとめて抽出',
    noTrades: '取引のない取引日（日次の数値のみ）があります',
  },
} as const;

const DAYS = 20;
/** Screenshots for a person to look at, only when SHOTS_DIR names a folder (never committed, not taken in CI). */
const SHOTS = process.env.SHOTS_DIR;

async function seedHistory(server: Parameters<typeof apiCreateChallenge>[0]) {
  const challenge = await apiCreateChallenge(server, {
    firm: 'FTMO',
    plan: '2-Step 100k',
    planId: 'ftmo-2-step-100000',
    price: 540,
    currency: 'EUR',
    purchasedAt: dayFromToday(-DAYS - 5),
  });
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '7001',
    server: 'FTMO-Demo',
    name: 'Replay',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
  });
  expect(account.status).toBe(201);
  for (let i = 0; i < DAYS; i++) {
    const balance = 100000 + 3000 * (i + 1);
    const report = await apiCall(server, 'POST', `/accounts/${account.body.id}/reports`, {
      date: dayFromToday(-DAYS - 1 + i),
      balance,
      equity: balance,
      closedPnl: 3000,
    });
    expect(report.status).toBeLessThan(300);
  }
}

interface OddsAnswer {
  plans: { currency: string; atCurrentRisk: { expectedValue: number | null } | null }[];
}

/** The plans fit_own_plans gives an expected value (same paths and seed as the page), counted by currency. */
async function valuePointsByCurrency(server: Parameters<typeof apiCall>[0]): Promise<Map<string, number>> {
  const answer = await apiCall<OddsAnswer>(server, 'POST', '/me/plan-fit', { paths: 2000 });
  expect(answer.status).toBe(200);
  const counts = new Map<string, number>();
  for (const p of answer.body.plans) {
    if (p.atCurrentRisk?.expectedValue != null) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  }
  return counts;
}

async function setLang(page: Page, lang: 'ja' | 'en') {
  await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
  await page.reload();
}

test('Plan fit: empty, then ranked plans and one plan’s start dates, in English and Japanese at 1280 and 375 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: WORDS.en.nav }).click();
  await expect(page.getByRole('heading', { name: WORDS.en.heading, level: 1 })).toBeVisible();
  await expect(page.getByText(WORDS.en.empty)).toBeVisible();
  await seedHistory(server);
  const points = await valuePointsByCurrency(server);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['en', 'ja'] as const) {
      const w = WORDS[lang];
      await setLang(page, lang);
      await expect(page.getByRole('heading', { name: w.heading, level: 1 })).toBeVisible();
      const table = page.locator('table.plan-fit-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      // Every catalog plan that replays is ranked 1, 2, …; the strip shows the first one's twenty start dates.
      await expect(page.getByTestId('replay-strip').locator('li')).toHaveCount(DAYS);

      // Expected value against pass probability: one chart per currency, a point per plan with a value, each point
      // named in the chart's accessible name; or the reason there is none.
      const odds0 = page.getByTestId('forward-odds');
      await expect(odds0.locator('tbody tr').first()).toBeVisible();
      if (points.size === 0) await expect(odds0.getByText(w.chartEmpty)).toBeVisible();
      for (const [currency, count] of points) {
        const chart = odds0.getByTestId(`value-chart-${currency}`);
        await expect(chart.locator('.value-point')).toHaveCount(count);
        const name = chart.getByRole('img', { name: new RegExp(`^${w.chartName}`) });
        await expect(name).toBeVisible();
        // Each point is named with its pass probability: one '%' per point in the chart's accessible name.
        expect(((await name.getAttribute('aria-label')) ?? '').match(/%/g)).toHaveLength(count);
        await expect(
          chart
            .getByRole('list', { name: lang === 'en' ? 'Firm colours' : 'ファームの色' })
            .locator('li')
            .first(),
        ).toBeVisible();
        // Drawn inside the window: the chart never scrolls sideways, at 375 px too.
        const box = await name.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
      }
      if (SHOTS) await odds0.locator('.value-chart-section').screenshot({ path: `${SHOTS}/plan-fit-chart-${lang}-${width}.png` });
      // Every catalog plan's odds fit their box (no hidden sideways scroll): cards at 375 px, a wrapping table at 1280.
      const oddsBox = odds0.locator('.table-wrap');
      const overflow = await oddsBox.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (SHOTS) await oddsBox.screenshot({ path: `${SHOTS}/plan-fit-odds-${lang}-${width}.png` });

      const filters = page.getByRole('search');
      await filters.getByLabel(w.firm, { exact: true }).fill('FTMO');
      await filters.getByLabel(w.phases, { exact: true }).selectOption({ label: w.twoPhase });
      await filters.getByLabel(w.size, { exact: true }).fill('100000');
      await filters.getByRole('button', { name: w.apply }).click();
      await expect(table.locator('tbody tr')).toHaveCount(1);
      // Starts 1 to 13 pass (eight days each, the last on the history's last day): a share, not a signed change.
      await expect(table.locator('tbody tr')).toContainText(lang === 'en' ? '65%13 of 20 starts' : '65%20回中13回');
      await table.getByRole('button', { name: /FTMO/ }).click();
      const strip = page.getByRole('list', { name: w.strip });
      // +3 % a day passes FTMO 2-Step on day 8 from the first start date; the last starts are still open when the history ends.
      await expect(strip.locator('li').first()).toHaveClass(/passed/);
      await expect(strip.locator('li').last()).toHaveClass(/open/);
      await expect(strip.locator('li')).toHaveCount(DAYS);
      await expect(page.getByRole('list', { name: lang === 'en' ? 'Legend' : '凡例' })).toContainText(w.passed);
      // Forward odds of the same plan from the same twenty days: +3 % every day passes every path, at every scale.
      const odds = page.getByTestId('forward-odds');
      await expect(odds.getByRole('heading', { name: w.odds, level: 2 })).toBeVisible();
      await expect(odds.locator('tbody tr')).toHaveCount(1);
      await expect(odds.locator('tbody tr')).toContainText('100%');
      // The catalog states FTMO's payout terms: the plan has an expected value, ranked by it, and one point on the chart.
      await expect(odds.getByTestId('fit-ranked-by')).toContainText(w.byValue);
      await expect(odds.locator('tbody tr')).not.toContainText('profitSplit');
      await expect(odds.getByTestId('value-chart-EUR').locator('.value-point')).toHaveCount(1);
      await expect(odds.getByTestId('value-chart-EUR').getByRole('img', { name: /FTMO Challenge 2-Step 100k/ })).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-fit-${lang}-${width}.png`, fullPage: true });
      // Trades drawn: these days were reported without their trades, so the page says why there are no odds.
      const byTrades = odds.getByRole('checkbox', { name: new RegExp(`^${w.byTrades}`) });
      await byTrades.check();
      await expect(odds.getByText(w.noTrades)).toBeVisible();
      await byTrades.uncheck();
      await expect(odds.locator('tbody tr')).toHaveCount(1);
    }
  }
  expect(consoleErrors).toEqual([]);
});
