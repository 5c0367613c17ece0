/**
 * Writes the README's screenshots (docs/overview.png, docs/pnl.png, docs/ea-integration.png, docs/analytics.png) from the
 * built server on a fresh database with sample records, plus review shots of every page under
 * apps/web/test-results/screens as `<page>-<state>-<lang>-<width>.png`, state being `empty` (a new owner
 * with no records), `data`, `error` (every API answer forced to a 500 by route interception, the session
 * excepted), `offline` (nothing answers, not even the session) and `loading` (answers held back), at 375
 * and 1280 px in Japanese and English. Run: npm run build && npx nx run @propfolio/web:screenshots
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.js';
import { startServer, type RunningServer } from '../e2e/server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const REVIEW = resolve(import.meta.dirname, '../test-results/screens');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function api(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.origin}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.ownerKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** Sample records; returns the funded FTMO challenge's id (its detail page shows every ledger form). */
async function seed(server: RunningServer): Promise<string> {
  const a = await api(server, 'POST', '/challenges', {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    listPrice: 600,
    couponCode: 'SAVE10',
    purchasedAt: day(-120),
  });
  const b = await api(server, 'POST', '/challenges', { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260, purchasedAt: day(-75) });
  await api(server, 'POST', '/challenges', { firm: 'FundedNext', plan: 'Stellar 2-Step 25k', price: 199, purchasedAt: day(-40) });
  await api(server, 'POST', '/challenges', {
    firm: 'Alpha Capital',
    plan: 'Alpha Pro 50k',
    price: 99,
    billing: 'monthly',
    purchasedAt: day(-95),
    currency: 'EUR',
  });
  await api(server, 'PATCH', `/challenges/${b.id}`, { status: 'failed' });
  await api(server, 'PATCH', `/challenges/${a.id}`, { phase: 'Funded', passedAt: day(-80) });
  await api(server, 'POST', `/challenges/${a.id}/payouts`, { amount: 1850, currency: 'USD', date: day(-45) });
  await api(server, 'POST', `/challenges/${a.id}/payouts`, { amount: 2240.5, currency: 'USD', date: day(-12) });
  const acct = await api(server, 'POST', '/accounts', {
    login: '5012345',
    server: 'FTMO-Server3',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: a.id,
    name: 'FTMO funded 100k',
  });
  let balance = 100000;
  for (let d = -29; d <= 0; d++) {
    if (d % 7 === -1 || d % 7 === 0 || d === -17) continue; // weekends and a missed day stay gaps
    const pnl = Math.round(Math.sin(d * 1.3) * 650 + 180);
    balance += pnl;
    await api(server, 'POST', `/accounts/${acct.id}/reports`, {
      date: day(d),
      balance,
      equity: balance - Math.round(Math.abs(Math.cos(d)) * 300),
      closedPnl: pnl,
    });
  }
  await api(server, 'POST', `/challenges/${a.id}/memos`, { content: 'Phase 1 passed on day 9. Risk 0.5% per trade.' });
  await seedLedger(server, a.id, b.id);
  return a.id;
}

/** Fees, a refund, a reset, a denied payout and daily USD/EUR→JPY rates: the Analytics page has every part to show. */
async function seedLedger(server: RunningServer, funded: string, failed: string) {
  await api(server, 'POST', `/challenges/${funded}/costs`, { kind: 'reset_fee', amount: 99, currency: 'USD', date: day(-110) });
  await api(server, 'POST', `/challenges/${funded}/costs`, { kind: 'refund', amount: 540, currency: 'USD', date: day(-44) });
  const reset = await api(server, 'POST', '/challenges', {
    firm: 'The5ers',
    plan: 'Hyper Growth 10k',
    price: 195,
    resetOf: failed,
    purchasedAt: day(-70),
  });
  await api(server, 'PATCH', `/challenges/${reset.id}`, { phase: 'Phase 2', changedAt: day(-50) });
  const asked = await api(server, 'POST', `/challenges/${funded}/payouts`, {
    amount: 900,
    currency: 'USD',
    date: day(-5),
    status: 'requested',
  });
  await api(server, 'PATCH', `/payouts/${asked.id}`, { status: 'denied', deniedReason: 'consistency rule' });
  const lines = ['date,base,quote,rate'];
  for (let d = -130; d <= 0; d++)
    lines.push(
      `${day(d)},USD,JPY,${(150 + Math.sin(d / 9) * 4).toFixed(2)}`,
      `${day(d)},EUR,JPY,${(162 + Math.cos(d / 11) * 3).toFixed(2)}`,
    );
  await api(server, 'POST', '/me/fx-rates', { csv: `${lines.join('\n')}\n` });
}

/** What only the dashboard does (deleting into the trash, inviting), through /app/api as the signed-in page. */
async function seedDashboard(page: Page, server: RunningServer) {
  const { csrfToken } = (await (await page.request.get('/app/api/me')).json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: server.origin };
  const gone = await api(server, 'POST', '/challenges', { firm: 'Funding Pips', plan: '2-Step 50k', price: 289, purchasedAt: day(-20) });
  await api(server, 'POST', `/challenges/${gone.id}/payouts`, { amount: 410, currency: 'USD', date: day(-3) });
  for (const res of [
    await page.request.delete(`/app/api/challenges/${gone.id}`, { headers }),
    await page.request.post('/app/api/admin/invites', { headers, data: { email: 'friend@example.com', days: 7 } }),
  ]) {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  }
}

async function shot(page: Page, path: string, width: number, target?: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  if (target) await page.locator(target).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

const LANGS = ['en', 'ja'] as const;
const WIDTHS = [1280, 375] as const;
/** A challenge's page: none yet in the empty state (its not-found state), the funded FTMO one afterwards. */
let challengePath = '/challenges/00000000-0000-4000-8000-000000000000';
/** [name, path, path showing the empty state when it differs]. */
const PAGES: [string, string | (() => string), string?][] = [
  ['overview', '/'],
  ['challenges', '/challenges'],
  ['challenge', () => challengePath],
  ['pnl', '/pnl'],
  ['payouts', '/payouts'],
  ['analytics', '/analytics'],
  ['analytics-jpy', '/analytics?currency=JPY'],
  ['trash', '/trash'],
  ['admin', '/admin'],
  ['plans', '/plans', '/plans?firm=nosuchfirm'],
  ['articles', '/articles?q=出金', '/articles?q=存在しない言葉'],
  ['ea', '/ea'],
];
const API = /\/(app\/api|api\/v1)\//;
const problem500 = JSON.stringify({
  type: 'about:blank',
  title: 'Internal Server Error',
  status: 500,
  code: 'internal_error',
  detail: 'Something failed on the server (forced by the screenshot script).',
});

/** Every page in both languages and widths, after `prepare` ran for each visit. */
async function review(
  page: Page,
  state: string,
  opts: { paths?: 'empty'; ready?: (page: Page) => Promise<void>; widths?: readonly number[] } = {},
) {
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const [name, path, emptyPath] of PAGES) {
      await page.goto(opts.paths === 'empty' && emptyPath ? emptyPath : typeof path === 'string' ? path : path());
      if (opts.ready) await opts.ready(page);
      // A challenge that does not exist has no heading, only its error state.
      else await page.locator('main h1, main .state-error').first().waitFor();
      for (const width of opts.widths ?? WIDTHS) await shot(page, `${REVIEW}/${name}-${state}-${lang}-${width}.png`, width);
    }
  }
}

async function withRoute(context: BrowserContext, handler: (route: Route) => Promise<void>, body: () => Promise<void>) {
  await context.route(API, handler);
  try {
    await body();
  } finally {
    await context.unroute(API, handler);
  }
}

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
const consoleErrors: string[] = [];
try {
  await mkdir(REVIEW, { recursive: true });
  const context = await browser.newContext({ baseURL: server.origin, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  await page.goto(server.setupUrl.replace(/^http:\/\/[^/]+/, ''));
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

  // A new owner with nothing recorded yet: every page's empty state.
  await review(page, 'empty', { paths: 'empty' });

  challengePath = `/challenges/${await seed(server)}`;
  await seedDashboard(page, server);
  await page.evaluate(() => localStorage.setItem('propfolio.lang', 'en'));
  await page.goto('/');
  await page.locator('.chart canvas').first().waitFor();
  await shot(page, `${ROOT}/docs/overview.png`, 1280);
  await page.goto('/pnl');
  await page.locator('.chart canvas').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${ROOT}/docs/pnl.png`, clip: { x: 0, y: 0, width: 1280, height: 860 } });
  await page.getByLabel('Key name').fill('Claude Code');
  await page.getByLabel('Scope').selectOption('full');
  await page.getByRole('button', { name: 'Issue key' }).click();
  await page.getByTestId('new-secret').waitFor();
  await shot(page, `${ROOT}/docs/ea-integration.png`, 1280, '#ea-integration');
  await page.goto('/analytics');
  await page.locator('.chart canvas').nth(1).waitFor();
  await shot(page, `${ROOT}/docs/analytics.png`, 1280);

  await review(page, 'data');

  // The API answers 500 to everything but the session: each page's error state (after its retries).
  await withRoute(
    context,
    (route) =>
      new URL(route.request().url()).pathname === '/app/api/me'
        ? route.continue()
        : route.fulfill({ status: 500, contentType: 'application/problem+json', body: problem500 }),
    // Queries retry a 500 twice before showing the error; the EA assistant makes no call until asked.
    () =>
      review(page, 'error', {
        ready: (p) =>
          p
            .locator('.state-error')
            .first()
            .waitFor({ timeout: 15_000 })
            .catch(() => p.locator('main h1').first().waitFor()),
      }),
  );
  // Nothing answers at all (server stopped), the session included: what a signed-in page shows.
  await withRoute(
    context,
    (route) => route.abort('connectionrefused'),
    async () => {
      for (const lang of LANGS) {
        await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
        await page.goto('/challenges');
        await page.waitForLoadState('networkidle');
        for (const width of WIDTHS) await shot(page, `${REVIEW}/challenges-offline-${lang}-${width}.png`, width);
      }
    },
  );
  // Answers held back: the loading state, at phone width.
  const held: Route[] = [];
  await withRoute(
    context,
    async (route) => {
      if (new URL(route.request().url()).pathname === '/app/api/me') await route.continue();
      else held.push(route);
    },
    async () => {
      for (const lang of LANGS) {
        await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
        for (const [name, path] of PAGES) {
          await page.goto(typeof path === 'string' ? path : path());
          await page.locator('main h1, main .state-loading').first().waitFor();
          await page.setViewportSize({ width: 375, height: 900 });
          await page.screenshot({ path: `${REVIEW}/${name}-loading-${lang}-375.png` });
          for (const route of held.splice(0)) await route.abort().catch(() => undefined);
        }
      }
    },
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
if (consoleErrors.length) {
  console.error(`Console errors while taking screenshots:\n${consoleErrors.join('\n')}`);
  process.exitCode = 1;
}
