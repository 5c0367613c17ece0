/**
 * Review shots of the coach (P&L page and a challenge page with rule headroom, pass probability, the rules
 * editor and a statement preview) at 375 and 1280 px in Japanese and English, from the built server on a
 * fresh database. Written outside the repository, to the directory given (default /tmp/coach-screens):
 *   npx tsx apps/web/scripts/coach-screenshots.ts [/tmp/coach-screens]
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.js';
import { startServer, type RunningServer } from '../e2e/server.js';

const OUT = resolve(process.argv[2] ?? '/tmp/coach-screens');
const STATEMENT = resolve(import.meta.dirname, '../../../libs/mt-statements/test/fixtures/ReportHistory-51234567.html');
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

/** An FTMO 2-Step 100k phase 1 with 30 reported days and a snapshot with a floating loss; a statement account. */
async function seed(server: RunningServer) {
  const challenge = await api(server, 'POST', '/challenges', {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    planId: 'ftmo-2-step-100000',
    purchasedAt: day(-45),
  });
  const account = await api(server, 'POST', '/accounts', {
    login: '5012345',
    server: 'FTMO-Server3',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
    name: 'FTMO 100k phase 1',
  });
  let balance = 100000;
  for (let d = -30; d <= -1; d++) {
    const pnl = Math.round(Math.sin(d * 1.3) * 650 + 120);
    balance += pnl;
    await api(server, 'POST', `/accounts/${account.id}/reports`, { date: day(d), balance, equity: balance, closedPnl: pnl });
  }
  await api(server, 'POST', `/accounts/${account.id}/snapshots`, {
    at: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    balance,
    equity: balance - 2350,
  });
  const old = await api(server, 'POST', '/challenges', {
    firm: 'FTMO',
    plan: '2-Step 10k',
    price: 155,
    planId: 'ftmo-2-step-100000',
    purchasedAt: '2024-03-01',
  });
  await api(server, 'POST', '/accounts', {
    login: '51234567',
    server: 'MetaQuotes-Demo',
    currency: 'USD',
    initialBalance: 10000,
    challengeId: old.id,
    name: 'Statement account',
  });
  return challenge.id;
}

/** The whole page, and each coach section on its own (a full page at 375 px is too tall to read in one image). */
async function shot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
    const sections = {
      headroom: 'section.headroom',
      pass: 'section.pass-panel',
      rules: 'details#rules',
      chart: 'section[aria-labelledby="series-h"]',
      tracker: 'section[aria-labelledby="tracker-h"]',
    };
    for (const [part, selector] of Object.entries(sections)) {
      const el = page.locator(selector).first();
      if ((await el.count()) > 0 && (await el.isVisible())) await el.screenshot({ path: `${OUT}/${name}-${part}-${width}.png` });
    }
  }
}

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
const errors: string[] = [];
try {
  await mkdir(OUT, { recursive: true });
  const context = await browser.newContext({ baseURL: server.origin, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  await page.goto(server.setupUrl.replace(/^http:\/\/[^/]+/, ''));
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  const challengeId = await seed(server);
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    await page.goto('/pnl');
    await page.getByRole('button', { name: 'FTMO 100k phase 1' }).click();
    await page.locator('details.what-if > summary').first().click();
    await page.getByTestId('what-if').locator('strong').waitFor();
    await shot(page, `pnl-${lang}`);
    await page.goto(`/challenges/${challengeId}#rules`);
    // The challenge page as a trader first sees it: the what-if folded (the P&L shot shows it open).
    await page.getByTestId('pass-probability').locator('strong').waitFor();
    await page.getByTestId('rules-table').waitFor();
    await shot(page, `challenge-${lang}`);
    await page.goto('/pnl');
    await page.getByRole('button', { name: 'Statement account' }).click();
    await page.locator('#statement-import input[type=file]').setInputFiles(STATEMENT);
    await page.getByTestId('import-preview').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#statement-import').screenshot({ path: `${OUT}/import-${lang}-1280.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(300);
    await page.locator('#statement-import').screenshot({ path: `${OUT}/import-${lang}-375.png` });
    // The coach panels' own states on the challenge page: loading (answers held back) and error (a 503).
    const coachRoutes = /\/app\/api\/challenges\/[^/]+\/(headroom|simulations)(\?.*)?$/;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(coachRoutes, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/challenges/${challengeId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, `challenge-loading-${lang}`);
    release();
    await page.unroute(coachRoutes);
    await page.route(coachRoutes, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Service unavailable',
          status: 503,
          code: 'service_unavailable',
          detail: 'Try again.',
        }),
      }),
    );
    await page.goto(`/challenges/${challengeId}`);
    await page
      .getByRole('button', { name: lang === 'ja' ? '再試行' : 'Try again' })
      .first()
      .waitFor();
    await shot(page, `challenge-error-${lang}`);
    await page.unroute(coachRoutes);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
if (errors.length) {
  console.error(`Console errors:\n${errors.join('\n')}`);
  process.exitCode = 1;
}
console.log(`Screenshots in ${OUT}`);
