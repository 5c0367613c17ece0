import fc from 'fast-check';
import { type AlertFigures, alertFiguresOf, alertKeyText, crossedNow, decideAlerts, DEFAULT_ALERT_RULES } from './crossings.js';
import { quietBounds, staysQuiet } from './quiet.js';

/** A firm day with the FTMO 100k floors: daily 95,000 (limit 5,000), maximum 90,000 (limit 10,000), target 110,000. */
const END = Date.UTC(2026, 2, 30, 22);
const round2 = (x: number) => Math.round(x * 100) / 100;
function headroomAt(equity: number, balance: number, lowest = equity) {
  const judged = alertFiguresOf({
    dailyLoss: { floor: 95000, limit: 5000, leftPercent: round2(((equity - 95000) / 5000) * 100), lowestEquity: lowest },
    maxLoss: { type: 'static', floor: 90000, limit: 10000, leftPercent: round2(((equity - 90000) / 10000) * 100) },
    reasons: [],
    target: { remaining: null },
    consistency: null,
  } as never);
  return {
    dailyLoss: {
      day: { day: '2026-03-30', startUtc: '2026-03-29T22:00:00Z', endUtc: '2026-03-30T22:00:00Z', startLocal: '', endLocal: '' },
      floor: 95000,
      limit: 5000,
    },
    maxLoss: { type: 'static' as const, floor: 90000, limit: 10000 },
    target: { level: 110000 },
    figures: {
      // As the service judges them: the day's lowest equity so far (see alertFiguresOf).
      dailyLeftPercent: judged.dailyLeftPercent,
      maxLeftPercent: judged.maxLeftPercent,
      breached: lowest < 95000,
      targetReached: balance >= 110000,
      bestDayUsedPercent: null,
    } satisfies AlertFigures,
  };
}

/** Runs a path through the decision, evaluating every snapshot or only those outside the last bounds. */
function run(path: readonly [number, number][], skipQuiet: boolean): string[] {
  const log = new Set<string>();
  const sent: string[] = [];
  let bounds: ReturnType<typeof quietBounds> = null;
  let lowest = Infinity;
  path.forEach(([equity, balance], i) => {
    // The database folds every snapshot into the day's lowest, evaluated or not.
    lowest = Math.min(lowest, equity);
    if (skipQuiet && bounds && staysQuiet(bounds, { atMs: END - 1000 + i, equity, balance })) return;
    const h = headroomAt(equity, balance, lowest);
    const { log: newly, announce } = decideAlerts(h.figures, DEFAULT_ALERT_RULES, log);
    newly.forEach((k) => log.add(alertKeyText(k)));
    sent.push(...announce.map(alertKeyText));
    bounds = quietBounds(
      { dailyLoss: h.dailyLoss as never, maxLoss: h.maxLoss as never, target: h.target as never },
      DEFAULT_ALERT_RULES,
      crossedNow(h.figures, DEFAULT_ALERT_RULES),
    );
  });
  return sent;
}

describe('quiet bounds', () => {
  it('skipping the snapshots inside the bounds sends exactly what evaluating every snapshot sends (property)', () => {
    const step = fc.tuple(fc.integer({ min: 8_900_000, max: 11_100_000 }), fc.integer({ min: 9_000_000, max: 11_100_000 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (cents) => {
        const path = cents.map(([e, b]) => [e / 100, b / 100] as [number, number]);
        expect(run(path, true)).toEqual(run(path, false));
      }),
      { numRuns: 300 },
    );
  });

  it('sits just above the highest threshold not yet crossed, and ends with the firm day', () => {
    const h = headroomAt(97400, 100000); // 48 % of the daily allowance left: 50 crossed
    const b = quietBounds(h as never, DEFAULT_ALERT_RULES, crossedNow(h.figures, DEFAULT_ALERT_RULES));
    // Next: 25 % of the daily limit above its floor, 95,000 + 1,250.5 (a hundredth of a percent for rounding).
    expect(b).toEqual({ untilMs: END, equityAbove: 96250.5, balanceBelow: 110000 });
    expect(staysQuiet(b!, { atMs: END - 1, equity: 97600, balance: 100000 })).toBe(true);
    expect(staysQuiet(b!, { atMs: END - 1, equity: 96250.5, balance: 100000 })).toBe(false);
    expect(staysQuiet(b!, { atMs: END, equity: 99000, balance: 100000 })).toBe(false);
    expect(staysQuiet(b!, { atMs: END - 1, equity: 99000, balance: 110000 })).toBe(false);
  });

  it('gives no bounds for a floor that trails equity or a day without a known clock', () => {
    const h = headroomAt(97400, 100000);
    expect(quietBounds({ ...h, maxLoss: { ...h.maxLoss, type: 'trailing_equity' } } as never, DEFAULT_ALERT_RULES, [])).toBeNull();
    expect(quietBounds({ ...h, dailyLoss: { ...h.dailyLoss, day: null } } as never, DEFAULT_ALERT_RULES, [])).toBeNull();
  });
});
