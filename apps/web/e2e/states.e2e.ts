import { apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';
import { startServer } from './server.js';

const CHALLENGE_LIST = /\/app\/api\/challenges(\?|$)/;
const APP_API = /\/app\/api\//;

test('a failing or unreachable server shows a translated error with a retry, inside the layout', async ({ page, server }) => {
  // Chromium logs every refused or failed request itself; anything else on the console (a script error,
  // React reporting an error boundary) is a failure here too.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()));
  await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540 });
  await setUpOwner(page, server);

  // The list answers 500 (after the query's own retries): the error names no server internals and offers a retry.
  let failing = true;
  await page.route(CHALLENGE_LIST, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 500, code: 'internal_error', title: 'Internal error', detail: 'stack trace here' }),
        })
      : route.continue(),
  );
  await page.goto('/challenges');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The server could not answer. Try again in a moment.');
  await expect(alert).not.toContainText('stack trace');
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: 'FTMO' })).toBeVisible();

  // A record that does not exist: said plainly, and no retry, since asking again cannot change a 404.
  await page.goto('/challenges/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('Not found. It may have been deleted.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  // Nothing answers, not even the session (the server stopped): the page says so in Japanese, keeps its header,
  // and the retry brings the page back once the server is there again.
  await page.goto('/challenges');
  await page.getByLabel('Language').selectOption('ja');
  await page.route(APP_API, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('サーバーに接続できません。');
  await expect(page.getByRole('banner').getByLabel('言語')).toBeVisible();
  await page.unroute(APP_API);
  await page.getByRole('button', { name: '再試行' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'チャレンジ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'FTMO' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('offline, a page not visited yet opens in the app with its offline state, not the browser’s error page', async ({
  page,
  context,
  server,
}) => {
  // The network refusing everything logs "Failed to load resource" (a network line, not a script error).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()));
  await setUpOwner(page, server);
  // The service worker keeps the app shell and every page's code once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const favicon = await page.request.get('/favicon.svg');
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');

  await context.setOffline(true);
  await page.goto('/analytics');
  await expect(page.getByTestId('offline')).toContainText('You are offline');
  await expect(page.getByRole('banner').getByLabel('Language')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The server cannot be reached.');
  // Back online, the retry brings the page.
  await context.setOffline(false);
  await expect(page.getByTestId('offline')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a refused request (429) says when to try again, from the figures the server gave', async ({ browser }) => {
  // A small limit, spent with the owner's API key: its own bucket, so the page's session keeps its budget.
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '40' });
  const context = await browser.newContext({ baseURL: server.origin, locale: 'en-US' });
  try {
    let refused: Response | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const res = await fetch(`${server.origin}/api/v1/challenges`, { headers: { authorization: `Bearer ${server.ownerKey}` } });
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    const body = await refused!.text();
    const { facts } = JSON.parse(body) as { facts: { resetSeconds: number } };
    expect(facts.resetSeconds).toBeGreaterThan(0);

    // The dashboard's list meets that refusal (the real problem, as the server wrote it).
    const page = await context.newPage();
    await setUpOwner(page, server);
    await page.route(CHALLENGE_LIST, (route) => route.fulfill({ status: 429, contentType: 'application/problem+json', body }));
    await page.goto('/challenges');
    await expect(page.getByRole('alert')).toContainText(`Too many requests. Try again in ${facts.resetSeconds} s.`);
    await page.getByLabel('Language').selectOption('ja');
    await expect(page.getByRole('alert')).toContainText(`リクエストが多すぎます。${facts.resetSeconds}秒後に再試行してください。`);
  } finally {
    await context.close();
    await server.stop();
  }
});
