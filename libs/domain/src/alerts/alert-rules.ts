import { DEFAULT_ALERT_RULES, type AlertRuleSet } from '@propfolio/coach';
import { AppError } from '@propfolio/core';
import type { AlertRuleKind } from './alert-events.js';
import { MAX_NEWS_AHEAD_MINUTES, MAX_SILENT_MINUTES } from './alerts.inputs.js';

/** One rule as stored and answered: the kind, and its percent or minutes (null for the kinds without one). */
export interface AlertRuleItem {
  rule: AlertRuleKind;
  threshold: number | null;
}

/** The defaults as a list, written from the coach's one default set so the two cannot drift. */
export const DEFAULT_RULE_ITEMS: readonly AlertRuleItem[] = toItems(DEFAULT_ALERT_RULES);

function toItems(set: AlertRuleSet): AlertRuleItem[] {
  return [
    ...set.dailyLoss.map((threshold) => ({ rule: 'daily_loss' as const, threshold })),
    ...set.maxLoss.map((threshold) => ({ rule: 'max_loss' as const, threshold })),
    ...(set.breached ? [{ rule: 'breached' as const, threshold: null }] : []),
    ...(set.targetReached ? [{ rule: 'target_reached' as const, threshold: null }] : []),
    ...(set.bestDay === null ? [] : [{ rule: 'best_day' as const, threshold: set.bestDay }]),
    ...(set.trackerSilentMinutes === null ? [] : [{ rule: 'tracker_silent' as const, threshold: set.trackerSilentMinutes }]),
    ...(set.newsAheadMinutes == null ? [] : [{ rule: 'news_ahead' as const, threshold: set.newsAheadMinutes }]),
  ];
}

export function toRuleSet(items: readonly AlertRuleItem[]): AlertRuleSet {
  const of = (rule: AlertRuleKind) => items.filter((i) => i.rule === rule).map((i) => i.threshold ?? 0);
  return {
    dailyLoss: of('daily_loss'),
    maxLoss: of('max_loss'),
    breached: items.some((i) => i.rule === 'breached'),
    targetReached: items.some((i) => i.rule === 'target_reached'),
    bestDay: of('best_day')[0] ?? null,
    trackerSilentMinutes: of('tracker_silent')[0] ?? null,
    newsAheadMinutes: of('news_ahead')[0] ?? null,
  };
}

/**
 * A rule list as a trader sends it, checked beyond what the contract can say: the threshold each kind needs
 * (a percent, minutes, or none), no rule twice, and one best-day, one silence and one news rule (each has one setting).
 * A 400 names the item and field at fault.
 */
export function validRuleItems(items: readonly { rule: AlertRuleKind; threshold?: number | null }[]): AlertRuleItem[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    const threshold = item.threshold ?? null;
    const field = `rules.${String(i)}.threshold`;
    if (item.rule === 'breached' || item.rule === 'target_reached') {
      if (threshold !== null) throw AppError.invalidField(field, `must be null for ${item.rule}`);
    } else if (threshold === null) {
      throw AppError.invalidField(field, `is required for ${item.rule}`);
    } else if (threshold > maxThreshold(item.rule)) {
      throw AppError.invalidField(field, `must not be greater than ${String(maxThreshold(item.rule))}`);
    }
    const once = item.rule === 'best_day' || item.rule === 'tracker_silent' || item.rule === 'news_ahead';
    const key = once ? item.rule : `${item.rule}:${String(threshold)}`;
    if (seen.has(key))
      throw AppError.invalidField(`rules.${String(i)}.rule`, once ? `${item.rule} may appear once` : 'repeats an earlier rule');
    seen.add(key);
    return { rule: item.rule, threshold };
  });
}

/** A kind's largest threshold: minutes for the silence and news rules, a percent for the others. */
function maxThreshold(rule: AlertRuleKind): number {
  return rule === 'tracker_silent' ? MAX_SILENT_MINUTES : rule === 'news_ahead' ? MAX_NEWS_AHEAD_MINUTES : 100;
}
