import fc from 'fast-check';
import {
  type AlertFigures,
  alertFiguresOf,
  alertKeyText,
  crossedNow,
  decideAlerts,
  DEFAULT_ALERT_RULES,
  toAnnounce,
  trackerSilent,
} from './crossings.js';

const figures = (dailyLeftPercent: number | null, more: Partial<AlertFigures> = {}): AlertFigures => ({
  dailyLeftPercent,
  maxLeftPercent: null,
  breached: false,
  targetReached: false,
  bestDayUsedPercent: null,
  ...more,
});

/** Runs a firm day's path of daily-left percents through the decision with an in-memory fired log. */
function runDay(path: readonly number[], log = new Set<string>()) {
  const announced: string[] = [];
  for (const pct of path) {
    const { log: newly, announce } = decideAlerts(figures(pct), DEFAULT_ALERT_RULES, log);
    for (const k of newly) log.add(alertKeyText(k));
    announced.push(...announce.map(alertKeyText));
  }
  return { announced, log };
}

describe('alert crossings', () => {
  it('a monotone fall through 50, 25 and 10 % left announces each once, in order', () => {
    expect(runDay([80, 60, 50, 49, 30, 25, 20, 11, 10, 5, 0]).announced).toEqual(['daily_loss:50', 'daily_loss:25', 'daily_loss:10']);
  });

  it('a jump past every threshold announces the deepest only and logs the others', () => {
    const { announced, log } = runDay([70, 5, 40, 20]);
    expect(announced).toEqual(['daily_loss:10']);
    expect([...log].sort()).toEqual(['daily_loss:10', 'daily_loss:25', 'daily_loss:50']);
  });

  it('hovering around a threshold never announces a key twice in a firm day (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 120 }), { maxLength: 200 }), (path) => {
        const { announced } = runDay(path);
        expect(new Set(announced).size).toBe(announced.length);
        // Every threshold the path reached is logged, whether announced or covered by a deeper one.
        const lowest = Math.min(101, ...path);
        const { log } = runDay(path);
        for (const t of DEFAULT_ALERT_RULES.dailyLoss) expect(log.has(`daily_loss:${String(t)}`)).toBe(lowest <= t);
      }),
    );
  });

  it('a monotone fall announces each threshold it passes exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 100 }), (steps) => {
        // Sorted descending, from above every threshold, one step at a time: each threshold passed is announced once.
        const path = [100, ...[...steps].sort((a, b) => b - a)];
        const { announced } = runDay(path);
        const passed = DEFAULT_ALERT_RULES.dailyLoss.filter((t) => path.some((p) => p <= t));
        // A step may pass several thresholds at once; then only the deepest is announced, never a repeat.
        expect(new Set(announced).size).toBe(announced.length);
        expect(announced.length).toBeLessThanOrEqual(passed.length);
        if (passed.length) expect(announced.at(-1)).toBe(`daily_loss:${String(Math.min(...passed))}`);
      }),
    );
  });

  it('the next firm day starts from an empty log: the same crossing fires again', () => {
    expect(runDay([40]).announced).toEqual(['daily_loss:50']);
    expect(runDay([40]).announced).toEqual(['daily_loss:50']);
  });

  it('breach, target and best day are keys without a percent-left threshold, each with its own switch', () => {
    const f = figures(null, { breached: true, targetReached: true, bestDayUsedPercent: 85, maxLeftPercent: 24 });
    expect(crossedNow(f, DEFAULT_ALERT_RULES).map(alertKeyText)).toEqual([
      'max_loss:50',
      'max_loss:25',
      'breached:-',
      'target_reached:-',
      'best_day:80',
    ]);
    expect(crossedNow(f, { ...DEFAULT_ALERT_RULES, breached: false, targetReached: false, bestDay: null, maxLoss: [] })).toEqual([]);
    expect(crossedNow(figures(null, { bestDayUsedPercent: 79.99 }), DEFAULT_ALERT_RULES)).toEqual([]);
  });

  it('announces the deepest threshold per rule', () => {
    expect(
      toAnnounce([
        { rule: 'daily_loss', threshold: 50 },
        { rule: 'max_loss', threshold: 50 },
        { rule: 'daily_loss', threshold: 10 },
        { rule: 'daily_loss', threshold: 25 },
      ]).map(alertKeyText),
    ).toEqual(['daily_loss:10', 'max_loss:50']);
  });

  it('a tracker is silent only on a trading day, once it has reported, after more than N minutes', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    expect(trackerSilent(now - 31 * 60_000, now, 30, true)).toBe(true);
    expect(trackerSilent(now - 30 * 60_000, now, 30, true)).toBe(false);
    expect(trackerSilent(now - 31 * 60_000, now, 30, false)).toBe(false);
    expect(trackerSilent(null, now, 30, true)).toBe(false);
  });

  it("judges the loss left at the day's lowest equity, so a dip that recovered before its evaluation still crossed", () => {
    // Daily floor 95,000 (limit 5,000), static maximum floor 90,000 (limit 10,000): equity now 96,300 (26 % and
    // 63 % left), the day's lowest 96,200 (24 % and 62 %).
    const headroom = (lowestEquity: number | null, type = 'static') =>
      ({
        dailyLoss: { limit: 5000, floor: 95000, leftPercent: 26, lowestEquity },
        maxLoss: { type, limit: 10000, floor: 90000, leftPercent: 63 },
        reasons: [],
        target: { remaining: null },
        consistency: null,
      }) as never;
    expect(alertFiguresOf(headroom(96200))).toMatchObject({ dailyLeftPercent: 24, maxLeftPercent: 62 });
    expect(crossedNow(alertFiguresOf(headroom(96200)), DEFAULT_ALERT_RULES)).toEqual([
      { rule: 'daily_loss', threshold: 50 },
      { rule: 'daily_loss', threshold: 25 },
    ]);
    // A trailing floor has moved since the low: it is judged where it is now.
    expect(alertFiguresOf(headroom(96200, 'trailing_equity'))).toMatchObject({ dailyLeftPercent: 24, maxLeftPercent: 63 });
    // Without snapshots the lowest is unknown: the latest equity is what there is.
    expect(alertFiguresOf(headroom(null))).toMatchObject({ dailyLeftPercent: 26, maxLeftPercent: 63 });
  });
});
