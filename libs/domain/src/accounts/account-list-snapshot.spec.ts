import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AccountSnapshotInput, ListAccountsInput } from './accounts.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';

describeEachDatabase('list_accounts with the latest snapshot', (getDb) => {
  it('shows equity now and the firm day’s range from the snapshots, null before the first, and only the caller’s', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const other = await newCaller(getDb());
    const now = new Date('2026-03-18T14:30:00Z');
    const account = await s.accounts.register(caller, { login: '501', server: 'S', currency: 'JPY', initialBalance: 5000000 });
    const quiet = await s.accounts.register(caller, { login: '502', server: 'S', currency: 'USD', initialBalance: 100000 });
    const theirs = await s.accounts.register(other, { login: '501', server: 'S', currency: 'JPY', initialBalance: 5000000 });
    const push = async (id: string, at: string, balance: number, equity: number, who = caller) =>
      s.snapshots.push(who, await parse(AccountSnapshotInput, { id, at, balance, equity }), now);
    await push(account.id, '2026-03-17T10:00:00Z', 5000000, 5010000);
    await push(account.id, '2026-03-18T01:00:00Z', 5020000, 5030000);
    await push(account.id, '2026-03-18T09:00:00Z', 5020000, 4950000);
    await push(account.id, '2026-03-18T14:00:00Z', 5040000, 4990000);
    await push(theirs.id, '2026-03-18T14:10:00Z', 1, 1, other);

    const page = await s.accounts.list(caller, await parse(ListAccountsInput, {}));
    const byId = new Map(page.items.map((a) => [a.id, a]));
    expect(page.items).toHaveLength(2);
    // No roll-over known (no challenge): the firm day is the UTC date.
    expect(byId.get(account.id)?.snapshot).toEqual({
      at: '2026-03-18T14:00:00.000Z',
      day: '2026-03-18',
      balance: 5040000,
      equity: 4990000,
      floating: -50000,
      equityPercent: -0.2,
      dayFirst: 5030000,
      dayLow: 4950000,
      dayHigh: 5030000,
    });
    // The closed balance says +0.8 %, equity −0.2 %: both are shown.
    expect(byId.get(account.id)?.pnlPercent).toBe(0);
    expect(byId.get(quiet.id)?.snapshot).toBeNull();
  });
});
