import { apiCall, apiCreateChallenge, expect, expectNoHorizontalScroll, problemCode, setUpOwner, test } from './fixtures.js';

test('articles open in the UI language, with a switch; Japanese article search finds and opens an article', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/articles');
  // The English UI lists English articles only (the API's language filter), until the reader switches.
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  const cards = page.locator('ul.articles > li');
  await expect(cards.first()).toBeVisible();
  expect(new Set(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('lang'))))).toEqual(new Set(['en']));
  await page.getByRole('group', { name: 'Articles in' }).getByRole('radio', { name: '日本語' }).check();
  await expect(page).toHaveURL(/language=ja/);
  await expect(cards.first()).toHaveAttribute('lang', 'ja');
  expect(new Set(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('lang'))))).toEqual(new Set(['ja']));
  await page.getByLabel('Search articles').fill('出金');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=%E5%87%BA%E9%87%91/);
  const hit = page.getByRole('link', { name: /チャレンジの記録方法/ });
  await expect(hit).toBeVisible();
  await expect(page.locator('mark', { hasText: '出金' }).first()).toBeVisible();
  await hit.click();
  await expect(page.getByRole('heading', { level: 1, name: /チャレンジの記録方法/ })).toBeVisible();

  // The Japanese UI opens on Japanese articles.
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'ja'));
  await page.goto('/articles');
  await expect(page.getByRole('radio', { name: '日本語' })).toBeChecked();
  await expect(cards.first()).toHaveAttribute('lang', 'ja');
  await page.getByRole('group', { name: '記事の言語' }).getByRole('radio', { name: 'すべて' }).check();
  await expect(page.locator('ul.articles > li[lang="en"]').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a .set upload shows findings at once in the browser, and the firm check on the server', async ({ page, consoleErrors }) => {
  await page.goto('/ea');
  const text = 'Foo=1\r\nLots=abc\r\n';
  // MT5 writes UTF-16LE with a BOM: the in-browser engine decodes it like the server does.
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await page
    .getByLabel('.set file', { exact: true })
    .setInputFiles({ name: 'mine.set', mimeType: 'application/octet-stream', buffer: utf16 });
  const local = page.getByTestId('local-findings');
  await expect(local).toContainText('type_error');
  await expect(local).toContainText('unknown_input');
  await expect(local).toContainText('utf-16le-bom');
  // Counts in words with their plural, and headings that name the input rather than the finding's code.
  await expect(local.getByRole('status')).toContainText('1 error, 2 warnings, 1 note');
  await expect(local.locator('.finding-title')).toHaveText(['FixedLot (5-2)', 'Foo', 'FixedLot (5-2)', 'File contents']);

  await page.getByLabel('Prop firm for the rule check').fill('FTMO');
  // Without a plan the firm check says in a line what to do, not the server's list of plan ids.
  await page.getByRole('button', { name: 'Check against the firm’s rules (server)' }).click();
  const refusal = page.getByTestId('firm-check-error');
  await expect(refusal).toHaveText('FTMO’s plans have different limits: choose the plan above, then check again.');
  // FTMO's plans differ in their limits, so the plan is chosen from the catalog before the check.
  const plan = page.getByLabel('Plan (its limits are checked)');
  const twoStep100k = plan.locator('option', { hasText: 'FTMO Challenge 2-Step · 100000' });
  await expect(twoStep100k).toHaveCount(1);
  await plan.selectOption((await twoStep100k.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Check against the firm’s rules (server)' }).click();
  const server = page.getByTestId('server-findings');
  await expect(server).toContainText('type_error');
  await expect(server).toContainText('unknown_input');
  await expect(refusal).toHaveCount(0);
  // One list after the server check: the file's own findings are not shown a second time.
  await expect(local).toHaveCount(0);
  await expect(page.locator('.finding-code', { hasText: 'type_error' })).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('Japanese by default, switchable to English, and the choice is remembered', async ({ page, consoleErrors }) => {
    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('プロップファームのプラン');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByLabel('言語').selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prop-firm plans');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prop-firm plans');
    await page.getByLabel('Language').selectOption('ja');
    await expect(page.getByRole('link', { name: '記事' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

/** The whole catalog's first page at 375 px, grouped by program with folded rules (it was 17,000 px). */
const PLANS_MAX_HEIGHT = 9000;

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('every main page fits a phone screen, tables included, and the navigation is reachable', async ({ page, server, consoleErrors }) => {
    const challenge = await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540 });
    await apiCall(server, 'POST', `/challenges/${challenge.id}/payouts`, {
      amount: 1250.5,
      currency: 'USD',
      date: new Date().toISOString().slice(0, 10),
    });
    await apiCall(server, 'POST', '/accounts', {
      login: '5012345',
      server: 'FTMO-Server3',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    await setUpOwner(page, server);
    for (const [path, heading] of [
      ['/', 'Overview'],
      ['/challenges', 'Challenges'],
      ['/pnl', 'P&L'],
      ['/payouts', 'Payouts'],
      ['/trash', 'Trash'],
      ['/admin', 'Admin'],
      ['/plans', 'Prop-firm plans'],
      ['/articles', 'Articles'],
      ['/ea', 'EA settings assistant'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    // Keyboard: the skip link is the first stop and is visible when focused.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
    // Every table row is a card whose cells name their column.
    await page.goto('/payouts');
    await expect(page.getByRole('row').filter({ hasText: '$1,250.50' }).getByRole('cell').last()).toHaveAttribute('data-label', 'Amount');
    await expectNoHorizontalScroll(page);
    // The one header that holds a control (sorting by purchase date) stays visible, so its focus is seen.
    await page.goto('/challenges');
    const sort = page.getByRole('button', { name: /Purchased on/ });
    await sort.focus();
    await expect(sort).toBeInViewport();
    expect((await sort.boundingBox())?.width ?? 0, 'the focused sort button is drawn, not clipped to 1px').toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: /Purchased on/ })).toHaveAttribute('aria-sort', 'ascending');
    // The navigation sits behind one menu button (it wrapped to three rows, ~180 px): the header is one row, and
    // every destination is on screen once the menu opens; choosing one closes it.
    expect((await page.locator('header.top').boundingBox())?.height ?? 999).toBeLessThan(70);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
    await nav.getByRole('link', { name: 'Plans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prop-firm plans' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeHidden();
    // Plans: each program once with its sizes as rows and its rules folded (17,000 px tall before).
    await expect(page.getByTestId('plan-program').first()).toBeVisible();
    await expect(page.locator('details.rules[open]')).toHaveCount(0);
    const ftmo = page.getByTestId('plan-program').filter({ hasText: 'FTMO' }).filter({ hasText: '2-Step' }).first();
    expect(await ftmo.getByRole('row').count()).toBeGreaterThan(3);
    const plansHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(plansHeight, `plans page is ${plansHeight}px tall`).toBeLessThan(PLANS_MAX_HEIGHT);
    // The challenge page: its forms stay closed until used.
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FTMO · 2-Step 100k' })).toBeVisible();
    await expect(page.getByLabel('New memo')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add payout' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    expect(consoleErrors).toEqual([]);
  });
});

test('the same process serves the app to browsers and problem+json to everything else', async ({ request }) => {
  const page = await request.get('/challenges/some-id', { headers: { Accept: 'text/html,application/xhtml+xml' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  expect(await page.text()).toContain('<div id="root"></div>');

  const missing = await request.get('/no-such-file.json', { headers: { Accept: 'application/json' } });
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('application/problem+json');
  expect(await problemCode(missing)).toBe('not_found');

  // API paths are never answered with the app, even for a browser.
  const api = await request.get('/api/v1/no-such-route', { headers: { Accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).not.toContain('text/html');
  const appApi = await request.get('/app/api/me', { headers: { Accept: 'text/html' } });
  expect(appApi.headers()['content-type']).not.toContain('text/html');
  expect(await appApi.json()).toEqual({ signedIn: false });
});
