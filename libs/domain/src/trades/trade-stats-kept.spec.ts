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
import { composeRuns } from './trade-stats-kept.js';
import { NO_RUNS, runsOf, runsOfNewestFirst, thenRuns } from './trade-stats-runs.js';
import { ListTradesInput, PushPositionsInput, TradeStatsInput, UpdateTradeInput } from './trades.inputs.js';

// Zones with whole-hour, half-hour and daylight-saving offsets.
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Australia/Adelaide'] as const;
const DAY = 86_400_000;
// From 2026-03-02: the sequences cross New York's (03-08) and London's (03-29) daylight-saving changes.
const START = Date.UTC(2026, 2, 2);

const positionArb = fc.record({
  position: fc.integer({ min: 0, max: 11 }).map(String),
  symbol: fc.constantFrom('EURUSD', 'USDJPY', 'XAUUSD'),
  side: fc.constantFrom('buy', 'sell'),
  openedMinute: fc.integer({ min: 0, max: 40 * 24 * 60 }),
  heldMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
  // Cents, and the sub-cent nets either side of breakeven (|net| < 0.005).
  profit: fc.oneof(
    fc.integer({ min: -50_000, max: 50_000 }).map((c) => c / 100),
    fc.constantFrom(0, 0.004, -0.004, 0.005, -0.005),
  ),
  commission: fc.constantFrom(0, -3.5, -7),
  mae: fc.option(fc.integer({ min: -9_000, max: 0 }).map((c) => c / 100)),
  mfe: fc.option(fc.integer({ min: 0, max: 9_000 }).map((c) => c / 100)),
});
type Position = typeof positionArb extends fc.Arbitrary<infer T> ? T : never;

const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      account: fc.nat(1),
      // After every trade stored so far (the tracker's usual message), or anywhere in time (a statement).
      after: fc.boolean(),
      positions: fc.uniqueArray(positionArb, { selector: (p) => p.position, minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tag' as const),
      account: fc.nat(1),
      position: fc.nat(11),
      tags: fc.subarray(['A', 'B', 'news']),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('risk' as const),
      account: fc.nat(1),
      position: fc.nat(20),
      risk: fc.option(fc.constantFrom(7, 50, 120.5, 333)),
    }),
  },
);

describeEachDatabase('trade stats kept on write', (getDb) => {
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
  const asPushed = (p: Position, offsetMs: number) => {
    const opened = START + offsetMs + p.openedMinute * 60_000;
    return closedPosition(p.position, {
      symbol: p.symbol,
      side: p.side,
      openedAt: new Date(opened).toISOString(),
      closedAt: new Date(opened + p.heldMinutes * 60_000).toISOString(),
      profit: p.profit,
      commission: p.commission,
      mae: p.mae,
      mfe: p.mfe,
    });
  };

  /** The kept answer (the service's read) against the live one, for every scope of the caller in one zone. */
  const agree = async (caller: Caller, scopes: object[], zone: string) => {
    for (const scope of scopes) {
      const input = await parse(TradeStatsInput, { ...scope, timeZone: zone });
      const kept = withoutJournal(await services().trades.stats(caller, input));
      expect({ scope, zone, stats: kept }).toEqual({ scope, zone, stats: await readTradeStats(getDb(), caller, input) });
    }
  };

  it('answers what the live read answers after any pushes, resends, corrections, tag and risk edits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        fc.constantFrom(...ZONES),
        async (steps, apart, zone) => {
          const caller = await newCaller(getDb());
          const challenge = await services().challenges.create(
            caller,
            await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
          );
          const accounts = [(await account(caller, challenge.id)).id, (await account(caller, challenge.id)).id];
          // Another user's trades in the same zones and cells: never counted.
          const other = await newCaller(getDb());
          await push(other, (await account(other)).id, [asPushed({ ...fc.sample(positionArb, 1)[0]!, position: '1' }, 0)]);
          const scopes = [{ accountId: accounts[0] }, { accountId: accounts[1] }, { challengeId: challenge.id }, {}];
          // Built before any trade, so that every write below goes through the triggers.
          await agree(caller, scopes, zone);
          // The second account trades either over the same weeks (the streaks interleave) or after the first.
          const offsets = [0, apart ? 60 * DAY : DAY / 3];
          const latest = [0, 0];
          const stored = new Set<string>();
          let fresh = 0;
          for (const step of steps) {
            const accountId = accounts[step.account]!;
            if (step.kind === 'push') {
              const shift = offsets[step.account]! + (step.after ? latest[step.account]! : 0);
              // A message after the others carries new positions; one anywhere in time may resend or correct stored ones.
              const pushed = step.positions.map((p) => asPushed(step.after ? { ...p, position: String(1000 + fresh++) } : p, shift));
              await push(caller, accountId, pushed);
              for (const p of pushed)
                latest[step.account] = Math.max(latest[step.account]!, Date.parse(String(p.closedAt)) - START - offsets[step.account]!);
              for (const p of pushed) stored.add(`${step.account}:${String(p.position)}`);
            } else {
              const { items } = await services().trades.list(caller, await parse(ListTradesInput, { accountId }));
              const trade = items[step.position % Math.max(1, items.length)];
              if (!trade) continue;
              const edit = step.kind === 'tag' ? { tags: step.tags } : { plannedRisk: step.risk };
              await services().trades.update(caller, await parse(UpdateTradeInput, { id: trade.id, ...edit }));
            }
            await agree(caller, scopes, zone);
          }
          const all = await services().trades.stats(caller, await parse(TradeStatsInput, {}));
          expect(all.overall.count).toBe(stored.size);
        },
      ),
      { numRuns: 25 },
    );
    // Minutes on a loaded machine (a build and a comparison per step).
  }, 300_000);

  it('keeps the summary through a trash round trip and a back-filled history', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const later = Array.from({ length: 6 }, (_, i) =>
      closedPosition(String(10 + i), { closedAt: `2026-03-1${i}T02:00:00Z`, profit: [5, 6, -1, -2, -3, 4][i], commission: 0 }),
    );
    await push(caller, id, later);
    // The zone named, as readTradeStats' default (an account of no firm counts UTC days through the service).
    const input = await parse(TradeStatsInput, { accountId: id, timeZone: 'Asia/Tokyo' });
    expect((await services().trades.stats(caller, input)).longestLossStreak).toBe(3);
    // Older trades arrive after the summary was built (a statement of last month): the runs are counted again.
    await push(caller, id, [
      closedPosition('1', { closedAt: '2026-03-05T02:00:00Z', profit: -9, commission: 0 }),
      closedPosition('2', { closedAt: '2026-03-06T02:00:00Z', profit: -9, commission: 0 }),
      closedPosition('3', { closedAt: '2026-03-07T02:00:00Z', profit: -9, commission: 0 }),
      closedPosition('4', { closedAt: '2026-03-08T02:00:00Z', profit: -9, commission: 0 }),
    ]);
    const after = withoutJournal(await services().trades.stats(caller, input));
    expect(after).toMatchObject({ longestLossStreak: 4, longestWinStreak: 2, overall: { count: 10 } });
    expect(after).toEqual(await readTradeStats(getDb(), caller, input));
    // A correction of a trade's figures drops the summary; the next read builds it again with the new figures.
    await push(caller, id, [closedPosition('10', { closedAt: '2026-03-10T02:00:00Z', profit: 500, commission: 0 })]);
    expect((await services().trades.stats(caller, input)).overall.largestWin).toBe(500);
    await push(caller, id, [closedPosition('10', { closedAt: '2026-03-10T02:00:00Z', profit: 5, commission: 0 })]);
    const corrected = withoutJournal(await services().trades.stats(caller, input));
    expect(corrected.overall.largestWin).toBe(6);
    expect(corrected).toEqual(await readTradeStats(getDb(), caller, input));
    // The trash takes the account's trades out and puts them back: the summary goes with them and is built again.
    const entry = await services().trash.deleteAccount(caller, id);
    await services().trash.restore(caller, entry.id);
    expect(withoutJournal(await services().trades.stats(caller, input))).toEqual(corrected);
  });

  it('keeps at most four zones per account, each still exact after a write', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    await push(caller, id, [
      closedPosition('1'),
      closedPosition('2', { profit: -20, openedAt: '2026-03-08T06:30:00Z', closedAt: '2026-03-08T08:00:00Z' }),
    ]);
    const input = (timeZone: string) => parse(TradeStatsInput, { accountId: id, timeZone });
    for (const zone of ZONES) await services().trades.stats(caller, await input(zone));
    const kept = await getDb().driverQuery<{ timeZone: string }>('SELECT "timeZone" FROM "TradeStatsSummary" WHERE "accountId" = $1', [id]);
    expect(kept).toHaveLength(4);
    expect(kept.map((k) => k.timeZone)).toContain(ZONES[4]);
    await push(caller, id, [closedPosition('3', { profit: 40, openedAt: '2026-03-29T00:30:00Z', closedAt: '2026-03-29T02:00:00Z' })]);
    for (const zone of ZONES) {
      expect(withoutJournal(await services().trades.stats(caller, await input(zone)))).toEqual(
        await readTradeStats(getDb(), caller, await input(zone)),
      );
    }
  });

  it('stays exact when a first read builds the summary while trades are being written', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const batch = (from: number) =>
      Array.from({ length: 300 }, (_, i) =>
        closedPosition(String(from + i), {
          openedAt: new Date(START + (from + i) * 600_000).toISOString(),
          closedAt: new Date(START + (from + i) * 600_000 + 300_000).toISOString(),
          profit: ((from + i) % 7) - 3,
        }),
      );
    await push(caller, id, batch(0));
    // Each round a zone not asked before, so its read builds while the next message is stored (PostgreSQL runs both
    // at once: the build's lock on the account orders them; either the build sees the message or the message sees the summary).
    for (const [round, zone] of ZONES.slice(0, 4).entries()) {
      const input = await parse(TradeStatsInput, { accountId: id, timeZone: zone });
      await Promise.all([push(caller, id, batch(300 * (round + 1))), services().trades.stats(caller, input)]);
      expect(withoutJournal(await services().trades.stats(caller, input))).toEqual(await readTradeStats(getDb(), caller, input));
    }
  }, 300_000);

  it('composes runs only across accounts whose trades follow one another', () => {
    const runs = (o: string, firstAt: number, lastAt: number) => ({
      count: o.length,
      prefixWins: /^W*/.exec(o)![0].length,
      prefixLosses: /^L*/.exec(o)![0].length,
      suffixWins: /W*$/.exec(o)![0].length,
      suffixLosses: /L*$/.exec(o)![0].length,
      longestWins: Math.max(0, ...(o.match(/W+/g) ?? []).map((m) => m.length)),
      longestLosses: Math.max(0, ...(o.match(/L+/g) ?? []).map((m) => m.length)),
      firstAt,
      lastAt,
    });
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[WLB]{1,8}$/), { minLength: 1, maxLength: 4 }), (parts) => {
        const whole = parts.join('');
        const longest = (m: string) => Math.max(0, ...(whole.match(new RegExp(`${m}+`, 'g')) ?? []).map((r) => r.length));
        expect(composeRuns(parts.map((p, i) => runs(p, i * 10, i * 10 + 5)))).toEqual({ wins: longest('W'), losses: longest('L') });
      }),
    );
    expect(composeRuns([runs('W', 0, 10), runs('W', 10, 20)])).toBeNull();
  });

  it("appends stretches' runs (a window's edges and days) as the runs of the whole, either way the letters are written", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[WLB]{0,8}$/), { maxLength: 5 }), (parts) => {
        const whole = parts.join('');
        const appended = parts.reduce((all, part) => thenRuns(all, runsOf(part, 0, 0)), NO_RUNS);
        const expected = runsOf(whole, 0, 0);
        const figures = (r: typeof expected) => ({ ...r, firstAt: 0, lastAt: 0 });
        expect(figures(appended)).toEqual(figures(expected));
        expect(figures(runsOfNewestFirst(whole.split('').reverse().join('')))).toEqual(figures(expected));
      }),
    );
  });
});
