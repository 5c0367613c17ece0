/**
 * When a snapshot cannot fire anything: the bounds an evaluation leaves behind, so the next snapshots of the
 * same firm day that stay inside them skip the evaluation (and its reads) entirely. Only equity and balance
 * move between reports; everything else an alert depends on (a day's reference, the best day, the rules
 * themselves) changes by a report, an import, a trade or an edit, which evaluate in full.
 */
import type { Headroom } from '../headroom/schema.js';
import type { AlertKey, AlertRuleSet } from './crossings.js';

export interface QuietBounds {
  /** The end of the firm day the bounds hold in (epoch ms): a new day starts from new references. */
  readonly untilMs: number;
  /** Equity strictly above this fires nothing; null: no equity rule is watched. */
  readonly equityAbove: number | null;
  /** Balance strictly below this cannot reach the target; null: the target is not watched or already reached. */
  readonly balanceBelow: number | null;
}

/**
 * Leftover percents are rounded to 2 decimals before they meet a threshold, so a level is taken a hundredth of
 * a percent above its exact place: the bounds may evaluate a snapshot for nothing, never skip one that fires.
 */
const ROUNDING = 0.01;

export function quietBounds(
  h: Pick<Headroom, 'dailyLoss' | 'maxLoss' | 'target'>,
  rules: AlertRuleSet,
  crossed: readonly AlertKey[],
): QuietBounds | null {
  const day = h.dailyLoss.day;
  // A floor that trails equity moves with every snapshot: its thresholds cannot be placed ahead of time.
  if (day === null || h.maxLoss.type === 'trailing_equity') return null;
  const isCrossed = (rule: AlertKey['rule'], t: number | null) => crossed.some((k) => k.rule === rule && k.threshold === t);
  const levels: number[] = [];
  const watch = (rule: 'daily_loss' | 'max_loss', floor: number | null, limit: number | null, thresholds: readonly number[]) => {
    if (floor === null || limit === null) return;
    for (const t of thresholds) if (!isCrossed(rule, t)) levels.push(floor + (limit * (t + ROUNDING)) / 100);
    // The floor itself, for the breach: a cent above it, whichever way the plan judges equity at the floor.
    if (rules.breached) levels.push(floor + 0.01);
  };
  watch('daily_loss', h.dailyLoss.floor, h.dailyLoss.limit, rules.dailyLoss);
  watch('max_loss', h.maxLoss.floor, h.maxLoss.limit, rules.maxLoss);
  const target = rules.targetReached && !isCrossed('target_reached', null) ? h.target.level : null;
  return { untilMs: Date.parse(day.endUtc), equityAbove: levels.length ? Math.max(...levels) : null, balanceBelow: target };
}

/** Whether a snapshot at `atMs` with these figures stays inside the bounds (then it needs no evaluation). */
export function staysQuiet(bounds: QuietBounds, snapshot: { atMs: number; equity: number; balance: number }): boolean {
  return (
    snapshot.atMs < bounds.untilMs &&
    (bounds.equityAbove === null || snapshot.equity > bounds.equityAbove) &&
    (bounds.balanceBelow === null || snapshot.balance < bounds.balanceBelow)
  );
}
