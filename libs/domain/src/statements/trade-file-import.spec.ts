import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { AppError, type Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { ImportStatementInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { writeXlsx } from '@propfolio/trade-files/testing';
import { mt5Report } from '../testing/statement-fixtures.js';

/** The other platforms' exports, as libs/trade-files reads them in its own specs. */
const fixture = (path: string): Buffer => readFileSync(new URL(`../../../trade-files/test/fixtures/${path}`, import.meta.url));
const NOW = new Date('2026-03-20T12:00:00Z');

describeEachDatabase('import_statement: other platforms’ trade exports', (getDb) => {
  const services = () => createDomainServices(getDb());
  let logins = 0;
  const newAccount = async (caller: Caller, initialBalance: number) => {
    const login = `${String(process.pid)}9${String((logins += 1))}`;
    const account = await services().accounts.register(
      caller,
      await parse(RegisterAccountInput, { login, server: 'Spec', currency: 'USD', initialBalance }),
    );
    return account.id;
  };
  const importOf = async (caller: Caller, id: string, bytes: Buffer, extra: object = {}) =>
    services().statements.import(caller, await parse(ImportStatementInput, { id, content: bytes.toString('base64'), ...extra }), NOW);
  const refusal = async (run: Promise<unknown>): Promise<AppError> => {
    try {
      await run;
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    throw new Error('expected a refusal');
  };

  it('a cTrader history becomes trades and days, its times read with the offset its headers state; again, nothing changes', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller, 10_000);
    const bytes = fixture('ctrader/history-utc3.csv');

    const preview = await importOf(caller, id, bytes, { dryRun: true });
    expect(preview).toMatchObject({ format: 'ctrader', platform: 'ctrader', dryRun: true, clock: { source: 'file', zone: null } });
    // Position 1003 closed 13 Mar 01:00 at UTC+3: 12 Mar 22:00 UTC. The last close is 1002's, 16 Mar 02:05 at UTC+3.
    expect(preview.clock.first).toMatchObject({ utc: '2026-03-12T22:00:00.000Z' });
    expect(preview.clock.first?.file).toContain('+03:00');
    expect(preview.clock.last).toMatchObject({ utc: '2026-03-15T23:05:31.000Z' });
    expect(await getDb().prisma.trade.count({ where: { accountId: id } })).toBe(0);

    const imported = await importOf(caller, id, bytes);
    expect(imported.trades).toEqual({ read: 3, created: 3, updated: 0, unchanged: 0 });
    const trades = await getDb().prisma.trade.findMany({ where: { accountId: id }, orderBy: { position: 'asc' } });
    // The two closes of 1001 are one position: 0.5 lots, 96.00 gross, 3.50 commission.
    expect(trades.map((t) => [t.position, t.symbol, t.side, t.volume.toString(), t.profit.toString(), t.commission.toString()])).toEqual([
      ['1001', 'EURUSD', 'buy', '0.5', '96', '-3.5'],
      ['1002', 'XAUUSD', 'sell', '0.5', '-1050', '-3.5'],
      ['1003', 'US30', 'buy', '2', '123', '0'],
    ]);
    // Days start from the account's initial balance and add the closed P&L: 10,000 − 845.09 at the end.
    expect(imported.days.at(-1)?.balance).toBe(9154.91);
    const total = imported.days.reduce((sum, d) => sum + d.closedPnl, 0);
    expect(total).toBeCloseTo(-845.09, 2);

    expect(await importOf(caller, id, bytes)).toMatchObject({ created: 0, updated: 0, trades: { created: 0, unchanged: 3 } });
  });

  it('a NinjaTrader export has no offset: read in fileTimeZone, or in the platform default with a warning', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller, 50_000);
    const bytes = fixture('ninjatrader/trades.csv');

    const tokyo = await importOf(caller, id, bytes, { dryRun: true, fileTimeZone: 'Asia/Tokyo' });
    expect(tokyo).toMatchObject({ format: 'ninjatrader', clock: { source: 'option', zone: 'Asia/Tokyo' } });
    // 3/2/2026 9:52:10 AM in Tokyo is 00:52:10 UTC.
    expect(tokyo.clock.first).toMatchObject({ utc: '2026-03-02T00:52:10.000Z' });
    expect(tokyo.warnings.join(' ')).not.toContain('default');

    const chicago = await importOf(caller, id, bytes, { dryRun: true });
    expect(chicago.clock).toMatchObject({ source: 'default', zone: 'America/Chicago' });
    expect(chicago.clock.first).toMatchObject({ utc: '2026-03-02T15:52:10.000Z' });
    expect(chicago.warnings.join(' ')).toContain('fileTimeZone');
    // The same warning as a code and its figures, for the dashboard to say in the person's language.
    expect(chicago.notices).toEqual([{ code: 'default_clock', params: { zone: 'America/Chicago', platform: 'NinjaTrader' } }]);
    expect(chicago.warnings).toHaveLength(chicago.notices.length);
  });

  it('refuses a CSV of no known format naming the formats, and a close before its open naming the row', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller, 50_000);
    const unknown = await refusal(importOf(caller, id, Buffer.from('Ticker,Qty,Px\nES,1,5000\n')));
    expect(unknown.code).toBe('statement_rejected');
    expect(unknown.detail).toMatch(/ctrader.*ninjatrader/);
    expect(unknown.detail).toContain('Ticker');
    // The header found, for a client to offer a column mapping.
    expect(unknown.facts).toMatchObject({ header: 'Ticker\tQty\tPx' });
    // Why, as a code with its params beside the English detail.
    expect(unknown.facts).toMatchObject({ reason: 'unknown_format', formats: expect.stringContaining('ninjatrader') });

    const text = fixture('ninjatrader/trades.csv').toString('utf8').replace('3/2/2026 9:52:10 AM', '3/1/2026 9:52:10 AM');
    const backwards = await refusal(importOf(caller, id, Buffer.from(text)));
    expect(backwards.code).toBe('statement_rejected');
    expect(backwards.facts).toMatchObject({
      row: 2,
      column: 'close time',
      reason: 'closed_before_open',
      open: '2026-03-02 09:31:22',
      close: '2026-03-01 09:52:10',
    });

    const badZone = await refusal(importOf(caller, id, fixture('ninjatrader/trades.csv'), { fileTimeZone: 'Mars/Olympus' }));
    expect(badZone.errors?.[0]?.field).toBe('fileTimeZone');
    expect(await getDb().prisma.trade.count({ where: { accountId: id } })).toBe(0);
  });

  it('a TopstepX export keeps each row’s offset, and a futures row whose profit its prices do not give is named', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller, 50_000);
    const good = await importOf(caller, id, fixture('topstepx/trades.csv'), { dryRun: true });
    expect(good).toMatchObject({ format: 'topstepx', platform: 'topstepx', clock: { source: 'file' } });
    // 03/02/2026 10:10:48 -05:00 is 15:10:48 UTC.
    expect(good.clock.first).toMatchObject({ utc: '2026-03-02T15:10:48.000Z' });
    expect(good.warnings.join(' ')).not.toContain('does not add up');

    // 3 MNQ short from 21482.50 to 21448.75 gives 33.75 × $2 × 3 = 202.50; the file now says 220.50.
    const edited = fixture('topstepx/trades.csv').toString('utf8').replace(',202.500000000,', ',220.500000000,');
    const flagged = await importOf(caller, id, Buffer.from(edited), { dryRun: true });
    expect(flagged.warnings.join(' ')).toMatch(/Line 2: MNQH6 profit 220\.5 does not add up \(its prices give 202\.5\)/);
    expect(flagged.notices).toContainEqual({
      code: 'futures_pnl',
      params: { rows: '2', symbol: 'MNQH6', profit: '220.5', expected: '202.5' },
    });
  });

  it('MT5’s report saved as XLSX gives the trades its HTML gives (re-importing one after the other changes none), and another login’s is refused', async () => {
    const caller = await newCaller(getDb());
    const id = await newAccount(caller, 10_000);
    const account = await getDb().prisma.eaAccount.findUniqueOrThrow({ where: { id } });
    const trade = (order: string, type: 'buy' | 'sell', direction: string, price: string) => ({
      symbol: 'EURUSD',
      type,
      direction,
      volume: '1.00',
      price,
      order,
    });
    const html = mt5Report(
      account.login,
      [
        { time: '2026.03.02 08:00:00', profit: '10000.00' },
        { time: '2026.03.02 09:00:00', profit: '0.00', trade: trade('5001', 'buy', 'in', '1.08500') },
        { time: '2026.03.02 23:30:00', profit: '150.00', trade: trade('5002', 'sell', 'out', '1.08650') },
      ],
      '2026.03.03 12:00',
    );
    const workbook = (login: string) =>
      Buffer.from(
        writeXlsx([
          {
            rows: [
              ['Trade History Report'],
              ['Account:', null, null, null, `${login} (USD, Example-Live, real, Hedge)`],
              ['Positions'],
              ['Time', 'Position', 'Symbol', 'Type', 'Volume', 'Price', 'S / L', 'T / P', 'Time', 'Price', 'Commission', 'Swap', 'Profit'],
              ['2026.03.02 09:00:00', 5001, 'EURUSD', 'buy', 1, 1.085, null, null, '2026.03.02 23:30:00', 1.0865, 0, 0, 150],
              [null, null, null, null, null, null, null, null, null, null, 0, 0, 150],
            ],
          },
        ]),
      );
    const fromHtml = await importOf(caller, id, html);
    expect(fromHtml.trades.created).toBe(1);

    const fromXlsx = await importOf(caller, id, workbook(account.login));
    expect(fromXlsx).toMatchObject({ format: 'mt5-xlsx', platform: 'mt5', trades: { read: 1, created: 0, updated: 0, unchanged: 1 } });
    // Read in the server's clock (GMT+2/+3 by default, as the HTML): 23:30 on 2 March is 21:30 UTC.
    expect(fromXlsx.clock).toMatchObject({ source: 'default', zone: 'GMT+2/+3', last: { utc: '2026-03-02T21:30:00.000Z' } });
    const tokyo = await importOf(caller, id, workbook(account.login), { dryRun: true, serverTimeZone: 'Asia/Tokyo' });
    expect(tokyo.clock).toMatchObject({ source: 'option', zone: 'Asia/Tokyo', last: { utc: '2026-03-02T14:30:00.000Z' } });

    const other = await refusal(importOf(caller, id, workbook('999')));
    expect(other.code).toBe('statement_rejected');
    expect(other.detail).toContain('999');
  });

  describe('a CSV no reader knows, read through a column mapping', () => {
    const header = 'Ticket;Instrument;Direction;Qty;Entry Time;Exit Time;Entry;Exit;Fees;P/L\n';
    const march = Buffer.from(`${header}71;EURUSD;Long;0.50;2026-03-02 09:05:00;2026-03-02 13:15:30;1.085;1.0872;3.50;110.00\n`);
    const april = Buffer.from(`${header}72;GBPUSD;Short;1;2026-03-03 10:00:00;2026-03-03 11:00:00;1.27;1.268;7;200\n`);
    const mapping = {
      id: 'Ticket',
      symbol: 'Instrument',
      side: 'Direction',
      volume: 'Qty',
      openTime: 'Entry Time',
      closeTime: 'Exit Time',
      openPrice: 'Entry',
      closePrice: 'Exit',
      commission: 'Fees',
      profit: 'P/L',
      timeZone: 'Asia/Tokyo',
    };

    it('imports with the mapping, and the next file with the same header without it; a preview keeps nothing', async () => {
      const caller = await newCaller(getDb());
      const id = await newAccount(caller, 10_000);
      const preview = await importOf(caller, id, march, { mapping, dryRun: true });
      expect(preview).toMatchObject({ format: 'mapped', platform: 'other', clock: { source: 'option', zone: 'Asia/Tokyo' } });
      // 13:15:30 in Tokyo is 04:15:30 UTC.
      expect(preview.clock.last).toMatchObject({ utc: '2026-03-02T04:15:30.000Z' });
      expect((await refusal(importOf(caller, id, april))).code).toBe('statement_rejected');

      expect(await importOf(caller, id, march, { mapping })).toMatchObject({ trades: { created: 1 } });
      const next = await importOf(caller, id, april);
      expect(next).toMatchObject({ format: 'mapped', trades: { created: 1 }, clock: { zone: 'Asia/Tokyo' } });
      expect(next.warnings.join(' ')).toContain('column mapping you sent before');
      const trades = await getDb().prisma.trade.findMany({ where: { accountId: id }, orderBy: { position: 'asc' } });
      expect(trades.map((t) => [t.position, t.symbol, t.side, t.volume.toString(), t.profit.toString(), t.commission.toString()])).toEqual([
        ['71', 'EURUSD', 'buy', '0.5', '110', '-3.5'],
        ['72', 'GBPUSD', 'sell', '1', '200', '-7'],
      ]);
    });

    it('never reads a file through another user’s kept mapping', async () => {
      const alice = await newCaller(getDb());
      await importOf(alice, await newAccount(alice, 10_000), march, { mapping });
      const bob = await newCaller(getDb());
      const bobs = await newAccount(bob, 10_000);
      const refused = await refusal(importOf(bob, bobs, april));
      expect(refused.code).toBe('statement_rejected');
      expect(refused.detail).toContain('mapping');
      expect(await getDb().prisma.trade.count({ where: { accountId: bobs } })).toBe(0);
      expect(await getDb().prisma.csvMapping.count({ where: { userId: bob.userId } })).toBe(0);
    });

    it('refuses a mapping naming a header the file lacks as a bad field (400) naming it, writing nothing', async () => {
      const caller = await newCaller(getDb());
      const id = await newAccount(caller, 10_000);
      const bad = await refusal(importOf(caller, id, march, { mapping: { ...mapping, swap: 'Rollover' } }));
      expect(bad.status).toBe(400);
      expect(bad.errors?.[0]?.field).toBe('mapping');
      expect(JSON.stringify(bad.errors)).toContain('Rollover');
      expect(bad.facts).toMatchObject({ reason: 'mapping_columns', columns: 'Rollover' });
      const zone = await refusal(importOf(caller, id, march, { mapping: { ...mapping, timeZone: 'Mars/Olympus' } }));
      expect(zone.errors?.[0]?.field).toBe('mapping.timeZone');
      // A balance column that does not run with the trades: the whole file refused naming the row (422).
      const balances = Buffer.from(
        'Instrument,Direction,Qty,Entry Time,Exit Time,Entry,Exit,P/L,Balance\n' +
          'EURUSD,Long,1,2026-03-02 09:00,2026-03-02 10:00,1.085,1.086,100,10100\n' +
          'EURUSD,Long,1,2026-03-02 11:00,2026-03-02 12:00,1.085,1.086,100,10250\n',
      );
      const { id: _id, commission: _fees, ...plain } = mapping;
      const chain = await refusal(importOf(caller, id, balances, { mapping: { ...plain, balance: 'Balance' } }));
      expect(chain.code).toBe('statement_rejected');
      expect(chain.facts).toMatchObject({ row: 3, column: 'Balance', value: '10250' });
      expect(await getDb().prisma.csvMapping.count({ where: { userId: caller.userId } })).toBe(0);
      expect(await getDb().prisma.trade.count({ where: { accountId: id } })).toBe(0);
    });
  });
});
