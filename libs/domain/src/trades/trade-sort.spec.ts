import { expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from './trade-fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { TRADE_SORTS, type SortOrder, type TradeSort } from './trade-sort.js';
import { ListTradesInput } from './trades.inputs.js';
import type { TradeView } from './trades.outputs.js';

/**
 * 17 trades with ties on every sort column (same close instant, symbol, net, volume), so that paging 4 at a time
 * crosses ties: each ordering's pages, put together, are the trades sorted in JS by (column, id) the same way.
 */
const POSITIONS = Array.from({ length: 17 }, (_, i) => {
  const hour = String(10 + (i % 5)).padStart(2, '0');
  return closedPosition(String(1000 + i), {
    symbol: ['EURUSD', 'USDJPY', 'AUDUSD', 'XAUUSD'][i % 4],
    volume: [0.1, 1, 0.25][i % 3],
    profit: [120, -45.5, 0, 120, 8.25, -300][i % 6],
    commission: 0,
    openedAt: `2026-03-0${String(1 + (i % 3))}T09:${String(i).padStart(2, '0')}:00Z`,
    closedAt: `2026-03-05T${hour}:00:00Z`,
  });
});

describeEachDatabase('list_trades sorts by a column and pages exactly in that order', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);

  const list = async (caller: Caller, input: object) => services().trades.list(caller, await parse(ListTradesInput, input));

  async function allPages(caller: Caller, input: object): Promise<TradeView[]> {
    const items: TradeView[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await list(caller, { ...input, limit: 4, ...(cursor === undefined ? {} : { cursor }) });
      items.push(...page.items);
      if (page.nextCursor === null) return items;
      cursor = page.nextCursor;
    }
    throw new Error('the pages never ended');
  }

  // ISO instants compare as text; net and volume as the numbers they are; symbols by code unit, as COLLATE "C" does.
  const key = (t: TradeView, sort: TradeSort): string | number => t[sort];
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  function sortedInJs(trades: TradeView[], sort: TradeSort, order: SortOrder): string[] {
    const sign = order === 'asc' ? 1 : -1;
    return [...trades].sort((a, b) => sign * (cmp(key(a, sort), key(b, sort)) || cmp(a.id, b.id))).map((t) => t.id);
  }

  it('answers every column in both orders, page after page, as a sort in JS; newest close first by default', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    await push(caller, id, POSITIONS);
    const all = (await list(caller, { limit: 200 })).items;
    expect(all).toHaveLength(17);
    expect((await allPages(caller, {})).map((t) => t.id)).toEqual(sortedInJs(all, 'closedAt', 'desc'));
    for (const sort of TRADE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const paged = (await allPages(caller, { sort, order })).map((t) => t.id);
        expect({ sort, order, ids: paged }).toEqual({ sort, order, ids: sortedInJs(all, sort, order) });
      }
    }
    // Filters still apply under a sort.
    const euro = (await allPages(caller, { sort: 'net', order: 'asc', symbol: 'EURUSD' })).map((t) => t.id);
    expect(euro).toEqual(
      sortedInJs(
        all.filter((t) => t.symbol === 'EURUSD'),
        'net',
        'asc',
      ),
    );
  });

  it('refuses a cursor of another ordering, and an unknown sort or order, naming the field (400)', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    await push(caller, id, POSITIONS);
    const byNet = await list(caller, { sort: 'net', limit: 2 });
    const byDefault = await list(caller, { limit: 2 });
    const refused = (field: string) => ({ code: 'validation_failed', errors: [expect.objectContaining({ field })] });
    await expect(list(caller, { sort: 'volume', cursor: byNet.nextCursor })).rejects.toMatchObject(refused('cursor'));
    await expect(list(caller, { sort: 'net', order: 'asc', cursor: byNet.nextCursor })).rejects.toMatchObject(refused('cursor'));
    await expect(list(caller, { cursor: byNet.nextCursor })).rejects.toMatchObject(refused('cursor'));
    await expect(list(caller, { sort: 'net', cursor: byDefault.nextCursor })).rejects.toMatchObject(refused('cursor'));
    // The default ordering's cursor is still the two-part one clients held before sorting existed.
    expect(JSON.parse(Buffer.from(byDefault.nextCursor ?? '', 'base64url').toString())).toHaveLength(2);
    await expect(list(caller, { sort: 'profit' })).rejects.toMatchObject(refused('sort'));
    await expect(list(caller, { order: 'up' })).rejects.toMatchObject(refused('order'));
  });

  it('never lists another user’s trades, whatever the ordering', async () => {
    const owner = await newCaller(getDb());
    const other = await newCaller(getDb());
    const { id } = await account(owner);
    await push(owner, id, POSITIONS);
    for (const sort of TRADE_SORTS) expect((await list(other, { sort, order: 'asc' })).items).toEqual([]);
  });
});
