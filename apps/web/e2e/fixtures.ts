import { test as base, expect, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';
import { EXPECT_TIMEOUT_MS } from './timeouts.js';

export const OWNER = { email: 'owner@example.com', password: 'correct horse battery' };

interface Fixtures {
  server: RunningServer;
  /** Console errors and uncaught exceptions seen during the test (asserted empty at its end). */
  consoleErrors: string[];
}

/**
 * Chromium itself logs "Failed to load resource" for every 4xx answer, including the ones the app
 * expects and shows as a state (a validation 400, the firm check's refusal, a 404 page). Those are
 * network log lines, not script errors; everything else on the console fails the test.
 */
const expectedNetworkNoise = (msg: ConsoleMessage, origin: string) =>
  msg.text().startsWith('Failed to load resource: the server responded with a status of 4') &&
  /^(\/app\/api\/|\/api\/v1\/)/.test(msg.location().url.replace(origin, ''));

export const test = base.extend<Fixtures>({
  // Its own timeout: on a loaded machine starting a fresh database can take a while.
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one even when empty.
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { timeout: 600_000 },
  ],
  consoleErrors: async ({ page, server }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !expectedNetworkNoise(msg, server.origin)) errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
  baseURL: async ({ server }, use) => use(server.origin),
  locale: 'en-US',
});
export { expect };

/** First-run setup through the page the setup link opens; leaves the browser signed in as the owner. */
export async function setUpOwner(page: Page, server: RunningServer) {
  await page.goto(server.setupUrl.replace(/^http:\/\/[^/]+/, ''));
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

/** A challenge created over /api/v1 with the owner's key. */
export async function apiCreateChallenge(server: RunningServer, body: Record<string, unknown>) {
  const res = await fetch(`${server.origin}/api/v1/challenges`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.ownerKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create_challenge answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** The `code` of a problem+json answer, from fetch's Response or Playwright's APIResponse. */
/** A calendar date `offset` days from today (UTC), as the API's dates are written. */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A challenge on a catalog plan bought ten days ago with one 100,000 USD account, as a tracker leaves it: yesterday
 * reported flat at 100,000, then a snapshot a minute ago with `equity` (and `snapshot`'s other fields). The account's id.
 */
export async function seedTrackedAccount(
  server: RunningServer,
  plan: { planId: string; firm: string; plan: string; price: number },
  account: { login: string; server: string; name: string },
  equity: number,
  snapshot: Record<string, unknown> = {},
): Promise<string> {
  const challenge = await apiCreateChallenge(server, { ...plan, purchasedAt: dayFromToday(-10) });
  const created = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    ...account,
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  await apiCall(server, 'POST', `/accounts/${id}/reports`, { date: dayFromToday(-1), balance: 100000, equity: 100000, closedPnl: 0 });
  const pushed = await apiCall(server, 'POST', `/accounts/${id}/snapshots`, {
    at: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    balance: 100000,
    equity,
    ...snapshot,
  });
  expect(pushed.status).toBe(200);
  return id;
}

export async function problemCode(res: { json(): Promise<unknown> }): Promise<unknown> {
  const problem = (await res.json()) as { code?: unknown };
  return problem.code;
}

/** Any owner-key call over /api/v1 (seeding data the way an agent or the EA would). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T is the caller's statement of the JSON shape, the one unchecked cast these seeding calls need.
export async function apiCall<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  key = server.ownerKey,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.origin}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Nothing scrolls sideways at the current width: not the page, and not a table inside its own box either. */
export async function expectNoHorizontalScroll(page: Page) {
  // Measured until the layout has settled: right after a resize a chart keeps its old width until its
  // ResizeObserver redraws it (a 1,143 px canvas in a 375 px window, once in CI); a real overflow never settles.
  // toPass retries without end by default: bounded like every other expectation (the config's expect timeout).
  await expect(async () => {
    const { scroll, width, tables } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      tables: [...document.querySelectorAll('.table-wrap')].map((box) => ({ scroll: box.scrollWidth, width: box.clientWidth })),
    }));
    expect(scroll, `page is ${scroll}px wide in a ${width}px window`).toBeLessThanOrEqual(width);
    for (const table of tables)
      expect(table.scroll, `a table is ${table.scroll}px wide in its ${table.width}px box`).toBeLessThanOrEqual(table.width);
  }).toPass({ timeout: EXPECT_TIMEOUT_MS });
}

/**
 * A uPlot legend as it reads on screen, one entry a shown row: its name, the colon uPlot draws after it (a
 * pseudo-element, absent from the text) and its value. "Pass:" with nothing after it was the defect.
 */
export async function legendText(chart: Locator): Promise<string[]> {
  return chart.locator('.u-legend .u-series').evaluateAll((rows) =>
    rows
      .filter((row) => getComputedStyle(row).display !== 'none')
      .map((row) => {
        const name = row.querySelector('th');
        const value = row.querySelector<HTMLElement>('.u-value');
        const colon = name ? getComputedStyle(name, '::after').content.replace(/^"(.*)"$/, '$1') : '';
        const shown = value && getComputedStyle(value).display !== 'none' ? value.textContent : '';
        return `${name?.textContent ?? ''}${colon === 'none' || colon === 'normal' ? '' : colon} ${shown}`.trim();
      }),
  );
}

/** One MCP tools/call over Streamable HTTP (stateless server: no initialize needed); no key for public tools. */
export async function mcpCall(origin: string, name: string, args: Record<string, unknown> = {}, key?: string) {
  const res = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  const json = text.trim().startsWith('{') ? text : (text.split('\n').find((l) => l.startsWith('data: ')) ?? 'data: null').slice(6);
  return { status: res.status, body: JSON.parse(json) as { result?: { isError?: boolean; structuredContent?: unknown } } };
}
