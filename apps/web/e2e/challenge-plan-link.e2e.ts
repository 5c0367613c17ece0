import { apiCall, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/** Set to a directory to keep the matched-plan form's screenshots at 375 px in both languages (never committed). */
const SHOTS = process.env.PLAN_LINK_SHOTS;

const WORDS = {
  en: {
    newChallenge: 'New challenge',
    firm: 'Firm',
    plan: 'Plan',
    price: 'Price',
    catalogPlan: 'Catalog plan',
    create: 'Record challenge',
    matched: /Matched from the firm and plan names: FTMO · .*2-Step 100k/,
    rulesFrom: 'plan ftmo-2-step-100000',
  },
  ja: {
    newChallenge: '新しいチャレンジ',
    firm: 'ファーム',
    plan: 'プラン',
    price: '価格',
    catalogPlan: 'カタログのプラン',
    create: 'チャレンジを記録',
    matched: /プロップファーム名とプラン名から一致したプラン: FTMO · .*2-Step 100k/,
    rulesFrom: 'プラン ftmo-2-step-100000',
  },
} as const;

test('the new-challenge form suggests the catalog plan its typed firm and plan names match, and the challenge is created linked to it, in both languages at 375 and 1280 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  for (const lang of ['en', 'ja'] as const) {
    const w = WORDS[lang];
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/challenges');
      await page.getByRole('button', { name: w.newChallenge }).click();
      const form = page.getByRole('form', { name: w.newChallenge });
      // Typed as a trader writes them, not picked from the suggestions: the names alone point to the plan.
      await form.getByLabel(w.firm, { exact: true }).fill('FTMO');
      await form.getByLabel(w.plan, { exact: true }).fill('2-Step 100k');
      await expect(form).toContainText(w.matched);
      await expect(form.getByLabel(w.catalogPlan)).toHaveValue('ftmo-2-step-100000');
      await expectNoHorizontalScroll(page);
      if (SHOTS && width === 375) await form.screenshot({ path: `${SHOTS}/plan-matched-${lang}-375.png` });
      if (width !== 1280) continue;

      await form.getByLabel(w.price, { exact: true }).fill('540');
      await form.getByRole('button', { name: w.create }).click();
      await expect(page.getByRole('heading', { name: 'FTMO · 2-Step 100k', level: 1 })).toBeVisible();
      // The challenge page's rules come from the linked plan, and the API says the same link.
      await expect(page.locator('#rules summary')).toContainText(w.rulesFrom);
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';
      const created = await apiCall<{ challenge: { planId: string | null } }>(server, 'GET', `/challenges/${id}`);
      expect(created.body.challenge.planId).toBe('ftmo-2-step-100000');
    }
  }
  expect(consoleErrors).toEqual([]);
});
