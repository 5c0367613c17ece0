import { describe, expect, it } from '@jest/globals';
import { GUARD_OFF, GUARD_START, guardStep, type GuardLevels, type GuardSettings, type GuardState } from '../src/guard.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 30, 8, 0, 0); // 10:00 in Prague; the firm day ends at 22:00 UTC
const monday: GuardLevels = { dailyFloor: 95000, maxLossFloor: 90000, firmDayEndsAt: '2026-03-30T22:00:00Z' };
const tuesday: GuardLevels = { dailyFloor: 94200, maxLossFloor: 90000, firmDayEndsAt: '2026-03-31T22:00:00Z' };
const ON: GuardSettings = { enabled: true, buffer: 200 };

/** Drives the guard along a path of [instant, equity, levels]; returns the instants it acted at and why. */
function walk(settings: GuardSettings, path: [number, number, GuardLevels | null][]) {
  let state: GuardState = GUARD_START;
  const acted: { at: number; rule: string; equity: number }[] = [];
  for (const [at, equity, levels] of path) {
    const step = guardStep(settings, levels, equity, state, at);
    state = step.state;
    if (step.decision.action === 'close_all') acted.push({ at, rule: step.decision.rule, equity });
  }
  return acted;
}

describe('the reference tracker guard', () => {
  const path: [number, number, GuardLevels | null][] = [
    [T0, 97000, monday],
    [T0 + 1 * HOUR, 95300, monday], // above 95,000 + 200
    [T0 + 2 * HOUR, 95200, monday], // at the line: acts
    [T0 + 3 * HOUR, 95150, monday], // lingering below: nothing more
    [T0 + 4 * HOUR, 95100, monday],
    [T0 + 5 * HOUR, 95600, monday], // recovered: armed again
    [T0 + 6 * HOUR, 95180, monday], // a second crossing: acts again
    [T0 + 15 * HOUR, 95100, monday], // after 22:00 UTC the daily floor is yesterday's: not used
    [T0 + 16 * HOUR, 94500, tuesday], // the new day's levels: 94,200 + 200 = 94,400, above it: re-armed
    [T0 + 17 * HOUR, 94400, tuesday], // crossing after the reset: acts
  ];

  it('acts once per crossing, again after recovering, and after the reset on the new day’s floor', () => {
    expect(walk(ON, path)).toEqual([
      { at: T0 + 2 * HOUR, rule: 'daily_loss', equity: 95200 },
      { at: T0 + 6 * HOUR, rule: 'daily_loss', equity: 95180 },
      { at: T0 + 17 * HOUR, rule: 'daily_loss', equity: 94400 },
    ]);
  });

  it('is off by default', () => {
    expect(walk(GUARD_OFF, path)).toEqual([]);
  });

  it('says why, with the floor, the buffer and the equity', () => {
    const step = guardStep(ON, monday, 95200, GUARD_START, T0);
    expect(step.decision).toEqual({
      action: 'close_all',
      rule: 'daily_loss',
      floor: 95000,
      line: 95200,
      equity: 95200,
      reason: 'equity 95200 is at or below the daily loss floor 95000 + buffer 200: closing all positions and deleting pending orders',
    });
  });

  it('falls back to the maximum-loss floor when the daily one is stale or absent, and does nothing without levels', () => {
    const stale = { ...monday, firmDayEndsAt: '2026-03-30T07:00:00Z' };
    expect(walk(ON, [[T0, 94000, stale]])).toEqual([]);
    expect(walk(ON, [[T0, 90150, stale]])).toEqual([{ at: T0, rule: 'max_loss', equity: 90150 }]);
    expect(walk(ON, [[T0, 80000, null]])).toEqual([]);
  });
});
