import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { CreateAccountGroupInput, UpdateAccountGroupInput } from '../groups/groups.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { closedPosition as position } from './trade-fixtures.js';
import { ListTradesInput, TradeCurveInput, TradeStatsInput } from './trades.inputs.js';
import { linkedAccounts } from './trade-signals.js';
import { prepareBatch, storePositions, type PositionRecord } from './trade-store.js';

/** Opened `seconds` after 2026-03-02 00:30 UTC, closed an hour after that. */
const at = (seconds: number) => ({
  openedAt: new Date(Date.parse('2026-03-02T00:30:00Z') + seconds * 1000).toISOString(),
  closedAt: new Date(Date.parse('2026-03-02T01:30:00Z') + seconds * 1000).toISOString(),
});

describeEachDatabase('copied signals: one signalId across a group’s accounts', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);

  /** Each trade's signalId by "<account letter><position>". */
  async function signals(caller: Caller, accounts: Record<string, string>): Promise<Record<string, string | null>> {
    const letter = new Map(Object.entries(accounts).map(([k, v]) => [v, k]));
    const rows = await getDb().prisma.trade.findMany({
      where: { userId: caller.userId },
      select: { accountId: true, position: true, signalId: true },
    });
    return Object.fromEntries(rows.map((r) => [`${letter.get(r.accountId) ?? '?'}${r.position}`, r.signalId]));
  }

  const group = async (caller: Caller, name: string, ids: string[]) =>
    services().groups.create(
      caller,
      await parse(CreateAccountGroupInput, { name, accounts: ids.map((accountId) => ({ accountId, multiplier: 1 })) }),
    );

  /**
   * The copies of two signals on the group's accounts a, b, c and one on d (in no group): EURUSD buy on a, b and c
   * within 2 s (position 1); XAUUSD sell on a and b within 1 s, on c 10 s after a (position 2).
   */
  const copies: Record<'a' | 'b' | 'c' | 'd', object[]> = {
    a: [position('1', at(0)), position('2', { symbol: 'XAUUSD', side: 'sell', ...at(600) })],
    b: [position('1', at(1)), position('2', { symbol: 'XAUUSD', side: 'sell', ...at(601) })],
    c: [position('1', at(2)), position('2', { symbol: 'XAUUSD', side: 'sell', ...at(610) })],
    d: [position('1', at(1))],
  };

  async function fourAccounts(caller: Caller) {
    const ids = {
      a: (await account(caller)).id,
      b: (await account(caller)).id,
      c: (await account(caller)).id,
      d: (await account(caller)).id,
    };
    return ids;
  }

  function expectTheSignals(s: Record<string, string | null>) {
    expect(s['a1']).toEqual(expect.any(String));
    expect(s['b1']).toBe(s['a1']);
    expect(s['c1']).toBe(s['a1']);
    expect(s['a2']).toEqual(expect.any(String));
    expect(s['a2']).not.toBe(s['a1']);
    expect(s['b2']).toBe(s['a2']);
    // 10 s after the signal's first trade: not a copy of it, and alone.
    expect(s['c2']).toBeNull();
    // Same symbol, side and second on an account of no group.
    expect(s['d1']).toBeNull();
  }

  it('marks copies pushed to a group’s accounts, keeps the ids through a resend and a corrected figure', async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Copier', [ids.a, ids.b, ids.c]);
    // Pushed at once, as three terminals do: the owner's signal lock makes the pushes see each other.
    await Promise.all((['a', 'b', 'c', 'd'] as const).map((k) => push(caller, ids[k], copies[k])));
    const first = await signals(caller, ids);
    expectTheSignals(first);

    for (const k of ['a', 'b', 'c', 'd'] as const) await push(caller, ids[k], copies[k]);
    expect(await signals(caller, ids)).toEqual(first);
    // A broker's correction stores the trade again: its signal keeps its id.
    await push(caller, ids.c, [position('1', { ...at(2), commission: -9 })]);
    expect(await signals(caller, ids)).toEqual(first);
  });

  it("marks a copy on an account whose broker decorates the symbol (EURUSD.r, #EURUSDm) with the master's EURUSD", async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Decorated', [ids.a, ids.b, ids.c]);
    await push(caller, ids.a, [position('1', at(0))]);
    await push(caller, ids.b, [position('1', { symbol: 'EURUSD.r', ...at(1) })]);
    await push(caller, ids.c, [position('1', { symbol: '#EURUSDm', ...at(2) })]);
    const s = await signals(caller, ids);
    expect(s['a1']).toEqual(expect.any(String));
    expect([s['b1'], s['c1']]).toEqual([s['a1'], s['a1']]);
  });

  it('matches copies whose writes overlap: the second push waits for the first to commit, then sees its trade', async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Copier', [ids.a, ids.b]);
    const record = (second: number): PositionRecord => {
      const { openedAt, closedAt } = at(second);
      return {
        ...{ position: '1', symbol: 'EURUSD', side: 'buy', volume: '1', openPrice: '1.08', closePrice: '1.081', stopLoss: null },
        ...{ takeProfit: null, commission: '0', swap: '0', fee: '0', profit: '10', comment: null, magic: null, mae: null, mfe: null },
        ...{ openedAt: new Date(openedAt), closedAt: new Date(closedAt), exits: [] },
      };
    };
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let stored = (): void => undefined;
    const firstStored = new Promise<void>((resolve) => (stored = resolve));
    const [firstBatch, secondBatch] = [await prepareBatch([record(0)]), await prepareBatch([record(1)])];
    const first = getDb().prisma.$transaction(
      async (tx) => {
        await storePositions(tx, ids.a, firstBatch);
        stored();
        await held; // still uncommitted while the second write runs
      },
      { timeout: 20_000 },
    );
    await firstStored;
    const second = getDb().prisma.$transaction((tx) => storePositions(tx, ids.b, secondBatch), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    const s = await signals(caller, ids);
    expect(s['a1']).toEqual(expect.any(String));
    expect(s['b1']).toBe(s['a1']);
  });

  it('lists, reads and counts one signal’s copies across the accounts; another user’s signal id finds nothing of theirs', async () => {
    const caller = await newCaller(getDb());
    const other = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Copier', [ids.a, ids.b, ids.c]);
    for (const k of ['a', 'b', 'c', 'd'] as const) await push(caller, ids[k], copies[k]);
    const signalId = (await signals(caller, ids))['a1'] ?? '';
    const list = async (who: Caller, input: object) => services().trades.list(who, await parse(ListTradesInput, input));
    const stats = async (who: Caller, input: object) => services().trades.stats(who, await parse(TradeStatsInput, input));

    const page = await list(caller, { signalId });
    expect(page.items.map((t) => t.accountId).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    expect(page.items.every((t) => t.signalId === signalId)).toBe(true);
    const all = await list(caller, {});
    expect(all.items.filter((t) => t.signalId === null)).toHaveLength(2); // c's late XAUUSD and d's trade
    await expect(services().trades.get(caller, { id: page.items[0]?.id ?? '' })).resolves.toMatchObject({ signalId });
    // The stats follow the filter (three copies of a 93 net trade) and name it.
    await expect(stats(caller, { signalId })).resolves.toMatchObject({ filters: { signalId }, overall: { count: 3, net: 279 } });
    const curve = await services().trades.curve(caller, await parse(TradeCurveInput, { signalId }));
    expect(curve).toMatchObject({ filters: { signalId }, totals: { count: 3, net: 279 } });

    // The other user has trades of their own opened at the same second: the caller's signal id finds none of them.
    await push(other, (await account(other)).id, [position('1', at(0))]);
    expect((await list(other, { signalId })).items).toEqual([]);
    await expect(stats(other, { signalId })).resolves.toMatchObject({ overall: { count: 0 } });
  });

  it('marks the trades stored before the group was made, and clears an account that leaves it', async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    for (const k of ['a', 'b', 'c', 'd'] as const) await push(caller, ids[k], copies[k]);
    expect(Object.values(await signals(caller, ids)).every((s) => s === null)).toBe(true);

    const made = await group(caller, 'Copier', [ids.a, ids.b, ids.c]);
    const s = await signals(caller, ids);
    expectTheSignals(s);

    await services().groups.update(
      caller,
      await parse(UpdateAccountGroupInput, { id: made.id, accounts: [ids.a, ids.b].map((accountId) => ({ accountId, multiplier: 1 })) }),
    );
    const after = await signals(caller, ids);
    expect(after).toEqual({ ...s, c1: null });
  });

  it('keeps the ids through the trash and a restore', async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Copier', [ids.a, ids.b, ids.c]);
    for (const k of ['a', 'b', 'c'] as const) await push(caller, ids[k], copies[k]);
    const before = await signals(caller, ids);
    const entry = await services().trash.deleteAccount(caller, ids.b);
    expect(Object.keys(await signals(caller, ids))).not.toContain('b1');
    await services().trash.restore(caller, entry.id);
    expect(await signals(caller, ids)).toEqual(before);
  });

  it('reads only around the stored trades: a mark a day away is not touched by a push', async () => {
    const caller = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    await group(caller, 'Copier', [ids.a, ids.b]);
    await push(caller, ids.a, [position('9', at(-86_400))]);
    // A mark the matching would clear (a trade alone), put there by hand: a push a day later leaves it.
    await getDb().prisma.trade.updateMany({ where: { accountId: ids.a, position: '9' }, data: { signalId: 'far-away' } });
    await push(caller, ids.a, [copies.a[0] as object]);
    await push(caller, ids.b, [copies.b[0] as object]);
    const s = await signals(caller, ids);
    expect(s['a9']).toBe('far-away');
    expect(s['a1']).toEqual(expect.any(String));
    expect(s['b1']).toBe(s['a1']);
  });

  it('never matches another user’s trades, even opened at the same second', async () => {
    const caller = await newCaller(getDb());
    const other = await newCaller(getDb());
    const ids = await fourAccounts(caller);
    const theirs = (await account(other)).id;
    await group(caller, 'Copier', [ids.a, ids.b]);
    await push(other, theirs, [position('1', at(0))]);
    await push(caller, ids.a, [position('1', at(0))]);
    expect((await signals(other, { x: theirs }))['x1']).toBeNull();
    expect((await signals(caller, ids))['a1']).toBeNull();
  });
});

describe('linkedAccounts', () => {
  it('joins the groups that share an account, and leaves a group of one unlinked', () => {
    const linked = linkedAccounts([
      { groupId: 'g1', accountId: 'a' },
      { groupId: 'g1', accountId: 'b' },
      { groupId: 'g2', accountId: 'b' },
      { groupId: 'g2', accountId: 'c' },
      { groupId: 'g3', accountId: 'd' },
      { groupId: 'g4', accountId: 'e' },
      { groupId: 'g4', accountId: 'f' },
    ]);
    expect([...(linked.get('a') ?? [])].sort()).toEqual(['a', 'b', 'c']);
    expect(linked.get('c')).toBe(linked.get('a'));
    expect(linked.has('d')).toBe(false);
    expect([...(linked.get('f') ?? [])].sort()).toEqual(['e', 'f']);
  });
});
