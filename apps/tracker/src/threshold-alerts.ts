/**
 * The terminal's own alerts at the challenge's alert thresholds (percent of a loss allowance left), as pure
 * decisions the EAs mirror (ThresholdAlertsStep in both EAs, line for line). They only notify: the guard is what acts.
 *
 * The service decides its own alerts the same way (libs/coach/src/alerts/crossings.ts), so the terminal and the
 * service's channels agree on when: a threshold is crossed at or below it; per rule only the deepest threshold newly
 * crossed is raised ("10 % left" already says what "50 %" would); each threshold once per firm day, so equity hovering
 * around one does not repeat it, and a new firm day (firmDayEndsAt moved) starts over. The two are independent: the
 * terminal raises its alerts from the levels it last read, whether or not the service's channels send theirs.
 */
import { formatAmount } from './protocol.js';

/** The guard route's answer (GET /api/v1/accounts/{id}/guard), the fields the alerts read. */
export interface AlertLevels {
  dailyFloor: number | null;
  /** The amount today may lose: percent left is (equity − dailyFloor) ÷ this × 100. */
  dailyLossLimit: number | null;
  maxLossFloor: number | null;
  maxLossLimit: number | null;
  /** ISO 8601 UTC: when today's daily floor stops being today's; it names the firm day the alerts count in. */
  firmDayEndsAt: string | null;
  alertThresholds: { dailyLoss: readonly number[]; maxLoss: readonly number[] };
}

export interface ThresholdAlertState {
  /** The end (epoch ms) of the firm day the raised thresholds belong to; null when the route gave none. */
  dayEndsMs: number | null;
  /**
   * Per rule, the deepest threshold raised this firm day; null for none yet. Every shallower threshold counts as
   * raised with it, as the service logs them together: after "10 % left", a recovery to 30 % raises nothing more.
   */
  dailyRaised: number | null;
  maxRaised: number | null;
}

export const THRESHOLD_ALERTS_START: ThresholdAlertState = { dayEndsMs: null, dailyRaised: null, maxRaised: null };

export interface ThresholdAlert {
  rule: 'daily_loss' | 'max_loss';
  threshold: number;
  percentLeft: number;
  amountLeft: number;
  floor: number;
  /** One line for the terminal's alert and the push notification (English, as the EA's chart and journal). */
  message: string;
}

/** Who the messages name: the account's login and its currency, as the terminal knows them. */
export interface AlertAccount {
  login: string;
  currency: string;
}

/**
 * Percent of the allowance left, rounded half away from zero to 2 decimals as the service's headroom rounds
 * leftPercent (so 25.004 % left counts as 25 % in both); null without a floor or a positive limit.
 */
export function percentLeft(equity: number, floor: number | null, limit: number | null): number | null {
  if (floor === null || limit === null || limit <= 0) return null;
  const hundredths = ((equity - floor) / limit) * 10000;
  const percent = (hundredths < 0 ? -Math.round(-hundredths) : Math.round(hundredths)) / 100;
  // A hair below the floor rounds to −0, which would read "-0.00%".
  return percent === 0 ? 0 : percent;
}

/** The deepest threshold at or above percentLeft that is deeper than the one raised; null for none. */
export function deepestNewlyCrossed(percent: number | null, thresholds: readonly number[], raised: number | null): number | null {
  if (percent === null) return null;
  let deepest: number | null = null;
  for (const t of thresholds) if (percent <= t && (deepest === null || t < deepest)) deepest = t;
  if (deepest === null || (raised !== null && deepest >= raised)) return null;
  return deepest;
}

/** "2026-03-30 22:00 UTC", as the service's alert messages name the end of the firm day. */
function utcMinute(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The alert's one line; the daily rule says when its firm day ends (the floor moves then, and the alerts start over). */
export function thresholdAlertText(account: AlertAccount, alert: Omit<ThresholdAlert, 'message'>, dayEndsMs: number | null): string {
  const what = alert.rule === 'daily_loss' ? 'daily loss' : 'maximum loss';
  let text = `Propfolio ${account.login}: ${what} ${String(alert.threshold)}% or less left: ${formatAmount(alert.amountLeft)} ${account.currency}`;
  text += ` (${alert.percentLeft.toFixed(2)}%) left to the floor ${formatAmount(alert.floor)}`;
  if (alert.rule === 'daily_loss' && dayEndsMs !== null) text += `; the firm day ends ${utcMinute(dayEndsMs)}`;
  return text;
}

/**
 * One look at equity: the alerts to raise now (at most one per rule) and the state to keep for the next look. Off,
 * or without levels (not read yet, or refused), it raises nothing and keeps the state. A daily floor past its firm
 * day's end is not used, as the guard does not use it: after the reset it is yesterday's.
 */
export function thresholdAlertsStep(
  enabled: boolean,
  account: AlertAccount,
  levels: AlertLevels | null,
  equity: number,
  state: ThresholdAlertState,
  nowMs: number,
): { alerts: ThresholdAlert[]; state: ThresholdAlertState } {
  if (!enabled || levels === null) return { alerts: [], state };
  const parsed = levels.firmDayEndsAt === null ? Number.NaN : Date.parse(levels.firmDayEndsAt);
  const dayEndsMs = Number.isNaN(parsed) ? null : parsed;
  const next: ThresholdAlertState = dayEndsMs === state.dayEndsMs ? { ...state } : { dayEndsMs, dailyRaised: null, maxRaised: null };
  const alerts: ThresholdAlert[] = [];
  const dailyCurrent = dayEndsMs !== null && nowMs < dayEndsMs;
  if (dailyCurrent && levels.dailyFloor !== null) {
    const percent = percentLeft(equity, levels.dailyFloor, levels.dailyLossLimit);
    const t = deepestNewlyCrossed(percent, levels.alertThresholds.dailyLoss, next.dailyRaised);
    if (t !== null && percent !== null) {
      next.dailyRaised = t;
      const alert = {
        rule: 'daily_loss' as const,
        threshold: t,
        percentLeft: percent,
        amountLeft: equity - levels.dailyFloor,
        floor: levels.dailyFloor,
      };
      alerts.push({ ...alert, message: thresholdAlertText(account, alert, dayEndsMs) });
    }
  }
  if (levels.maxLossFloor !== null) {
    const percent = percentLeft(equity, levels.maxLossFloor, levels.maxLossLimit);
    const t = deepestNewlyCrossed(percent, levels.alertThresholds.maxLoss, next.maxRaised);
    if (t !== null && percent !== null) {
      next.maxRaised = t;
      const alert = {
        rule: 'max_loss' as const,
        threshold: t,
        percentLeft: percent,
        amountLeft: equity - levels.maxLossFloor,
        floor: levels.maxLossFloor,
      };
      alerts.push({ ...alert, message: thresholdAlertText(account, alert, dayEndsMs) });
    }
  }
  return { alerts, state: next };
}
