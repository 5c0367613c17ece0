import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { readStatement } from '@propfolio/mt-statements';
import { RegisterAccountInput } from '../accounts/accounts.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { positionRecordsFromStatement } from './statement-positions.js';
import { storePositions } from './trade-store.js';
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
    const records = positionRecordsFromStatement(readStatement(fixture('ReportHistory-51234567.html')).positions, 'GMT+2/+3');
    const store = () => db.prisma.$transaction((tx) => storePositions(tx, account.id, records));
    await expect(store()).resolves.toEqual({ accepted: 4, unchanged: 0 });
    await expect(store()).resolves.toEqual({ accepted: 0, unchanged: 4 });

    const { items } = await services.trades.list(caller, await parse(ListTradesInput, { accountId: account.id }));
    // Newest close first; 2024-03-04 09:15:03 server time in winter (GMT+2) is 07:15:03 UTC.
    expect(items.map((t) => [t.position, t.symbol, t.side, t.volume, t.openedAt, t.net])).toEqual([
      ['2007', 'US30', 'buy', 2, '2024-03-06T11:20:18.000Z', -92.5],
      ['2005', 'GBPUSD', 'buy', 0.3, '2024-03-05T21:40:10.000Z', 38.7],
      ['2003', 'XAUUSD', 'sell', 0.5, '2024-03-04T13:30:00.000Z', -333.25],
      ['2001', 'EURUSD', 'buy', 1, '2024-03-04T07:15:03.000Z', 131],
    ]);
  });
});
