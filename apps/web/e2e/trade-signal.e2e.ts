import { apiCall, expect, expectNoHorizontalScroll, setUpOwner, test } from './fixtures.js';

/** Screenshots for a person to look at, only when SHOTS_DIR names a folder (never committed, not taken in CI). */
const SHOTS = process.env.SHOTS_DIR;

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** One closed EURUSD buy opened at `openedAt`, ten minutes long. */
const position = (id: string, symbol: string, openedAt: number, volume: number, profit: number) => ({
  position: id,
  symbol,
  side: 'buy',
  volume,
  openedAt: iso(openedAt),
  closedAt: iso(openedAt + 10 * MINUTE),
  openPrice: 1.08,
  closePrice: 1.081,
  commission: 0,
  swap: 0,
  fee: 0,
  profit,
});

const WORDS = {
  en: { title: 'Copies of this signal on other accounts', self: 'this trade', master: '$100.00', copy: '¥30,000' },
  // Japanese formats the yen sign full width.
  ja: { title: '同じシグナルの他口座でのトレード', self: 'このトレード', master: '$100.00', copy: '￥30,000' },
} as const;

test('a copied trade’s page lists the signal’s trade on the other account of its group, in that account’s own currency, even when its broker writes EURUSD.r, at 375 and 1280 px in both languages', async ({
  page,
  server,
}) => {
  await setUpOwner(page, server);
  const master = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '8400001',
    server: 'Master-Demo',
    currency: 'USD',
    initialBalance: 100000,
    name: 'Master USD',
  });
  const copy = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '8400002',
    server: 'Copy-Demo',
    currency: 'JPY',
    initialBalance: 10000000,
    name: 'Copy JPY',
  });
  expect([master.status, copy.status]).toEqual([201, 201]);
  const group = await apiCall(server, 'POST', '/account-groups', {
    name: 'Copier',
    accounts: [
      { accountId: master.body.id, multiplier: 1 },
      { accountId: copy.body.id, multiplier: 2 },
    ],
  });
  expect(group.status).toBe(201);
  // The copy opens a second after the master, on its broker's decorated name.
  const opened = Date.now() - 60 * MINUTE;
  const pushes = [
    await apiCall(server, 'POST', `/accounts/${master.body.id}/positions`, { positions: [position('1', 'EURUSD', opened, 1, 100)] }),
    await apiCall(server, 'POST', `/accounts/${copy.body.id}/positions`, {
      positions: [position('7', 'EURUSD.r', opened + 1000, 2, 30000)],
    }),
  ];
  expect(pushes.map((p) => p.status)).toEqual([200, 200]);
  const trades = await apiCall<{ items: { id: string; accountId: string; signalId: string | null }[] }>(server, 'GET', '/trades');
  const masterTrade = trades.body.items.find((t) => t.accountId === master.body.id);
  const copyTrade = trades.body.items.find((t) => t.accountId === copy.body.id);
  expect(masterTrade?.signalId).toEqual(expect.any(String));
  expect(copyTrade?.signalId).toBe(masterTrade?.signalId);

  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/trades/${masterTrade?.id ?? ''}`);
      const words = WORDS[lang];
      const copies = page.getByRole('region', { name: words.title });
      await expect(copies).toContainText('Copy JPY');
      await expect(copies).toContainText(words.copy);
      await expect(copies).toContainText(`Master USD (${words.self})`);
      await expect(copies).toContainText(words.master);
      await expectNoHorizontalScroll(page);
      if (SHOTS) await copies.screenshot({ path: `${SHOTS}/trade-signal-${lang}-${String(width)}.png` });
    }
  }
  // The copy's own page, reached by its link, lists the master the same way.
  await page.getByRole('link', { name: 'Copy JPY' }).click();
  await expect(page).toHaveURL(new RegExp(`/trades/${copyTrade?.id ?? ''}$`));
  await expect(page.getByRole('region', { name: WORDS.ja.title })).toContainText('Master USD');
});
