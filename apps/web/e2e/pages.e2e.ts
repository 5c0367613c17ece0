import type { Page } from '@playwright/test';
import { apiCall, apiCreateChallenge, expect, legendText, setUpOwner, test } from './fixtures.js';

/** Screenshots for review only (never committed). */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-F/${name}.png`, fullPage: true });
/**
 * Katakana words (three characters or more) the page draws across two lines: each text node's runs of katakana,
 * measured by their line boxes. "プロフィットファクター" once lost its last mora to the next line at 375 px.
 */
const brokenKatakanaWords = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[\u30A0-\u30FF]{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(`${match[0]} in <${node.parentElement?.tagName.toLowerCase() ?? '?'}> “${node.textContent ?? ''}”`);
      }
    }
    return broken;
  });
/**
 * Every stop of the page's Tab order from the top (up to 120), named when it shows no ring: an outline of 2 px or
 * more on the control, or on the span a hidden radio or file input draws itself with.
 */
async function controlsWithoutRing(page: Page): Promise<{ stops: number; missing: string[] }> {
  // a fresh load: the Tab order starts at the top of the page
  await page.reload();
  await expect(page.locator('table.trades')).toBeVisible();
  const missing: string[] = [];
  let stops = 0;
  for (; stops < 120; stops++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const drawn = el.matches('.segmented input, .file-field input')
        ? (el.nextElementSibling?.querySelector('.button') ?? el.nextElementSibling)
        : el;
      const style = drawn ? getComputedStyle(drawn) : null;
      const ring = style !== null && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return { ring, name: `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 40)}”` };
    });
    if (seen === null) break;
    if (!seen.ring) missing.push(seen.name);
  }
  return { stops, missing };
}
const setLang = async (page: Page, lang: 'ja' | 'en') => {
  await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
  await page.reload();
};

// A New York evening is already tomorrow in UTC: the chart's day is the viewer's.
test.describe('in New York at 22:00 on Nov 28 (03:00 UTC on Nov 29)', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('Overview’s chart ends on the viewer’s day', async ({ page, server, consoleErrors }) => {
    await page.clock.setFixedTime(new Date('2026-11-29T03:00:00Z'));
    await setUpOwner(page, server);
    await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540, currency: 'EUR', purchasedAt: '2026-11-20' });
    await setLang(page, 'en');
    const chart = page.locator('figure', { hasText: 'EUR' });
    await expect.poll(() => legendText(chart)).toContain('Day: Nov 28, 2026');
    await shot(page, 'overview-en-1280');
    await setLang(page, 'ja');
    await expect.poll(() => legendText(page.locator('figure', { hasText: 'EUR' }))).toContain('日付: 2026/11/28');
    await shot(page, 'overview-ja-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => legendText(page.locator('figure', { hasText: 'EUR' }))).toContain('日付: 2026/11/28');
    await shot(page, 'overview-ja-375');
    await setLang(page, 'en');
    await expect.poll(() => legendText(page.locator('figure', { hasText: 'EUR' }))).toContain('Day: Nov 28, 2026');
    await shot(page, 'overview-en-375');
    expect(consoleErrors).toEqual([]);
  });
});

for (const width of [1280, 375]) {
  test(`Trades at ${String(width)} px: prices with the symbol's digits, counters and plurals, the skip link and a focus ring`, async ({
    page,
    server,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await setUpOwner(page, server);
    const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
      login: '5550002',
      server: 'Digits-Demo',
      currency: 'USD',
      initialBalance: 10000,
    });
    const base = {
      side: 'buy',
      volume: 1,
      stopLoss: null,
      takeProfit: null,
      commission: 0,
      swap: 0,
      fee: 0,
      comment: '',
      magic: 0,
      mae: null,
      mfe: null,
    };
    await apiCall(server, 'POST', `/accounts/${account.body.id}/positions`, {
      positions: [
        {
          ...base,
          position: '1',
          symbol: 'EURUSD',
          openedAt: '2026-03-02T00:30:00Z',
          closedAt: '2026-03-02T02:00:00Z',
          openPrice: 1.089,
          closePrice: 1.0862,
          profit: -280,
        },
        {
          ...base,
          position: '2',
          symbol: 'USDJPY',
          openedAt: '2026-03-03T08:00:00Z',
          closedAt: '2026-03-03T09:00:00Z',
          openPrice: 150.1,
          closePrice: 150.25,
          profit: 100,
        },
      ],
    });
    for (const lang of ['en', 'ja'] as const) {
      await page.goto('/trades');
      await setLang(page, lang);
      // a table at 1280 px, one compact card a trade on a phone
      const list = page.locator(width < 640 ? '.trade-cards' : 'table.trades');
      await expect(list.getByText('1.08900 → 1.08620')).toBeVisible();
      await expect(list.getByText('150.100 → 150.250')).toBeVisible();
      await expect(
        page.locator(lang === 'en' ? '[aria-label*="2 trades in 2 ranges of equal width"]' : '[aria-label*="等幅の2区間に分けて"]'),
      ).toHaveCount(1);
      // the skip link, then one Tab: the list's export, then its first sortable column
      await page.getByRole('link', { name: lang === 'en' ? 'Go to the trade list ↓' : 'トレード一覧へ移動 ↓' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#trade-list')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Export CSV' : 'CSVで書き出す' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(
        width < 640 ? page.getByLabel(lang === 'en' ? 'Sort by' : '並べ替え') : page.locator('table.trades thead button').first(),
      ).toBeFocused();
      // a date field shows the ring at every stop inside it, its calendar button included
      const from = page.getByLabel(lang === 'en' ? 'Closed from' : '決済日（から）', { exact: true });
      await from.focus();
      for (let stop = 0; stop < 6 && (await from.evaluate((el) => el === document.activeElement)); stop++) {
        const ring = await from.evaluate((el) => {
          const style = getComputedStyle(el);
          return `${style.outlineStyle} ${style.outlineWidth}`;
        });
        expect(ring).toBe('solid 3px');
        await page.keyboard.press('Tab');
      }
      if (lang === 'ja') expect(await brokenKatakanaWords(page)).toEqual([]);
      if (lang === 'en' && width === 1280) {
        const { stops, missing } = await controlsWithoutRing(page);
        expect(missing).toEqual([]);
        // the header, the filters, the figures' controls and both rows' journal buttons at least
        expect(stops).toBeGreaterThan(20);
      }
      await shot(page, `trades-${lang}-${String(width)}`);
    }
    expect(consoleErrors).toEqual([]);
  });
}
