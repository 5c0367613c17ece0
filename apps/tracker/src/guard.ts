/**
 * The terminal's guard, as pure decisions the EAs mirror: given the levels the server computes for the account
 * (GET /api/v1/accounts/{id}/guard) and the equity the terminal sees, whether to close every position and
 * delete pending orders now. Off by default: closing a trader's positions is never a surprise. Once it acts it
 * stays quiet until equity climbs back above floor + buffer (one action per crossing, however long equity
 * lingers there), and a daily floor past its firm day's end is not used: after the reset it is yesterday's.
 */

/** The route's answer, the fields the guard reads. */
export interface GuardLevels {
  dailyFloor: number | null;
  maxLossFloor: number | null;
  /** ISO 8601 UTC: when today's daily floor stops being today's. */
  firmDayEndsAt: string | null;
}

export interface GuardSettings {
  enabled: boolean;
  /** Acts at equity ≤ floor + buffer (account currency, ≥ 0): room for slippage while positions close. */
  buffer: number;
}

export const GUARD_OFF: GuardSettings = { enabled: false, buffer: 0 };

export interface GuardState {
  /** False after an action until equity recovers above the line it crossed. */
  armed: boolean;
}

export const GUARD_START: GuardState = { armed: true };

export type GuardDecision =
  | { action: 'none' }
  | { action: 'close_all'; rule: 'daily_loss' | 'max_loss'; floor: number; line: number; equity: number; reason: string };

/** The lines in force at `nowMs`: the daily floor only within its firm day, the maximum-loss floor always. */
function linesAt(levels: GuardLevels, buffer: number, nowMs: number): { rule: 'daily_loss' | 'max_loss'; floor: number; line: number }[] {
  const lines: { rule: 'daily_loss' | 'max_loss'; floor: number; line: number }[] = [];
  const dailyCurrent = levels.firmDayEndsAt !== null && nowMs < Date.parse(levels.firmDayEndsAt);
  if (levels.dailyFloor !== null && dailyCurrent)
    lines.push({ rule: 'daily_loss', floor: levels.dailyFloor, line: levels.dailyFloor + buffer });
  if (levels.maxLossFloor !== null) lines.push({ rule: 'max_loss', floor: levels.maxLossFloor, line: levels.maxLossFloor + buffer });
  // The highest line is the one equity meets first.
  return lines.sort((a, b) => b.line - a.line);
}

/** One look at equity: the decision and the state to keep for the next look. */
export function guardStep(
  settings: GuardSettings,
  levels: GuardLevels | null,
  equity: number,
  state: GuardState,
  nowMs: number,
): { decision: GuardDecision; state: GuardState } {
  if (!settings.enabled || levels === null) return { decision: { action: 'none' }, state };
  const top = linesAt(levels, Math.max(0, settings.buffer), nowMs)[0];
  if (top === undefined) return { decision: { action: 'none' }, state };
  if (equity > top.line) return { decision: { action: 'none' }, state: { armed: true } };
  if (!state.armed) return { decision: { action: 'none' }, state };
  const what = top.rule === 'daily_loss' ? 'daily loss floor' : 'maximum loss floor';
  return {
    decision: {
      action: 'close_all',
      ...top,
      equity,
      reason: `equity ${String(equity)} is at or below the ${what} ${String(top.floor)} + buffer ${String(settings.buffer)}: closing all positions and deleting pending orders`,
    },
    state: { armed: false },
  };
}
