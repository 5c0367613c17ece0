import type { AlertTransaction } from './alerts.repository.js';

/**
 * The seam between the alert RULES (this context: which crossing happened, decided once per firm day per
 * threshold) and the alert DELIVERY (channels, durable queue, senders). The evaluation produces events; a sink
 * turns them into deliveries. Kept in its own file so both sides build against one shape while they are written
 * apart.
 */
export type AlertRuleKind = 'daily_loss' | 'max_loss' | 'breached' | 'target_reached' | 'best_day' | 'tracker_silent' | 'news_ahead';

export const ALERT_RULE_KINDS: readonly AlertRuleKind[] = [
  'daily_loss',
  'max_loss',
  'breached',
  'target_reached',
  'best_day',
  'tracker_silent',
  'news_ahead',
];

/** The news window a `news_ahead` alert warns of: the releases, when, the open symbols it restricts, the firm's penalty. */
export interface NewsAheadFacts {
  /** The releases' instant (ISO, UTC) and the window's start. */
  readonly at: string;
  readonly start: string;
  readonly releases: readonly { readonly title: string; readonly currency: string }[];
  readonly symbols: readonly string[];
  readonly penalty: 'breach' | 'profit_removed' | 'profit_share';
  readonly penaltyPercent: number | null;
  /** The firm's clock (its day's roll-over zone), for the time as the firm states it. */
  readonly firmTimeZone: string;
}

export interface AlertEvent {
  readonly userId: string;
  readonly challengeId: string;
  readonly accountId: string;
  readonly rule: AlertRuleKind;
  /** The percent left that was crossed (50, 25, 10) for daily_loss/max_loss, the minutes for tracker_silent and news_ahead; null otherwise. */
  readonly threshold: number | null;
  /** The firm day (YYYY-MM-DD on the firm's clock) the alert fired in: the fired-log key with account, rule, threshold. */
  readonly firmDay: string;
  readonly firm: string;
  /** The challenge's plan as the trader named it (absent on events queued before it was carried). */
  readonly plan?: string;
  readonly accountLabel: string;
  /** Amount left under the rule, decimal string in the account currency; null when the rule has no amount. */
  readonly amountLeft: string | null;
  /** Percent of the rule's allowance left (0–100); null when the rule has no allowance. */
  readonly percentLeft: number | null;
  /** The rule's floor as an equity level, decimal string; null when unknown or not a floor rule. */
  readonly floor: string | null;
  readonly currency: string;
  /** ISO 8601 instant (UTC, Z) when the firm day ends; null when the plan's clock is unknown. */
  readonly firmDayEndsAt: string | null;
  /** The recipient's language (the user's `language` column), for the message's wording. */
  readonly language?: 'ja' | 'en';
  /** news_ahead only: the window warned of. */
  readonly news?: NewsAheadFacts;
}

/**
 * Receives the events of one evaluation. `tx` is given when the caller wants the deliveries enqueued in the same
 * transaction as the fired-log rows (so a crash cannot log an alert as fired yet never deliver it); the sink only
 * hands it to its own repository.
 */
export type AlertSink = (events: readonly AlertEvent[], tx?: AlertTransaction) => Promise<void>;

/** The sink until delivery is wired: evaluation still records what fired, nothing is sent. */
export const noopAlertSink: AlertSink = () => Promise.resolve();
