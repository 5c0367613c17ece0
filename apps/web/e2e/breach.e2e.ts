import { apiCall, expect, expectNoHorizontalScroll, seedTrackedAccount, setUpOwner, test } from './fixtures.js';

/** HH:MM of an instant in Prague, FTMO's clock, worked out here apart from the server's `atLocal`. */
const pragueTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

test('a floor crossed earlier today heads the daily-loss card in the breach colour, in both languages at 375 and 1280 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  // FTMO 2-Step 100k: the day starts at 100,000, floor 95,000. Equity dipped to 94,809.55 a minute ago, and is back at 95,609.55.
  const id = await seedTrackedAccount(
    server,
    { planId: 'ftmo-2-step-100000', firm: 'FTMO', plan: '2-Step 100k', price: 540 },
    { login: '7401', server: 'FTMO-Demo', name: 'FTMO breached' },
    94809.55,
  );
  const later = new Date(Date.now() - 30_000).toISOString().replace(/\.\d+Z$/, 'Z');
  expect((await apiCall(server, 'POST', `/accounts/${id}/snapshots`, { at: later, balance: 100000, equity: 95609.55 })).status).toBe(200);
  const guard = await apiCall<{ breach: { at: string; by: number } | null }>(server, 'GET', `/accounts/${id}/guard`);
  expect(guard.body.breach).toMatchObject({ by: 190.45 });
  const time = pragueTime(guard.body.breach?.at ?? '');

  const headline = { en: `Breached at ${time} by $190.45`, ja: `${time} に下限を $190.45 下回り違反` };
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('propfolio.lang', l), lang);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pnl');
      await page.getByRole('button', { name: 'FTMO breached', exact: true }).click();
      const daily = page.getByTestId('gauge-daily');
      await expect(daily.locator('.gauge-value')).toHaveText(headline[lang]);
      await expect(daily).toHaveClass(/tone-breached/);
      // Never the room above the floor once it was crossed.
      await expect(daily).not.toContainText(lang === 'en' ? 'above the floor' : '下限ラインまで');
      await expect(daily.getByRole('meter')).toHaveAttribute('aria-valuetext', headline[lang]);
      await expect(page.getByTestId('headroom-status').first()).toHaveClass(/headroom-breached/);
      // No room after the reset is offered once the attempt is over.
      await expect(page.getByText(lang === 'en' ? 'After the next reset' : '次のリセット後', { exact: true })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
  }
  expect(consoleErrors).toEqual([]);
});
