import fc from 'fast-check';
import { firmDayOf } from '../clock/firm-day.js';
import { computeHeadroom, type DayReport, type IntradaySnapshot } from '../headroom/compute.js';
import { effectiveRules } from '../rules/effective.js';
import { alertKeyText, DEFAULT_ALERT_RULES, toAnnounce } from './crossings.js';
import { crossedToday, judgesToday } from './today.js';

/** FTMO 2-Step 100k's loss rules: 5 % of the initial balance below the day-start balance at Prague midnight, 10 % static. */
const ftmo = effectiveRules(
  {
    profitTargetsPercent: [10, 5],
    dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T' },
    maxLoss: { percent: 10, type: 'static' },
    minTradingDays: { days: 4, perPhase: true },
    timeLimit: 'none',
  },
  null,
  { planId: 'ftmo-2-step-100k', checkedOn: '2026-11-01' },
);
const ROLLOVER = { time: '00:00', timeZone: 'Europe/Prague' };
const YESTERDAY = firmDayOf('2026-11-26', ROLLOVER);
const TODAY = firmDayOf('2026-11-27', ROLLOVER);
const startMs = (d: typeof TODAY) => Date.parse(d.startUtc);
/** The day before yesterday closed at 100,000: today's floor is 95,000 whatever yesterday's late data says. */
const EARLIER: DayReport = { day: '2026-11-25', balance: '100000', equity: '100000', closedPnl: '0' };

type Arrival = { kind: 'snapshot'; day: string; atMs: number; equity: number } | { kind: 'report'; day: string; equity: number };

/**
 * Plays arrivals through the store (a report per day; per day the latest snapshot and its extremes, as the
 * intraday row keeps them) and the service's decision after each (today's keys, an in-memory fired log per
 * firm day), judged at the service clock: a minute after the newest of today's snapshots so far.
 */
function play(arrivals: readonly Arrival[]): string[] {
  const reports = new Map<string, DayReport>([[EARLIER.day, EARLIER]]);
  const snaps = new Map<string, { atMs: number; equity: number }[]>();
  const fired = new Set<string>();
  const sent: string[] = [];
  let nowMs = startMs(TODAY) + 6 * 3_600_000;
  for (const a of arrivals) {
    if (a.kind === 'report') reports.set(a.day, { day: a.day, balance: '100000', equity: String(a.equity), closedPnl: '0' });
    else {
      snaps.set(a.day, [...(snaps.get(a.day) ?? []), { atMs: a.atMs, equity: a.equity }]);
      if (a.day === TODAY.day) nowMs = Math.max(nowMs, a.atMs + 60_000);
    }
    const snapshots: IntradaySnapshot[] = [...snaps].map(([day, list]) => {
      const latest = list.reduce((x, y) => (y.atMs > x.atMs ? y : x));
      const equities = list.map((s) => s.equity);
      return {
        day,
        at: new Date(latest.atMs),
        balance: '100000',
        equity: String(latest.equity),
        minEquity: String(Math.min(...equities)),
        maxEquity: String(Math.max(...equities)),
      };
    });
    const h = computeHeadroom({
      at: new Date(nowMs),
      rules: ftmo,
      phaseIndex: 0,
      account: { currency: 'USD', initialBalance: '100000' },
      days: [...reports.values()].sort((x, y) => (x.day < y.day ? -1 : 1)),
      snapshots,
      startedOn: '2026-11-02',
    });
    const day = h.dailyLoss.day?.day ?? '';
    const newly = crossedToday(h, DEFAULT_ALERT_RULES).filter((k) => !fired.has(`${day} ${alertKeyText(k)}`));
    for (const k of newly) fired.add(`${day} ${alertKeyText(k)}`);
    sent.push(...toAnnounce(newly).map((k) => `${day} ${alertKeyText(k)}`));
  }
  return sent;
}

const todays = (equities: readonly number[]): Arrival[] =>
  equities.map((equity, i) => ({ kind: 'snapshot', day: TODAY.day, atMs: startMs(TODAY) + 8 * 3_600_000 + i * 60_000, equity }));
const yesterdays = (equities: readonly number[]): Arrival[] =>
  equities.map((equity, i) => ({ kind: 'snapshot', day: YESTERDAY.day, atMs: startMs(YESTERDAY) + 9 * 3_600_000 + i * 60_000, equity }));

describe("alerts judge today's data only", () => {
  it("a tracker's late flush of yesterday (eleven snapshots and the report) leaves today's three crossings armed", () => {
    const late = [
      ...yesterdays([99000, 98500, 98000, 97500, 97000, 96500, 96000, 95500, 95250, 95100, 95050]),
      { kind: 'report', day: YESTERDAY.day, equity: 95050 } as const,
    ];
    const today = todays([97000, 96000, 95250]);
    expect(play(today)).toEqual(['2026-11-27 daily_loss:50', '2026-11-27 daily_loss:25', '2026-11-27 daily_loss:10']);
    expect(play([...late, ...today])).toEqual(play(today));
  });

  it('judges nothing before the first snapshot of today: a report or a snapshot of yesterday is not today', () => {
    const base = { at: TODAY.startUtc, dailyLoss: { day: TODAY } } as const;
    expect(judgesToday({ ...base, stale: { source: 'report', asOf: TODAY.startUtc } } as never)).toBe(false);
    expect(judgesToday({ ...base, stale: { source: 'snapshot', asOf: new Date(startMs(TODAY) - 1).toISOString() } } as never)).toBe(false);
    expect(judgesToday({ ...base, stale: { source: 'snapshot', asOf: TODAY.startUtc } } as never)).toBe(true);
  });

  it("today's messages are those of today's path alone, whatever late data of yesterday arrives before, between or after (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 94_000, max: 100_500 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.record({ equity: fc.integer({ min: 91_000, max: 100_500 }), slot: fc.nat(), report: fc.boolean() }), { maxLength: 12 }),
        (todayPath, lateItems) => {
          const today = todays(todayPath);
          const late = lateItems.map(({ equity, report }, i): Arrival =>
            report
              ? { kind: 'report', day: YESTERDAY.day, equity }
              : { kind: 'snapshot', day: YESTERDAY.day, atMs: startMs(YESTERDAY) + 9 * 3_600_000 + i * 1000, equity },
          );
          // Each late item arrives before today's k-th snapshot (k = its slot), today's own order kept.
          const mixed: Arrival[] = [];
          for (let k = 0; k <= today.length; k++) {
            mixed.push(...late.filter((_, i) => lateItems[i]!.slot % (today.length + 1) === k));
            if (k < today.length) mixed.push(today[k]!);
          }
          const sent = play(mixed);
          expect(sent).toEqual(play(today));
          expect(sent.every((m) => m.startsWith(TODAY.day))).toBe(true);
        },
      ),
    );
  });
});
