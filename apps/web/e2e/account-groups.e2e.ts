import { apiCall, expect, expectNoHorizontalScroll, seedTrackedAccount, setUpOwner, test } from './fixtures.js';

/** Set to a directory to keep the screenshots at 375 and 1280 px in both languages (never committed). */
const SHOTS = process.env.SHOTS_DIR;

const FTMO_100K = { planId: 'ftmo-2-step-100000', firm: 'FTMO', plan: 'FTMO 2-Step 100k', price: 540 };

const WORDS = {
  en: { title: 'Account groups', allowed: 'Allowed', max: '$500', binding: 'set by', master: 'Master' },
  ja: { title: 'アカウントグループ', allowed: '許容範囲内', max: '$500', binding: '上限を決めている口座', master: 'マスター' },
} as const;

test('a group of two accounts is made on the P&L page, and a copied trade is checked on both, naming the account that binds, at 375 and 1280 px in both languages', async ({
  page,
  server,
}) => {
  await setUpOwner(page, server);
  // Master: floor 95,000 with equity 100,000: 5,000 of room. Copy at ×2: equity 96,000, 1,000 of room, 500 on the master.
  await seedTrackedAccount(server, FTMO_100K, { login: '810001', server: 'FTMO-Demo', name: 'Master 100k' }, 100000);
  await seedTrackedAccount(server, FTMO_100K, { login: '810002', server: 'FTMO-Demo', name: 'Copy 100k' }, 96000);
  await page.goto('/pnl');
  const panel = page.getByTestId('account-groups');
  await expect(panel.getByText('No groups yet.', { exact: false })).toBeVisible();

  await panel.getByRole('button', { name: 'New group' }).click();
  await panel.getByLabel('Group name').fill('London breakout');
  await panel.getByRole('checkbox', { name: /Master 100k/ }).check();
  await panel.getByRole('checkbox', { name: /Copy 100k/ }).check();
  await panel.locator('.group-member', { hasText: 'Copy 100k' }).getByLabel('Lot multiplier').fill('2');
  await panel.getByRole('button', { name: 'Create group' }).click();
  await expect(panel.getByRole('heading', { name: 'London breakout', level: 3 })).toBeVisible();
  await expect(panel).toContainText('Master: FTMO · 2-Step 100k · Master 100k ×1 · FTMO · 2-Step 100k · Copy 100k ×2');

  const listed = await apiCall<{ groups: { accounts: { multiplier: number }[] }[] }>(server, 'GET', '/account-groups');
  expect(listed.body.groups[0]?.accounts.map((a) => a.multiplier)).toEqual([1, 2]);

  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pnl');
      const words = WORDS[lang];
      const groups = page.getByTestId('account-groups');
      await expect(groups.getByRole('heading', { name: words.title, level: 2 })).toBeVisible();
      await groups.getByRole('textbox').first().fill('400');
      const check = groups.getByTestId('group-check');
      await expect(check).toContainText(words.allowed);
      await expect(check).toContainText(words.max);
      await expect(check).toContainText(words.binding);
      await expect(check.locator('tbody tr')).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      if (SHOTS) await groups.screenshot({ path: `${SHOTS}/groups-${lang}-${String(width)}.png` });
    }
  }
});

test('the groups panel says when it cannot load, with a retry, and a blocked copied trade reads blocked', async ({ page, server }) => {
  await setUpOwner(page, server);
  await seedTrackedAccount(server, FTMO_100K, { login: '820001', server: 'FTMO-Demo', name: 'Solo' }, 100000);
  await page.route('**/app/api/account-groups', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/pnl');
  const panel = page.getByTestId('account-groups');
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.unroute('**/app/api/account-groups');
  await panel.getByRole('button', { name: 'Try again' }).click();
  // One account: the panel says a group needs two, rather than offering a form that cannot succeed.
  await expect(panel).toContainText('A group needs two or more EA accounts');
  if (!SHOTS) return;
  // The panel's loading, error and empty states in both languages at both widths, for a person to look at.
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/app/api/account-groups', async (route) => {
        await held;
        await route.fulfill({ status: 500, body: '{}' });
      });
      await page.goto('/pnl');
      await expect(panel.getByRole('status')).toBeVisible();
      await panel.screenshot({ path: `${SHOTS}/groups-loading-${lang}-${String(width)}.png` });
      answer();
      await expect(panel.locator('.state-error, [role="alert"]').first()).toBeVisible();
      await panel.screenshot({ path: `${SHOTS}/groups-error-${lang}-${String(width)}.png` });
      await page.unroute('**/app/api/account-groups');
      await page.goto('/pnl');
      await expect(panel.locator('.state-empty')).toBeVisible();
      await panel.screenshot({ path: `${SHOTS}/groups-empty-${lang}-${String(width)}.png` });
    }
  }
});

test("a group copying into four FundedNext challenges shows FundedNext's copy-trading limit crossed, with its source, at 375 and 1280 px in both languages", async ({
  page,
  server,
}) => {
  await setUpOwner(page, server);
  const stellar = { planId: 'fundednext-stellar-2-step-100000', firm: 'FundedNext', plan: 'Stellar 2-Step 100k', price: 549 };
  const ids: string[] = [];
  for (const n of [1, 2, 3, 4])
    ids.push(await seedTrackedAccount(server, stellar, { login: `83000${String(n)}`, server: 'FN-Demo', name: `FN ${String(n)}` }, 100000));
  const created = await apiCall(server, 'POST', '/account-groups', {
    name: 'Four copies',
    accounts: ids.map((accountId) => ({ accountId, multiplier: 1 })),
  });
  expect(created.status).toBe(201);
  const words = {
    en: {
      badge: 'Over the limit',
      line: /FundedNext lets copied accounts hold \$300,000\.00 together; this group’s 4 challenges there hold \$400,000\.00/,
      source: 'Firm’s page',
    },
    ja: { badge: '上限超過', line: /FundedNext はコピー口座の合計を \$300,000\.00 までとしています/, source: '会社の説明ページ' },
  } as const;
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pnl');
      const findings = page.getByTestId('account-groups').locator('.copy-trading');
      await expect(findings).toContainText(words[lang].badge);
      await expect(findings).toContainText(words[lang].line);
      await expect(findings.getByRole('link', { name: words[lang].source })).toHaveAttribute('href', /fundednext\.com/);
      await expectNoHorizontalScroll(page);
      if (SHOTS) await page.getByTestId('account-groups').screenshot({ path: `${SHOTS}/groups-copy-${lang}-${String(width)}.png` });
    }
  }
});
