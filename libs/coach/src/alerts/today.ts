/**
 * Alerts are news about today. A snapshot or report of a firm day that has ended (a tracker's offline queue
 * flushed late, a back-fill, yesterday's end-of-day report) updates that day's figures and the headroom shows it,
 * but it fires nothing and never takes today's once-per-day keys: evaluated at "now", the headroom measures today
 * from the newest data it has, and before today's first snapshot that is yesterday's equity, which would log
 * today's thresholds on yesterday's figures and leave today's real crossings silent.
 */
import type { Headroom } from '../headroom/schema.js';
import { alertFiguresOf, type AlertKey, type AlertRuleSet, crossedNow } from './crossings.js';

const DAY_MS = 86_400_000;

/** Today's firm day as the headroom names it, with its bounds (the UTC date when the plan's clock is unknown). */
export function todayOf(h: Pick<Headroom, 'at' | 'dailyLoss'>): { day: string; startMs: number; endMs: number } {
  const d = h.dailyLoss.day;
  if (d !== null) return { day: d.day, startMs: Date.parse(d.startUtc), endMs: Date.parse(d.endUtc) };
  const day = h.at.slice(0, 10);
  const startMs = Date.parse(`${day}T00:00:00Z`);
  return { day, startMs, endMs: startMs + DAY_MS };
}

/**
 * Whether the headroom's newest data was taken on today's firm day: a snapshot since the roll-over. A report is
 * always of a day that has ended, and a snapshot before the roll-over is yesterday's, so neither is today's news.
 */
export function judgesToday(h: Pick<Headroom, 'at' | 'dailyLoss' | 'stale'>): boolean {
  if (h.stale.source !== 'snapshot' || h.stale.asOf === null) return false;
  const asOfMs = Date.parse(h.stale.asOf);
  const { startMs, endMs } = todayOf(h);
  return asOfMs >= startMs && asOfMs < endMs;
}

/**
 * The thresholds crossed on today's data: none until today's first snapshot, and a breach only when it happened
 * today (a breach found on an ended day is recorded and shown by the headroom, not pushed as news).
 */
export function crossedToday(h: Headroom, rules: AlertRuleSet): AlertKey[] {
  if (!judgesToday(h)) return [];
  const today = todayOf(h).day;
  const breachedToday = h.reasons.some(
    (r) => (r.code === 'dailyLoss.breached' || r.code === 'maxLoss.breached') && r.values['day'] === today,
  );
  return crossedNow({ ...alertFiguresOf(h), breached: breachedToday }, rules);
}
