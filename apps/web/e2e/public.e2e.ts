import { apiCall, apiCreateChallenge, expect, expectNoHorizontalScroll, problemCode, setUpOwner, test } from './fixtures.js';

test('Japanese article search finds and opens an article', async ({ page, consoleErrors }) => {
  await page.goto('/articles');
  await page.getByLabel('Search articles').fill('出金');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=%E5%87%BA%E9%87%91/);
  const hit = page.getByRole('link', { name: /チャレンジの記録方法/ });
  await expect(hit).toBeVisible();
  await expect(page.locator('mark', { hasText: '出金' }).first()).toBeVisible();
  await hit.click();
  await expect(page.getByRole('heading', { level: 1, name: /チャレンジの記録方法/ })).toBeVisible();
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

  await page.getByLabel('Prop firm for the rule check').fill('FTMO');
  // FTMO's plans differ in their limits, so the plan is chosen from the catalog before the check.
  const plan = page.getByLabel('Plan (its limits are checked)');
  const twoStep100k = plan.locator('option', { hasText: 'FTMO Challenge 2-Step · 100000' });
  await expect(twoStep100k).toHaveCount(1);
  await plan.selectOption((await twoStep100k.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Check against the firm’s rules (server)' }).click();
  const server = page.getByTestId('server-findings');
  await expect(server).toContainText('type_error');
  await expect(server).toContainText('unknown_input');
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
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Overview' })).toBeVisible();
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
    // Every destination is on screen: the navigation wraps instead of scrolling items out of sight.
    for (const link of await page.getByRole('navigation').getByRole('link').all()) await expect(link).toBeInViewport();
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
  expect(appApi.status()).toBe(401);
});
