/**
 * Writes the README's screenshots (docs/overview.png, docs/pnl.png, docs/ea-integration.png, docs/analytics.png) from the
 * built server on a fresh database with sample records, plus review shots at 375 px and in Japanese
 * under apps/web/test-results/screens. Run: npm run build && npx nx run @propfolio/web:screenshots
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
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

/** Seeds the sample records; answers the funded challenge's id (its detail page shows every ledger form). */
async function seed(server: RunningServer): Promise<string> {
  const a = await api(server, 'POST', '/challenges', { firm: 'FTMO', plan: '2-Step 100k', price: 540, listPrice: 600, couponCode: 'SAVE10', purchasedAt: day(-120) });
  const b = await api(server, 'POST', '/challenges', { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260, purchasedAt: day(-75) });
  await api(server, 'POST', '/challenges', { firm: 'FundedNext', plan: 'Stellar 2-Step 25k', price: 199, purchasedAt: day(-40) });
  await api(server, 'POST', '/challenges', { firm: 'Alpha Capital', plan: 'Alpha Pro 50k', price: 99, billing: 'monthly', purchasedAt: day(-95), currency: 'EUR' });
  await api(server, 'PATCH', `/challenges/${b.id}`, { status: 'failed' });
  await api(server, 'PATCH', `/challenges/${a.id}`, { phase: 'Funded', passedAt: day(-80) });
  await api(server, 'POST', `/challenges/${a.id}/payouts`, { amount: 1850, currency: 'USD', date: day(-45) });
  await api(server, 'POST', `/challenges/${a.id}/payouts`, { amount: 2240.5, currency: 'USD', date: day(-12) });
  await seedLedger(server, a.id, b.id);
  const acct = await api(server, 'POST', '/accounts', { login: '5012345', server: 'FTMO-Server3', currency: 'USD', initialBalance: 100000, challengeId: a.id, name: 'FTMO funded 100k' });
  let balance = 100000;
  for (let d = -29; d <= 0; d++) {
    if (d % 7 === -1 || d % 7 === 0 || d === -17) continue; // weekends and a missed day stay gaps
    const pnl = Math.round(Math.sin(d * 1.3) * 650 + 180);
    balance += pnl;
    await api(server, 'POST', `/accounts/${acct.id}/reports`, { date: day(d), balance, equity: balance - Math.round(Math.abs(Math.cos(d)) * 300), closedPnl: pnl });
  }
  return a.id;
}

/** Fees, a refund, a reset, a denied payout and daily USD/EUR→JPY rates: the Analytics page has every part to show. */
async function seedLedger(server: RunningServer, funded: string, failed: string) {
  await api(server, 'POST', `/challenges/${funded}/costs`, { kind: 'reset_fee', amount: 99, currency: 'USD', date: day(-110) });
  await api(server, 'POST', `/challenges/${funded}/costs`, { kind: 'refund', amount: 540, currency: 'USD', date: day(-44) });
  const reset = await api(server, 'POST', '/challenges', { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 195, resetOf: failed, purchasedAt: day(-70) });
  await api(server, 'PATCH', `/challenges/${reset.id}`, { phase: 'Phase 2', changedAt: day(-50) });
  const asked = await api(server, 'POST', `/challenges/${funded}/payouts`, { amount: 900, currency: 'USD', date: day(-5), status: 'requested' });
  await api(server, 'PATCH', `/payouts/${asked.id}`, { status: 'denied', deniedReason: 'consistency rule' });
  const lines = ['date,base,quote,rate'];
  for (let d = -130; d <= 0; d++) lines.push(`${day(d)},USD,JPY,${(150 + Math.sin(d / 9) * 4).toFixed(2)}`, `${day(d)},EUR,JPY,${(162 + Math.cos(d / 11) * 3).toFixed(2)}`);
  await api(server, 'POST', '/me/fx-rates', { csv: `${lines.join('\n')}\n` });
}

async function shot(page: Page, path: string, width: number, target?: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  if (target) await page.locator(target).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const funded = await seed(server);
  await mkdir(REVIEW, { recursive: true });
  const context = await browser.newContext({ baseURL: server.origin, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.setupUrl.replace(/^http:\/\/[^/]+/, ''));
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.locator('.lang select').selectOption('en');

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

  for (const lang of ['en', 'ja'] as const) {
    await page.locator('.lang select').selectOption(lang);
    for (const [name, path] of [['overview', '/'], ['challenges', '/challenges'], ['pnl', '/pnl'], ['plans', '/plans'], ['articles', '/articles?q=出金'], ['ea', '/ea'], ['trash', '/trash'], ['payouts', '/payouts'], ['analytics', '/analytics'], ['analytics-jpy', '/analytics?currency=JPY'], ['challenge', `/challenges/${funded}`]] as const) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      for (const width of [1280, 375]) await shot(page, `${REVIEW}/${name}-${lang}-${width}.png`, width);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
