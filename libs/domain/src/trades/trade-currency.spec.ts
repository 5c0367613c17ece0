import { expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { RegisterAccountInput } from '../accounts/accounts.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from './trade-fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { TradeCurveInput, TradeStatsInput } from './trades.inputs.js';

/** Yen and dollars are never added up: stats and curves over both are refused, and `currency` picks one. */
describeEachDatabase('trade statistics never add different currencies', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);

  async function yenAccount(caller: Caller) {
    return services().accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'Fintokei-Live',
        currency: 'JPY',
        initialBalance: 5_000_000,
      }),
    );
  }

  /** A USD account with a +100 and a −40 trade, a JPY account with a +20,000 trade, all closed in March 2026. */
  async function twoCurrencies() {
    const caller = await newCaller(getDb());
    const usd = await account(caller);
    const jpy = await yenAccount(caller);
    await push(caller, usd.id, [
      closedPosition('1', { profit: 100, commission: 0, closedAt: '2026-03-02T02:00:00Z' }),
      closedPosition('2', { profit: -40, commission: 0, closedAt: '2026-03-03T02:00:00Z' }),
    ]);
    await push(caller, jpy.id, [
      closedPosition('3', { symbol: 'USDJPY', profit: 20_000, commission: 0, closedAt: '2026-03-04T02:00:00Z' }),
    ]);
    return { caller, usd, jpy };
  }

  const stats = async (caller: Caller, input: object) => services().trades.stats(caller, await parse(TradeStatsInput, input));
  const curve = async (caller: Caller, input: object) => services().trades.curve(caller, await parse(TradeCurveInput, input));

  it('refuses stats and the curve over accounts in two currencies with 422 mixed_currencies naming both, over any window', async () => {
    const { caller } = await twoCurrencies();
    for (const input of [{}, { from: '2026-03-01T00:00:00Z' }, { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' }]) {
      await expect(stats(caller, input)).rejects.toMatchObject({
        code: 'mixed_currencies',
        status: 422,
        facts: { currencies: 'JPY,USD' },
      });
      await expect(curve(caller, input)).rejects.toMatchObject({ code: 'mixed_currencies', facts: { currencies: 'JPY,USD' } });
    }
  });

  it('answers one currency at a time with `currency` (any case), kept summary and window alike', async () => {
    const { caller } = await twoCurrencies();
    const usd = await stats(caller, { currency: 'usd' });
    expect(usd.overall.count).toBe(2);
    expect(String(usd.overall.net)).toBe('60');
    const jpy = await stats(caller, { currency: 'JPY' });
    expect(jpy.overall.count).toBe(1);
    expect(String(jpy.overall.net)).toBe('20000');
    const window = await stats(caller, { currency: 'USD', from: '2026-03-03T00:00:00Z' });
    expect(window.overall.count).toBe(1);
    expect(String(window.overall.net)).toBe('-40');
    expect((await curve(caller, { currency: 'JPY' })).points.map((p) => String(p.net))).toEqual(['20000']);
  });

  it('answers per account, and a window holding trades of one currency only, without `currency`', async () => {
    const { caller, jpy } = await twoCurrencies();
    expect((await stats(caller, { accountId: jpy.id })).overall.count).toBe(1);
    // Only the USD account traded before 3 March 02:00: one currency in the window, nothing to refuse.
    expect((await stats(caller, { to: '2026-03-03T12:00:00Z' })).overall.count).toBe(2);
  });

  it('names a currency the caller has no trades in with an empty answer, and another user’s trades never count', async () => {
    const { caller } = await twoCurrencies();
    const other = await newCaller(getDb());
    expect((await stats(caller, { currency: 'EUR' })).overall.count).toBe(0);
    expect((await stats(other, { currency: 'USD' })).overall.count).toBe(0);
    await expect(stats(other, {})).resolves.toMatchObject({ overall: { count: 0 } });
  });
});
