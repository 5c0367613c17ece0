import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { readStatement } from '@propfolio/mt-statements';
import { RegisterAccountInput } from '../accounts/accounts.inputs.js';
import { ImportStatementInput } from '../statements/statements.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { positionRecordsFromStatement } from './statement-positions.js';
import { prepareBatch, storePositions } from './trade-store.js';
import { ListTradesInput } from './trades.inputs.js';

const fixture = (name: string) => readFileSync(new URL(`../../../mt-statements/test/fixtures/${name}`, import.meta.url));

describeEachDatabase('trades from a statement', (getDb) => {
  it('stores an MT5 report’s positions at their instants (server GMT+2), once however often it is imported', async () => {
    const db = getDb();
    const services = createDomainServices(db);
    const caller = await newCaller(db);
    const account = await services.accounts.register(
      caller,
      await parse(RegisterAccountInput, { login: '51234567', server: 'Broker-Live', currency: 'USD', initialBalance: 10000 }),
    );
    const records = await positionRecordsFromStatement(readStatement(fixture('ReportHistory-51234567.html')).positions, 'GMT+2/+3');
    const prepared = await prepareBatch(records);
    const store = () => db.prisma.$transaction((tx) => storePositions(tx, account.id, prepared));
    await expect(store()).resolves.toEqual({ created: 4, updated: 0, unchanged: 0 });
    await expect(store()).resolves.toEqual({ created: 0, updated: 0, unchanged: 4 });

    const { items } = await services.trades.list(caller, await parse(ListTradesInput, { accountId: account.id }));
    // Newest close first; 2024-03-04 09:15:03 server time in winter (GMT+2) is 07:15:03 UTC.
    expect(items.map((t) => [t.position, t.symbol, t.side, t.volume, t.openedAt, t.net])).toEqual([
      ['2007', 'US30', 'buy', 2, '2024-03-06T11:20:18.000Z', -92.5],
      ['2005', 'GBPUSD', 'buy', 0.3, '2024-03-05T21:40:10.000Z', 38.7],
      ['2003', 'XAUUSD', 'sell', 0.5, '2024-03-04T13:30:00.000Z', -333.25],
      ['2001', 'EURUSD', 'buy', 1, '2024-03-04T07:15:03.000Z', 131],
    ]);
  });

  it('the import answers the file’s trades: the dry run’s counts are the write’s, a corrected figure is an update', async () => {
    const db = getDb();
    const services = createDomainServices(db);
    const caller = await newCaller(db);
    const account = await services.accounts.register(
      caller,
      await parse(RegisterAccountInput, { login: '51234567', server: 'Broker-Live', currency: 'USD', initialBalance: 10000 }),
    );
    const file = fixture('ReportHistory-51234567.html');
    const run = async (dryRun: boolean, bytes: Buffer = file) =>
      (
        await services.statements.import(
          caller,
          await parse(ImportStatementInput, { id: account.id, content: bytes.toString('base64'), serverTimeZone: 'GMT+2/+3', dryRun }),
        )
      ).trades;

    await expect(run(true)).resolves.toEqual({ read: 4, created: 4, updated: 0, unchanged: 0 });
    expect(await db.prisma.trade.count({ where: { accountId: account.id } })).toBe(0);
    await expect(run(false)).resolves.toEqual({ read: 4, created: 4, updated: 0, unchanged: 0 });
    await expect(run(true)).resolves.toEqual({ read: 4, created: 0, updated: 0, unchanged: 4 });
    await expect(run(false)).resolves.toEqual({ read: 4, created: 0, updated: 0, unchanged: 4 });

    // The broker corrected one position's figures: its trade is updated, by the preview and by the write alike.
    const stored = await db.prisma.trade.findFirstOrThrow({ where: { accountId: account.id, position: '2005' } });
    await db.prisma.trade.update({ where: { id: stored.id }, data: { commission: stored.commission.plus(1) } });
    await expect(run(true)).resolves.toEqual({ read: 4, created: 0, updated: 1, unchanged: 3 });
    await expect(run(false)).resolves.toEqual({ read: 4, created: 0, updated: 1, unchanged: 3 });
    await expect(run(false)).resolves.toEqual({ read: 4, created: 0, updated: 0, unchanged: 4 });
  });
});
