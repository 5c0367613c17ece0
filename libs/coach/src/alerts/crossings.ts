/**
 * Which alert thresholds an account has crossed, and which of them to announce. Pure: the caller keeps the
 * fired log (one row per account, rule, threshold and firm day) and hands back what it already holds, so an
 * alert fires once per firm day per threshold however often equity hovers around it.
 */
import type { Headroom } from '../headroom/schema.js';
import { Decimal, percentOf } from '../shared/money.js';

export type AlertRule = 'daily_loss' | 'max_loss' | 'breached' | 'target_reached' | 'best_day' | 'tracker_silent' | 'news_ahead';

/** The rules a trader keeps per challenge; the defaults are what a challenge without its own answers with. */
export interface AlertRuleSet {
  /** Percent of the daily loss allowance left at which to warn, e.g. [50, 25, 10]. */
  readonly dailyLoss: readonly number[];
  /** Percent of the maximum loss allowance left at which to warn. */
  readonly maxLoss: readonly number[];
  readonly breached: boolean;
  readonly targetReached: boolean;
  /** Percent of the best-day limit already made at which to warn (the rule is about to bind); null: off. */
  readonly bestDay: number | null;
  /** Minutes without data on a trading day before the tracker counts as silent; null: off. */
  readonly trackerSilentMinutes: number | null;
  /** Minutes before a restricted news window to warn when positions are open on a symbol it restricts; null or absent: off. */
  readonly newsAheadMinutes?: number | null;
}

export const DEFAULT_ALERT_RULES: AlertRuleSet = {
  dailyLoss: [50, 25, 10],
  maxLoss: [50, 25, 10],
  breached: true,
  targetReached: true,
  bestDay: 80,
  trackerSilentMinutes: 30,
};

/** The figures one evaluation looks at, all read from the account's headroom (see alertFiguresOf). */
export interface AlertFigures {
  readonly dailyLeftPercent: number | null;
  readonly maxLeftPercent: number | null;
  readonly breached: boolean;
  readonly targetReached: boolean;
  /** Best day's profit as a percent of the rule's limit; null without a best-day rule or a limit. */
  readonly bestDayUsedPercent: number | null;
}

export interface AlertKey {
  readonly rule: AlertRule;
  /** The threshold crossed (percent, or minutes for tracker_silent); null for the rules without one. */
  readonly threshold: number | null;
}

export const alertKeyText = (k: AlertKey): string => `${k.rule}:${k.threshold === null ? '-' : String(k.threshold)}`;

/**
 * The figures a crossing is judged on. The loss left is taken at the day's lowest equity, not the latest: an
 * evaluation runs after its snapshot, and a dip that recovered by then still crossed (judged on the latest equity,
 * a burst's later snapshot would hide it). Once per firm day, "crossed" means "was at or below it today".
 */
export function alertFiguresOf(h: Headroom): AlertFigures {
  const c = h.consistency;
  const d = h.dailyLoss;
  const m = h.maxLoss;
  return {
    dailyLeftPercent: lowerOf(d.leftPercent, percentLeft(d.lowestEquity, d.floor, d.limit)),
    // The same for a static maximum loss floor; one that moves (trailing) is judged where it is now.
    maxLeftPercent: lowerOf(h.maxLoss.leftPercent, m.type === 'static' ? percentLeft(d.lowestEquity, m.floor, m.limit) : null),
    // Only a floor crossed is a breach alert: a time limit running out is no surprise worth a push.
    breached: h.reasons.some((r) => r.code === 'dailyLoss.breached' || r.code === 'maxLoss.breached'),
    targetReached: h.target.remaining !== null && h.target.remaining <= 0,
    bestDayUsedPercent: c?.limit != null && c.limit > 0 ? (c.bestDayProfit / c.limit) * 100 : null,
  };
}

/** What is left above a floor at an equity, as a percent of the limit (2 decimals, as the headroom rounds it). */
function percentLeft(equity: number | null, floor: number | null, limit: number | null): number | null {
  if (equity === null || floor === null || limit === null) return null;
  return percentOf(new Decimal(equity).minus(new Decimal(floor)), new Decimal(limit));
}

const lowerOf = (now: number | null, lowest: number | null): number | null =>
  now === null ? lowest : lowest === null ? now : Math.min(now, lowest);

/**
 * Every threshold crossed now. A percent-left threshold is crossed at or below it (50 % left is "half
 * gone"); the deeper thresholds are crossed with it, so a jump from 60 % to 5 % crosses 50, 25 and 10 at once.
 */
export function crossedNow(f: AlertFigures, rules: AlertRuleSet): AlertKey[] {
  const out: AlertKey[] = [];
  const left = (rule: 'daily_loss' | 'max_loss', pct: number | null, thresholds: readonly number[]) => {
    if (pct === null) return;
    for (const t of [...new Set(thresholds)].sort((a, b) => b - a)) if (pct <= t) out.push({ rule, threshold: t });
  };
  left('daily_loss', f.dailyLeftPercent, rules.dailyLoss);
  left('max_loss', f.maxLeftPercent, rules.maxLoss);
  if (rules.breached && f.breached) out.push({ rule: 'breached', threshold: null });
  if (rules.targetReached && f.targetReached) out.push({ rule: 'target_reached', threshold: null });
  if (rules.bestDay !== null && f.bestDayUsedPercent !== null && f.bestDayUsedPercent >= rules.bestDay)
    out.push({ rule: 'best_day', threshold: rules.bestDay });
  return out;
}

/**
 * Of the keys newly logged in one evaluation (the rows the fired log's insert returned), the ones to send: per
 * rule only the deepest threshold, since "10 % left" already says what "50 % left" would. The shallower ones
 * stay logged, so they do not fire later that firm day when equity recovers a little.
 */
export function toAnnounce(newlyLogged: readonly AlertKey[]): AlertKey[] {
  const deepest = new Map<AlertRule, AlertKey>();
  for (const k of newlyLogged) {
    const seen = deepest.get(k.rule);
    // Percent-left thresholds: lower is deeper. The other rules carry one threshold each.
    if (!seen || (k.threshold ?? 0) < (seen.threshold ?? 0)) deepest.set(k.rule, k);
  }
  return [...deepest.values()];
}

/**
 * One evaluation against an in-memory log: what to log and what to announce. The service does the same with
 * the database as the log (insert … on conflict do nothing returning); this is the rule it follows.
 */
export function decideAlerts(
  f: AlertFigures,
  rules: AlertRuleSet,
  alreadyFired: ReadonlySet<string>,
): { log: AlertKey[]; announce: AlertKey[] } {
  const log = crossedNow(f, rules).filter((k) => !alreadyFired.has(alertKeyText(k)));
  return { log, announce: toAnnounce(log) };
}

/**
 * Whether the tracker has been silent too long: only on a trading day (a weekend says nothing about a
 * tracker), and only once it has reported at least once (a new account is not "silent").
 */
export function trackerSilent(lastSeenMs: number | null, nowMs: number, minutes: number, tradingDay: boolean): boolean {
  return tradingDay && lastSeenMs !== null && nowMs - lastSeenMs > minutes * 60_000;
}
