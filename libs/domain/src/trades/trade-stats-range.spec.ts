import { expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { RegisterAccountInput } from '../accounts/accounts.inputs.js';
import { CreateChallengeInput } from '../challenges/challenges.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition, withoutJournal } from './trade-fixtures.js';
import { readTradeStats } from './trades.repository.js';
import { readRangeTradeStats } from './trade-stats-range.js';
import { sliceStatements } from './trades.repository.js';
import { ListTradesInput, PushPositionsInput, TradeStatsInput, UpdateTradeInput } from './trades.inputs.js';

// Zones with whole-hour, half-hour and daylight-saving offsets.
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Australia/Adelaide'] as const;
const MINUTE = 60_000;
const DAY = 86_400_000;
// From 2026-03-02 over 40 days: the windows cross New York's (03-08) and London's (03-29) daylight-saving changes.
const START = Date.UTC(2026, 2, 2);
const SPAN_MINUTES = 40 * 24 * 60;

/** The instant of local midnight starting `day` (a UTC calendar date's epoch ms) in `zone`. */
function localMidnight(day: number, zone: string): number {
  const wall = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(instant);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  };
  // The wall clock runs ahead of UTC by the zone's offset at that instant: correct twice (the offset may change in between).
  let instant = day - (wall(day) - day);
  instant = day - (wall(instant) - instant);
  return instant;
}

const tradeArb = fc.record({
  symbol: fc.constantFrom('EURUSD', 'USDJPY', 'XAUUSD'),
  side: fc.constantFrom('buy', 'sell'),
  openedMinute: fc.integer({ min: 0, max: SPAN_MINUTES }),
  heldMinutes: fc.integer({ min: 0, max: 2 * 24 * 60 }),
  profit: fc.oneof(
    fc.integer({ min: -50_000, max: 50_000 }).map((c) => c / 100),
    fc.constantFrom(0, 0.004, -0.004, 0.005, -0.005),
  ),
  mae: fc.option(fc.integer({ min: -9_000, max: 0 }).map((c) => c / 100)),
  mfe: fc.option(fc.integer({ min: 0, max: 9_000 }).map((c) => c / 100)),
  tags: fc.subarray(['A', 'B', 'news']),
  plannedRisk: fc.option(fc.constantFrom(7, 50, 120.5, 333)),
});

/** A window: whole days of the trader's zone (from local midnight to local midnight), or any two minutes. */
const windowArb = fc.oneof(
  fc
    .tuple(fc.integer({ min: -1, max: 42 }), fc.integer({ min: 1, max: 20 }), fc.boolean(), fc.boolean())
    .map(([first, days, withFrom, withTo]) => ({ kind: 'days' as const, first, days, withFrom, withTo })),
  fc
    .tuple(fc.integer({ min: -60, max: SPAN_MINUTES + 3000 }), fc.integer({ min: 1, max: 20 * 24 * 60 }), fc.boolean(), fc.boolean())
    .map(([fromMinute, minutes, withFrom, withTo]) => ({ kind: 'minutes' as const, fromMinute, minutes, withFrom, withTo })),
);
type Window = typeof windowArb extends fc.Arbitrary<infer T> ? T : never;

function bounds(window: Window, zone: string): { from?: string; to?: string } {
  const [from, to] =
    window.kind === 'days'
      ? [localMidnight(START + window.first * DAY, zone), localMidnight(START + (window.first + window.days) * DAY, zone)]
      : [START + window.fromMinute * MINUTE, START + (window.fromMinute + window.minutes) * MINUTE];
  // At least one end, or the read is not a window (the kept summary answers it).
  return {
    ...(window.withFrom || !window.withTo ? { from: new Date(from).toISOString() } : {}),
    ...(window.withTo ? { to: new Date(to).toISOString() } : {}),
  };
}

describeEachDatabase('trade stats over a close window: whole days kept, edges read in slices', (getDb, target) => {
  const services = () => createDomainServices(getDb());
  const account = async (caller: Caller, challengeId?: string) =>
    services().accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'Broker-Live',
        currency: 'USD',
        initialBalance: 10000,
        ...(challengeId ? { challengeId } : {}),
      }),
    );
  const push = async (caller: Caller, id: string, positions: object[]) =>
    services().trades.push(caller, await parse(PushPositionsInput, { id, positions }));

  /** Stores the trades, tags and planned risk included, under two accounts of one challenge; its scopes. */
  const store = async (caller: Caller, trades: (typeof tradeArb extends fc.Arbitrary<infer T> ? T : never)[][]) => {
    const challenge = await services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
    );
    const accounts: string[] = [];
    for (const [a, list] of trades.entries()) {
      const { id } = await account(caller, challenge.id);
      accounts.push(id);
      if (list.length === 0) continue;
      await push(
        caller,
        id,
        list.map((t, i) => {
          const opened = START + t.openedMinute * MINUTE;
          return closedPosition(String(1000 * a + i), {
            symbol: t.symbol,
            side: t.side,
            openedAt: new Date(opened).toISOString(),
            closedAt: new Date(opened + t.heldMinutes * MINUTE).toISOString(),
            profit: t.profit,
            mae: t.mae,
            mfe: t.mfe,
          });
        }),
      );
      for (const [i, t] of list.entries()) {
        if (t.tags.length === 0 && t.plannedRisk === null) continue;
        await getDb().prisma.trade.updateMany({
          where: { accountId: id, position: String(1000 * a + i) },
          data: { tags: t.tags, plannedRisk: t.plannedRisk },
        });
      }
    }
    return [{ accountId: accounts[0] }, { challengeId: challenge.id }, {}];
  };

  it('answers exactly what the one-statement live read answers, for whole-day and partial windows and any slice size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(tradeArb, { maxLength: 25 }), { minLength: 1, maxLength: 2 }),
        fc.array(windowArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 9 }),
        async (trades, windows, zone, perSlice) => {
          const caller = await newCaller(getDb());
          const scopes = await store(caller, trades);
          for (const window of windows) {
            for (const scope of scopes) {
              const input = await parse(TradeStatsInput, { ...scope, ...bounds(window, zone), timeZone: zone });
              const live = await readTradeStats(getDb(), caller, input);
              expect({
                window,
                scope,
                stats: await readRangeTradeStats(sliceStatements(getDb()), caller, input, { tradesPerSlice: perSlice }),
              }).toEqual({
                window,
                scope,
                stats: live,
              });
              // The service's read (the default slice size) answers the same.
              expect(withoutJournal(await services().trades.stats(caller, input))).toEqual(live);
            }
          }
        },
      ),
      { numRuns: 20 },
    );
    // Each run builds its accounts' summaries and day rows on the first read: minutes on a loaded machine.
  }, 300_000);

  /** A trade of the write steps: closed at a minute of the span, or at a local midnight of the zone or a second before it. */
  const closeArb = fc.oneof(
    { weight: 3, arbitrary: fc.record({ at: fc.constant('minute' as const), minute: fc.integer({ min: 0, max: SPAN_MINUTES }) }) },
    {
      weight: 2,
      arbitrary: fc.record({ at: fc.constantFrom('midnight' as const, 'before' as const), day: fc.integer({ min: 0, max: 40 }) }),
    },
  );
  const writeArb = fc.record({
    close: closeArb,
    heldMinutes: fc.integer({ min: 0, max: 2 * 24 * 60 }),
    symbol: fc.constantFrom('EURUSD', 'USDJPY'),
    side: fc.constantFrom('buy', 'sell'),
    profit: fc.oneof(
      fc.integer({ min: -300, max: 300 }).map((c) => c / 10),
      fc.constantFrom(0, 0.004, -0.005),
    ),
  });
  const stepArb = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('push' as const),
        account: fc.nat(2),
        trades: fc.array(writeArb, { minLength: 1, maxLength: 6 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('tag' as const), account: fc.nat(2), pick: fc.nat(30), tags: fc.subarray(['A', 'B']) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('risk' as const),
        account: fc.nat(2),
        pick: fc.nat(30),
        risk: fc.option(fc.constantFrom(7, 120.5)),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('figures' as const),
        account: fc.nat(2),
        pick: fc.nat(30),
        profit: fc.integer({ min: -90, max: 90 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), account: fc.nat(2), pick: fc.nat(30) }) },
  );

  it('answers exactly what the one-statement live read answers while trades are written after the days were kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 6 }),
        fc.array(windowArb, { minLength: 2, maxLength: 3 }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Adelaide'),
        // Accounts trading over the same weeks (streaks interleave within days) or each on its own weeks.
        fc.boolean(),
        async (steps, windows, zone, apart) => {
          const caller = await newCaller(getDb());
          const challenge = await services().challenges.create(
            caller,
            await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
          );
          const accounts = [
            (await account(caller, challenge.id)).id,
            (await account(caller, challenge.id)).id,
            (await account(caller, challenge.id)).id,
          ];
          const scopes = [{ accountId: accounts[0] }, { challengeId: challenge.id }];
          const agree = async () => {
            for (const window of windows) {
              for (const scope of scopes) {
                const input = await parse(TradeStatsInput, { ...scope, ...bounds(window, zone), timeZone: zone });
                expect({ window, scope, stats: withoutJournal(await services().trades.stats(caller, input)) }).toEqual({
                  window,
                  scope,
                  stats: await readTradeStats(getDb(), caller, input),
                });
              }
            }
          };
          // The day rows are built by the first read, before any trade: every write below goes through the triggers.
          await agree();
          let next = 0;
          for (const step of steps) {
            const accountId = accounts[step.account]!;
            const trades = async () =>
              (await services().trades.list(caller, await parse(ListTradesInput, { accountId, limit: 100 }))).items;
            if (step.kind === 'push') {
              const shift = apart ? step.account * 13 * DAY : 0;
              await push(
                caller,
                accountId,
                step.trades.map((t) => {
                  const closed =
                    shift +
                    (t.close.at === 'minute'
                      ? START + t.close.minute * MINUTE
                      : localMidnight(START + t.close.day * DAY, zone) - (t.close.at === 'before' ? 1000 : 0));
                  return closedPosition(String(next++), {
                    symbol: t.symbol,
                    side: t.side,
                    openedAt: new Date(closed - t.heldMinutes * MINUTE).toISOString(),
                    closedAt: new Date(closed).toISOString(),
                    profit: t.profit,
                    commission: 0,
                  });
                }),
              );
              continue;
            }
            const list = await trades();
            const trade = list[step.pick % Math.max(1, list.length)];
            if (trade === undefined) continue;
            if (step.kind === 'tag' || step.kind === 'risk') {
              const edit = step.kind === 'tag' ? { tags: step.tags } : { plannedRisk: step.risk };
              await services().trades.update(caller, await parse(UpdateTradeInput, { id: trade.id, ...edit }));
            } else if (step.kind === 'figures') {
              // A broker's correction: the same position again with other figures.
              await getDb().prisma.trade.update({ where: { id: trade.id }, data: { net: step.profit, profit: step.profit } });
            } else {
              await getDb().prisma.trade.delete({ where: { id: trade.id } });
            }
            await agree();
          }
          await agree();
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);

  it('builds the day rows newest day first in slices, a write to a day not built yet counted once', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const zone = 'America/New_York';
    const on = (day: number, hour: number, profit: number, position: string) =>
      closedPosition(position, {
        openedAt: new Date(START + day * DAY + hour * 3_600_000 - 600_000).toISOString(),
        closedAt: new Date(START + day * DAY + hour * 3_600_000).toISOString(),
        profit,
        commission: 0,
      });
    await push(
      caller,
      id,
      Array.from({ length: 20 }, (_, i) => on(i, 15, i % 3 === 0 ? -10 : 12, String(i))),
    );
    const input = await parse(TradeStatsInput, { accountId: id, from: new Date(START + 2 * DAY).toISOString(), timeZone: zone });
    // The summary alone (the all-time read), then the day rows of its newest days only: two slices of two trades.
    await services().trades.stats(caller, await parse(TradeStatsInput, { accountId: id, timeZone: zone }));
    const slice = () => getDb().driverQuery<{ built: string }>('SELECT "propfolio_trade_days_build"($1, $2, 2) AS "built"', [id, zone]);
    await slice();
    const [{ built } = { built: '' }] = await slice();
    expect(built).toBe('2026-03-18');
    // Trades on a built day and on days not built yet, a journal edit on each side: each counted once.
    await push(caller, id, [on(19, 18, 30, '100'), on(5, 18, -40, '101'), on(1, 18, 7, '102')]);
    const { items } = await services().trades.list(caller, await parse(ListTradesInput, { accountId: id, limit: 100 }));
    for (const trade of items.filter((t) => ['19', '4', '101'].includes(t.position))) {
      await services().trades.update(caller, await parse(UpdateTradeInput, { id: trade.id, tags: ['A'], plannedRisk: 20 }));
    }
    expect(withoutJournal(await services().trades.stats(caller, input))).toEqual(await readTradeStats(getDb(), caller, input));
    const [kept] = await getDb().driverQuery<{ daysFrom: string }>(
      'SELECT "daysFrom"::text AS "daysFrom" FROM "TradeStatsSummary" WHERE "accountId" = $1',
      [id],
    );
    // The read built the rest (fewer trades than one slice's: every day).
    expect(kept?.daysFrom).toBe('-infinity');
    const all = await parse(TradeStatsInput, { accountId: id, to: new Date(START + 30 * DAY).toISOString(), timeZone: zone });
    expect(withoutJournal(await services().trades.stats(caller, all))).toEqual(await readTradeStats(getDb(), caller, all));
  }, 120_000);

  it('keeps trades closed at one instant in one slice, however many share it', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    // Seven trades closed at the same millisecond between others: a slice of 2 cannot split them.
    await push(caller, id, [
      ...Array.from({ length: 7 }, (_, i) =>
        closedPosition(String(100 + i), { closedAt: '2026-03-05T10:00:00.123Z', profit: i % 2 === 0 ? 10 : -10 }),
      ),
      ...Array.from({ length: 5 }, (_, i) => closedPosition(String(200 + i), { closedAt: `2026-03-0${4 + i}T09:00:00Z`, profit: -5 })),
    ]);
    const input = await parse(TradeStatsInput, { accountId: id, from: '2026-03-01T00:00:00Z', timeZone: 'Asia/Tokyo' });
    const sliced = await readRangeTradeStats(sliceStatements(getDb()), caller, input, { tradesPerSlice: 2 });
    expect(sliced.overall.count).toBe(12);
    expect(sliced).toEqual(await readTradeStats(getDb(), caller, input));
  });

  it('hands the event loop back between slices, so other requests are answered during a long window', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const trades = 120;
    await push(
      caller,
      id,
      Array.from({ length: trades }, (_, i) =>
        closedPosition(String(i), {
          openedAt: new Date(START + i * 3_600_000).toISOString(),
          closedAt: new Date(START + i * 3_600_000 + 600_000).toISOString(),
          profit: (i % 5) - 2,
        }),
      ),
    );
    const input = await parse(TradeStatsInput, { accountId: id, from: '2026-03-01T00:00:00Z', timeZone: 'Europe/London' });
    // What a health check needs: a turn of the loop's check phase. Count the turns the read leaves to others.
    const turnsDuring = async (read: () => Promise<unknown>) => {
      let turns = 0;
      let reading = true;
      const tick = () => {
        if (!reading) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      await read();
      reading = false;
      return turns;
    };
    const perSlice = 10;
    const sliced = await turnsDuring(() => readRangeTradeStats(sliceStatements(getDb()), caller, input, { tradesPerSlice: perSlice }));
    // At least one turn between every two slices (PostgreSQL's socket waits give more).
    expect(sliced).toBeGreaterThanOrEqual(trades / perSlice - 1);
    if (target === 'pglite') {
      // The one-statement read keeps PGlite's whole fold in one turn: fewer turns than the slices gave.
      const whole = await turnsDuring(() => readTradeStats(getDb(), caller, input));
      expect(whole).toBeLessThan(sliced);
    }
  });
});
