import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { AppError, type Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { ImportStatementInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';

/** DXtrade's, Match-Trader's and TradeLocker's exports and TradeZella's and Tradervue's, as libs/trade-files reads them. */
const fixture = (path: string): Buffer => readFileSync(new URL(`../../../trade-files/test/fixtures/${path}`, import.meta.url));
const NOW = new Date('2026-03-20T12:00:00Z');

describeEachDatabase('import_statement: DXtrade, Match-Trader, TradeLocker, TradeZella and Tradervue exports', (getDb) => {
  const services = () => createDomainServices(getDb());
  let logins = 0;
  const newAccount = async (caller: Caller) => {
    const login = `${String(process.pid)}8${String((logins += 1))}`;
    const account = await services().accounts.register(
      caller,
      await parse(RegisterAccountInput, { login, server: 'Spec', currency: 'USD', initialBalance: 10_000 }),
    );
    return account.id;
  };
  const importOf = async (caller: Caller, id: string, bytes: Buffer, extra: object = {}) =>
    services().statements.import(caller, await parse(ImportStatementInput, { id, content: bytes.toString('base64'), ...extra }), NOW);
  const tradesOf = (accountId: string) => getDb().prisma.trade.findMany({ where: { accountId }, orderBy: { closedAt: 'asc' } });

  it('DXtrade closed positions: detected, read in UTC by default with a warning, days from the initial balance; again, nothing changes', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller);
    const bytes = fixture('dxtrade/closed-positions.csv');
    const preview = await importOf(caller, id, bytes, { dryRun: true });
    expect(preview).toMatchObject({ format: 'dxtrade', platform: 'dxtrade', clock: { source: 'default', zone: 'UTC' } });
    expect(preview.clock.first).toMatchObject({ utc: '2026-03-02T11:40:51.000Z' });
    expect(preview.warnings.join(' ')).toContain('the DXtrade default');

    const imported = await importOf(caller, id, bytes);
    expect(imported.trades).toMatchObject({ read: 3, created: 3 });
    const trades = await tradesOf(id);
    expect(
      trades.map((t) => [
        t.position,
        t.symbol,
        t.side,
        t.volume.toString(),
        t.profit.toString(),
        t.commission.toString(),
        t.swap.toString(),
      ]),
    ).toEqual([
      ['DX-40211', 'EURUSD', 'buy', '0.5', '121.5', '-3.5', '0'],
      ['DX-40215', 'XAUUSD', 'sell', '0.2', '-115', '-1.4', '-2.36'],
      ['DX-40219', 'US30', 'buy', '1', '-32.5', '0', '0'],
    ]);
    // 118.00 − 118.76 − 32.50 on the initial 10,000.
    expect(imported.days.at(-1)?.balance).toBe(9966.74);
    expect(await importOf(caller, id, bytes)).toMatchObject({ created: 0, updated: 0, trades: { created: 0, unchanged: 3 } });
  });

  it('DXtrade fills: detected, opening and closing fills paired into trades; a file whose dates do not tell their order says so', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller);
    const bytes = fixture('dxtrade/fills.csv');
    const imported = await importOf(caller, id, bytes);
    expect(imported).toMatchObject({ format: 'dxtrade-fills', platform: 'dxtrade', clock: { source: 'default', zone: 'UTC' } });
    expect(imported.notices.map((n) => n.code)).toEqual(['default_clock']);
    const trades = await tradesOf(id);
    expect(trades.map((t) => [t.position, t.symbol, t.side, t.volume.toString(), t.profit.toString(), t.commission.toString()])).toEqual([
      // One EURUSD lot closed in two exits; the US30 buy still open at the end of the file is no trade.
      ['70001', 'EURUSD', 'buy', '1', '-20', '-7'],
      ['70004', 'XAUUSD', 'sell', '0.2', '125', '-2.8'],
      ['70005', 'XAUUSD', 'buy', '0.1', '-66', '-1.4'],
    ]);

    const february = Buffer.from(bytes.toString('utf8').replace(/^1([345])\/03\/26/gm, '0$1/02/26'));
    const preview = await importOf(caller, await newAccount(caller), february, { dryRun: true });
    expect(preview.notices).toContainEqual({ code: 'date_order', params: { date: '03/02/26', read: '2026-02-03' } });
    expect(preview.warnings.join(' ')).toContain('03/02/26 as 2026-02-03');
  });

  it('Match-Trader closed positions in fileTimeZone: partial closes are one trade; a bad cell is refused naming row and column', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller);
    const bytes = fixture('matchtrader/closed-positions.csv');
    const tokyo = await importOf(caller, id, bytes, { fileTimeZone: 'Asia/Tokyo' });
    expect(tokyo).toMatchObject({ format: 'matchtrader', platform: 'matchtrader', clock: { source: 'option', zone: 'Asia/Tokyo' } });
    // 2026-03-09 09:44:02 in Tokyo is 00:44:02 UTC.
    expect(tokyo.clock.first).toMatchObject({ utc: '2026-03-09T00:44:02.000Z' });
    const trades = await tradesOf(id);
    expect(trades.map((t) => [t.position, t.volume.toString(), t.profit.toString(), t.commission.toString()])).toEqual([
      ['5150001', '1', '227', '-7'],
      ['5150002', '0.3', '-66.19', '-2.1'],
      ['5150003', '0.3', '260', '-2.1'],
    ]);

    const other = await newAccount(caller);
    const bad = Buffer.from(bytes.toString('utf8').replace(',0.30,SELL,', ',abc,SELL,'));
    const refused = await importOf(caller, other, bad).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('statement_rejected');
    expect((refused as AppError).facts).toMatchObject({ row: 3, column: 'Volume', value: 'abc' });
    expect(await getDb().prisma.trade.count({ where: { accountId: other } })).toBe(0);
  });

  it('TradeLocker order history: orders become positions, times in UTC from the file', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller);
    const imported = await importOf(caller, id, fixture('tradelocker/orders-history.csv'));
    expect(imported).toMatchObject({ format: 'tradelocker', platform: 'tradelocker', clock: { source: 'file', zone: null } });
    expect(imported.clock.first).toMatchObject({ utc: '2026-03-02T11:00:00.000Z' });
    const trades = await tradesOf(id);
    expect(trades.map((t) => [t.position, t.symbol, t.side, t.volume.toString(), t.profit.toString(), t.swap.toString()])).toEqual([
      ['700001', 'EURUSD', 'buy', '1', '168', '0'],
      ['700002', 'GBPUSD', 'sell', '0.5', '-75', '-1.2'],
    ]);
  });

  it('TradeZella and Tradervue exports: a journal names its platform only when its accounts do, futures rows add up', async () => {
    const caller = await newCaller(getDb());
    const zella = await importOf(caller, await newAccount(caller), fixture('tradezella/trades.csv'), { dryRun: true });
    // Every TradeZella account name says Tradovate; each time carries its zone (EST, then EDT after 8 March).
    expect(zella).toMatchObject({ format: 'tradezella', platform: 'tradovate', clock: { source: 'file' } });
    expect(zella.clock.first).toMatchObject({ utc: '2026-03-02T14:44:40.000Z' });
    expect(zella.clock.last).toMatchObject({ utc: '2026-03-10T13:00:01.000Z' });
    expect(zella.warnings.join(' ')).not.toContain('does not add up');

    const vue = await importOf(caller, await newAccount(caller), fixture('tradervue/trades.csv'), { dryRun: true });
    expect(vue).toMatchObject({ format: 'tradervue', platform: 'other', clock: { source: 'default', zone: 'America/New_York' } });
    // 2026-03-02 09:55:15 in New York (EST) is 14:55:15 UTC.
    expect(vue.clock.first).toMatchObject({ utc: '2026-03-02T14:55:15.000Z' });
    expect(vue.warnings.join(' ')).toContain('the Tradervue default');
  });
});
