import type { Page } from '@playwright/test';
import type { RunningServer } from './server.js';
import { apiCall, dayFromToday, expect, setUpOwner, test } from './fixtures.js';

/**
 * Cumulative layout shift of every signed-in page with data in it, at 375 and 1280 px: a page that moves under the
 * reader's finger while its charts and coach panels load is the defect (issue 42: CLS < 0.1). The score is the
 * browser's own definition (the largest session window of layout-shift entries not caused by input), read by a
 * PerformanceObserver installed before the page's first script runs.
 */
const CLS_BOUND = 0.1;
/** Pages allowed over the bound, each with its reason (none now: Plan fit's ranked block keeps a screen while it loads). */
const KNOWN_OVER = new Set<string>();
const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

declare global {
  interface Window {
    __shifts?: { value: number; startTime: number; sources: string[] }[];
  }
}

/** Registered before any page script: every layout shift of the document, with the elements that moved. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((s) => {
        const el = s.node instanceof Element ? s.node : (s.node?.parentElement ?? null);
        if (!el) return '?';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const named = el.getAttribute('aria-labelledby') ?? el.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}${named ? `[${named}]` : ''}`;
      });
      window.__shifts?.push({ value: entry.value, startTime: entry.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window (gaps under 1 s, at most 5 s long), as Chrome scores CLS; and what moved. */
async function clsOf(page: Page): Promise<{ cls: number; sources: string[] }> {
  // Two frames: shifts of the last paint are reported to the observer after it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.startTime - last > 1000 || s.startTime - start > 5000) {
      current = 0;
      start = s.startTime;
    }
    current += s.value;
    last = s.startTime;
    best = Math.max(best, current);
  }
  const sources = shifts.filter((s) => s.value > 0.001).map((s) => `${s.value.toFixed(3)} ${s.sources.join(' ')}`);
  return { cls: best, sources };
}

const position = (id: string, closedAt: number, over: Record<string, unknown>) => ({
  position: id,
  symbol: 'USDJPY',
  side: 'buy',
  volume: 1,
  openedAt: iso(closedAt - 30 * MINUTE),
  closedAt: iso(closedAt),
  openPrice: 150,
  closePrice: 150.2,
  stopLoss: 149.8,
  takeProfit: 150.6,
  commission: 0,
  swap: 0,
  fee: 0,
  profit: 0,
  ...over,
});

/**
 * Real-shaped data: a Fintokei ¥5,000,000 account (7-digit yen on every axis) with thirty trades over thirty days
 * and daily reports, and an FTMO 100k USD account with a snapshot; a payout. The yen account's id and one trade's.
 */
async function seed(server: RunningServer) {
  const now = Date.now();
  // The USD account first: P&L opens on the newest account, the yen one whose axes are checked.
  const usdChallenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: 'FTMO',
    plan: 'FTMO 2-Step 100k',
    price: 540,
    currency: 'USD',
    purchasedAt: dayFromToday(-12),
  });
  expect(usdChallenge.status).toBe(201);
  const usd = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '880002',
    server: 'FTMO-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: usdChallenge.body.id,
    name: 'FTMO 100k',
  });
  expect(usd.status).toBe(201);
  await apiCall(server, 'POST', `/accounts/${usd.body.id}/reports`, {
    date: dayFromToday(-1),
    balance: 100000,
    equity: 100000,
    closedPnl: 0,
  });
  await apiCall(server, 'POST', `/accounts/${usd.body.id}/snapshots`, { at: iso(now - MINUTE), balance: 100000, equity: 99400 });

  const yenChallenge = await apiCall<{ id: string }>(server, 'POST', '/challenges', {
    firm: 'Fintokei',
    plan: 'ProTrader 5M',
    price: 99800,
    currency: 'JPY',
    purchasedAt: dayFromToday(-35),
  });
  expect(yenChallenge.status).toBe(201);
  const rules = {
    dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'Asia/Tokyo', time: '00:00' } },
    maxLoss: { percent: 10, type: 'static' },
  };
  expect((await apiCall(server, 'PATCH', `/challenges/${yenChallenge.body.id}/rules`, { rules })).status).toBe(200);
  const yen = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '880001',
    server: 'Fintokei-Demo',
    currency: 'JPY',
    initialBalance: 5000000,
    challengeId: yenChallenge.body.id,
    name: 'Fintokei 5M',
  });
  expect(yen.status).toBe(201);
  const profits = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? -48000 : 61000) + i * 1000);
  const pushed = await apiCall(server, 'POST', `/accounts/${yen.body.id}/positions`, {
    positions: profits.map((profit, i) =>
      position(String(i + 1), now - (30 - i) * DAY, { profit, side: i % 2 ? 'sell' : 'buy', symbol: i % 4 ? 'USDJPY' : 'GBPJPY' }),
    ),
  });
  expect(pushed.status).toBe(200);
  let balance = 5000000;
  for (let i = 0; i < 30; i++) {
    balance += profits[i] ?? 0;
    await apiCall(server, 'POST', `/accounts/${yen.body.id}/reports`, {
      date: dayFromToday(i - 30),
      balance,
      equity: balance,
      closedPnl: profits[i],
    });
  }
  expect(
    (await apiCall(server, 'POST', `/accounts/${yen.body.id}/snapshots`, { at: iso(now - MINUTE), balance, equity: balance - 23456 }))
      .status,
  ).toBe(200);

  const list = await apiCall<{ items: { id: string }[] }>(server, 'GET', `/trades?accountId=${yen.body.id}`);
  const tradeId = list.body.items[0]?.id ?? '';
  expect(tradeId).not.toBe('');
  return { yenAccountId: yen.body.id, yenChallengeId: yenChallenge.body.id, tradeId };
}

/** Every signed-in page of router.tsx with what shows once its data is in (never a fixed wait). LAYOUT_ONLY=Trades,P&L runs some. */
const pages = (ids: Awaited<ReturnType<typeof seed>>) => [
  { name: 'Overview', path: '/', ready: (p: Page) => p.getByTestId('cockpit') },
  { name: 'Challenges', path: '/challenges', ready: (p: Page) => p.getByText('ProTrader 5M').first() },
  { name: 'Challenge', path: `/challenges/${ids.yenChallengeId}`, ready: (p: Page) => p.getByText('ProTrader 5M').first() },
  { name: 'P&L', path: '/pnl', ready: (p: Page) => p.getByTestId('cockpit') },
  { name: 'Trades', path: `/trades?accountId=${ids.yenAccountId}`, ready: (p: Page) => p.getByTestId('stats-counts') },
  { name: 'Trade', path: `/trades/${ids.tradeId}`, ready: (p: Page) => p.getByText(/JPY/).first() },
  { name: 'Payouts', path: '/payouts', ready: (p: Page) => p.locator('main h1') },
  { name: 'Analytics', path: '/analytics', ready: (p: Page) => p.locator('main h1') },
  { name: 'Alerts', path: '/alerts', ready: (p: Page) => p.locator('main h1') },
  { name: 'Plan fit', path: '/plan-fit', ready: (p: Page) => p.locator('main h1') },
  { name: 'Trash', path: '/trash', ready: (p: Page) => p.locator('main h1') },
  { name: 'Admin', path: '/admin', ready: (p: Page) => p.locator('main h1') },
];

/** Loaded: the page's own element is there, no read is still under way, and every chart has drawn its canvas. */
async function settle(page: Page, ready: (p: Page) => ReturnType<Page['locator']>) {
  await expect(ready(page)).toBeVisible();
  await expect(page.locator('.state-loading')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('.uplot')].every((u) => u.querySelector('canvas') !== null)))
    .toBe(true);
}

/**
 * The yen account's daily and balance charts on P&L (in that order): uPlot draws its axis labels on the canvas, so what is measured is
 * the room the plot leaves on its left (the y-axis's width) against the widest 7-digit yen label ("8,888,888" in
 * uPlot's axis font) plus the tick (10 px) and gap (5 px) drawn beside it.
 */
const yAxes = (page: Page) =>
  page.locator('section[aria-labelledby="series-h"] .uplot').evaluateAll((charts) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (ctx) ctx.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
    const need = Math.ceil(ctx?.measureText('8,888,888').width ?? Infinity) + 15;
    const rooms = charts.map((chart) => {
      const over = chart.querySelector('.u-over');
      return over ? over.getBoundingClientRect().left - chart.getBoundingClientRect().left : 0;
    });
    return { need, rooms };
  });

test('every page holds still while its data loads: CLS < 0.1 at 375 and 1280 px', async ({ page, server, consoleErrors }) => {
  test.setTimeout(600_000);
  await setUpOwner(page, server);
  const ids = await seed(server);
  await page.addInitScript(observeShifts);
  const over: string[] = [];
  const only = process.env.LAYOUT_ONLY?.split(',');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const p of pages(ids).filter((q) => only === undefined || only.includes(q.name))) {
      await page.goto(`${server.origin}${p.path}`);
      await settle(page, p.ready);
      const { cls, sources } = await clsOf(page);
      const line = `${p.name} @${String(width)}: ${cls.toFixed(4)}${sources.length ? ` (${sources.join('; ')})` : ''}`;
      // Every page's score in the run's output, the figures the issue asks to report.
      console.log(line);
      if (cls >= CLS_BOUND && !KNOWN_OVER.has(`${p.name} @${String(width)}`)) over.push(line);
      if (p.name === 'P&L') {
        // The daily bars (tens of thousands of yen) need less; the balance line, about ¥5,400,000, needs the full room.
        const { need, rooms } = await yAxes(page);
        console.log(
          `P&L @${String(width)} y-axes (daily, balance): ${rooms.map((r) => r.toFixed(0)).join(', ')} px; 7 digits need ${String(need)}`,
        );
        expect(rooms, `P&L @${String(width)}: the daily and balance charts`).toHaveLength(2);
        expect(rooms[1], `P&L @${String(width)}: the balance axis's room for ¥8,888,888`).toBeGreaterThanOrEqual(need);
      }
    }
  }
  expect(over, `pages over CLS ${String(CLS_BOUND)}`).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
