import { expect, expectNoHorizontalScroll, seedTrackedAccount, setUpOwner, test } from './fixtures.js';

/** Set to a directory to keep the calculator's screenshots at 375 px in both languages (never committed). */
const SHOTS = process.env.TRADE_CHECK_SHOTS;

const WORDS = {
  en: {
    region: 'Pre-trade check',
    loss: 'Worst-case loss (USD)',
    verdict: 'Not cleared',
    notChecked: 'Not checked: Best-day rule unknown',
    checkedOnly: 'Largest loss keeping the rules checked:',
    allowed: 'Allowed',
    everyRule: 'Largest loss keeping every rule',
  },
  ja: {
    region: '発注前チェック',
    loss: '損切り時の損失額（USD）',
    verdict: '未確認のルールあり',
    notChecked: '未確認: ベストデイルールが不明',
    checkedOnly: '確認できたルールを守れる損失許容額：',
    allowed: '許容範囲内',
    everyRule: 'すべてのルールを守れる損失許容額',
  },
} as const;

test('the pre-trade calculator on a plan whose best-day rule is unknown names it as not checked and never clears the trade, in both languages at 375 and 1280 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  // The5ers High Stakes 100k: daily and maximum loss known, the best-day rule not in the catalog. Equity 98,000.
  await seedTrackedAccount(
    server,
    { planId: 'the5ers-high-stakes-100000', firm: 'The5ers', plan: 'High Stakes 100k', price: 495 },
    { login: '7501', server: 'FivePercentOnline-Real', name: 'Stakes check' },
    98000,
  );
  for (const lang of ['en', 'ja'] as const) {
    const w = WORDS[lang];
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pnl');
      await page.getByRole('button', { name: 'Stakes check', exact: true }).click();
      const region = page.getByRole('region', { name: w.region });
      // A small loss that every known rule keeps.
      await region.getByLabel(w.loss).fill('100');
      await expect(region.getByTestId('trade-verdict')).toHaveText(w.verdict);
      await expect(region.getByTestId('trade-not-checked')).toHaveText(w.notChecked);
      await expect(region).toContainText(w.checkedOnly);
      await expect(region.getByTestId('trade-verdict')).not.toHaveText(w.allowed);
      await expect(region).not.toContainText(w.everyRule);
      await expectNoHorizontalScroll(page);
      if (SHOTS && width === 375) await region.screenshot({ path: `${SHOTS}/trade-unchecked-${lang}-375.png` });
    }
  }
  expect(consoleErrors).toEqual([]);
});
