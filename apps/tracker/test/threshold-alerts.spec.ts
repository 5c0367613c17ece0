import { describe, expect, it } from '@jest/globals';
import {
  THRESHOLD_ALERTS_START,
  percentLeft,
  thresholdAlertsStep,
  type AlertLevels,
  type ThresholdAlertState,
} from '../src/threshold-alerts.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 30, 8, 0, 0); // the firm day ends at 22:00 UTC
const THRESHOLDS = { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] };
// A 100k account: 5,000 a day, 10,000 in all. Daily percent left = (equity − 95,000) ÷ 5,000 × 100.
const monday: AlertLevels = {
  dailyFloor: 95000,
  dailyLossLimit: 5000,
  maxLossFloor: 90000,
  maxLossLimit: 10000,
  firmDayEndsAt: '2026-03-30T22:00:00Z',
  alertThresholds: THRESHOLDS,
};
const tuesday: AlertLevels = { ...monday, dailyFloor: 94200, firmDayEndsAt: '2026-03-31T22:00:00Z' };
const ACCOUNT = { login: '5012345', currency: 'USD' };

type Step = [number, number, AlertLevels | null];

/** Drives the alerts along a path of [instant, equity, levels]; returns what was raised, as "instant rule threshold". */
function walk(path: Step[], enabled = true): string[] {
  let state: ThresholdAlertState = THRESHOLD_ALERTS_START;
  const raised: string[] = [];
  for (const [at, equity, levels] of path) {
    const step = thresholdAlertsStep(enabled, ACCOUNT, levels, equity, state, at);
    state = step.state;
    for (const a of step.alerts) raised.push(`${String((at - T0) / HOUR)}h ${a.rule} ${String(a.threshold)}`);
  }
  return raised;
}

const PATH: Step[] = [
  [T0, 99000, monday], // 80 % of the day left
  [T0 + 1 * HOUR, 97400, monday], // 48 %: crosses 50
  [T0 + 2 * HOUR, 97600, monday], // 52 %: back above
  [T0 + 3 * HOUR, 97450, monday], // 49 %: hovering, nothing again
  [T0 + 4 * HOUR, 95400, monday], // 8 %: past 25 and 10 at once: one alert, 10
  [T0 + 5 * HOUR, 96000, monday], // 20 %: a little back, 25 was raised with 10
  [T0 + 6 * HOUR, 97000, monday], // 40 %: recovering
  [T0 + 14 * HOUR, 95100, monday], // 22:00 UTC: the daily floor is yesterday's, not used; max loss 51 %
  [T0 + 16 * HOUR, 96000, tuesday], // the next firm day: 36 % of 94,200's day left, 50 again
  [T0 + 17 * HOUR, 94900, tuesday], // 14 % of the day, 49 % of the max: both rules, one alert each
  [T0 + 18 * HOUR, 93000, tuesday], // below the daily floor: 10 (the breach is the service's own alert)
  [T0 + 19 * HOUR, 92400, null], // the levels could not be read: nothing, the state kept
  [T0 + 20 * HOUR, 92400, tuesday], // 24 % of the max: 25
];

describe('the terminal’s threshold alerts (reference)', () => {
  it('raise the deepest threshold newly crossed per rule, once per firm day, again the next firm day', () => {
    expect(walk(PATH)).toEqual([
      '1h daily_loss 50',
      '4h daily_loss 10',
      '16h daily_loss 50',
      '17h daily_loss 25',
      '17h max_loss 50',
      '18h daily_loss 10',
      '20h max_loss 25',
    ]);
  });

  it('off, raise nothing', () => {
    expect(walk(PATH, false)).toEqual([]);
  });

  it('say the rule, the threshold, what is left (amount and percent), the floor and when the firm day ends', () => {
    const daily = thresholdAlertsStep(true, ACCOUNT, monday, 95400, THRESHOLD_ALERTS_START, T0);
    expect(daily.alerts.map((a) => a.message)).toEqual([
      'Propfolio 5012345: daily loss 10% or less left: 400 USD (8.00%) left to the floor 95000; the firm day ends 2026-03-30 22:00 UTC',
    ]);
    expect(daily.state).toEqual({ dayEndsMs: Date.parse('2026-03-30T22:00:00Z'), dailyRaised: 10, maxRaised: null });
    const max = thresholdAlertsStep(true, ACCOUNT, { ...monday, dailyFloor: null }, 90850, THRESHOLD_ALERTS_START, T0);
    expect(max.alerts).toEqual([
      {
        rule: 'max_loss',
        threshold: 10,
        percentLeft: 8.5,
        amountLeft: 850,
        floor: 90000,
        message: 'Propfolio 5012345: maximum loss 10% or less left: 850 USD (8.50%) left to the floor 90000',
      },
    ]);
  });

  it('raise nothing for a rule the plan does not have (null floor or limit), and still the other rule', () => {
    const noDaily: AlertLevels = { ...monday, dailyFloor: null, dailyLossLimit: null };
    const noDailyLimit: AlertLevels = { ...monday, dailyLossLimit: null };
    const path = (levels: AlertLevels): Step[] => [
      [T0, 96000, levels],
      [T0 + HOUR, 94000, levels], // below the daily floor, 40 % of the max
    ];
    expect(walk(path(noDaily))).toEqual(['1h max_loss 50']);
    expect(walk(path(noDailyLimit))).toEqual(['1h max_loss 50']);
    expect(walk(path({ ...monday, maxLossLimit: 0, dailyLossLimit: null }))).toEqual([]);
    expect(walk(path({ ...monday, alertThresholds: { dailyLoss: [], maxLoss: [45] } }))).toEqual(['1h max_loss 45']);
  });

  it('without a firm day end, keep the maximum-loss alerts and leave the daily floor alone', () => {
    const unknownDay: AlertLevels = { ...monday, firmDayEndsAt: null };
    expect(
      walk([
        [T0, 90500, unknownDay],
        [T0 + HOUR, 90400, unknownDay],
        [T0 + 30 * HOUR, 90300, unknownDay],
      ]),
    ).toEqual(['0h max_loss 10']);
  });

  it('round the percent as the service does (2 decimals, half away from zero) before comparing', () => {
    expect(percentLeft(96250.2, 95000, 5000)).toBe(25);
    expect(percentLeft(96250.3, 95000, 5000)).toBe(25.01);
    expect(percentLeft(94999.75, 95000, 5000)).toBe(-0.01);
    expect(percentLeft(94999.99, 95000, 5000)).toBe(0); // −0.0002 %: 0, never −0
    expect(percentLeft(95000, 95000, 0)).toBeNull();
    expect(walk([[T0, 96250.2, monday]])).toEqual(['0h daily_loss 25']);
    expect(walk([[T0, 96250.3, monday]])).toEqual(['0h daily_loss 50']);
  });

  it('a jump from above every threshold to below the floor is one alert per rule', () => {
    const steps = thresholdAlertsStep(true, ACCOUNT, monday, 89000, THRESHOLD_ALERTS_START, T0);
    expect(steps.alerts.map((a) => `${a.rule} ${String(a.threshold)}`)).toEqual(['daily_loss 10', 'max_loss 10']);
  });
});
