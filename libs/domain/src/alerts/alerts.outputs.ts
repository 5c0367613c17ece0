import { BreachSchema } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Id, Money, Nullable, Timestamp } from '../shared/schemas.js';
import { NewsCheckSchema, NewsWindowsSchema } from '../calendar/calendar.outputs.js';
import { ALERT_RULE_KINDS } from './alert-events.js';

const AlertRuleSchema = Type.Object({
  rule: Type.Enum([...ALERT_RULE_KINDS], { description: 'What the alert watches.' }),
  threshold: Nullable(
    Type.Integer({ description: 'Percent (daily_loss, max_loss, best_day) or minutes (tracker_silent, news_ahead); null for the others.' }),
  ),
});

export const AlertRulesSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  isDefault: Type.Boolean({ description: 'True when the challenge keeps the defaults (none set, or set back with null).' }),
  rules: Type.Array(AlertRuleSchema, {
    description:
      'The rules, evaluated for each active account of the challenge on every write; each fires once per firm day per threshold.',
  }),
});
export type AlertRulesView = Static<typeof AlertRulesSchema>;

const RuleCheckSchema = Type.Object({
  rule: Type.Enum(['daily_loss', 'max_loss', 'after_reset', 'max_risk_per_trade', 'best_day'], {
    description: '`after_reset`: the daily floor after the next roll-over with the loss still open (its floating P&L carried).',
  }),
  floor: Nullable(Money('The equity level the rule judges; null for max_risk_per_trade and best_day.')),
  levelAfter: Money('Equity after the loss.'),
  leftAfter: Nullable(Money('What the rule would still allow after the loss; negative when broken.')),
  allowed: Type.Boolean({ description: 'False when the loss would break this rule.' }),
  maxRiskAmount: Nullable(Money('The largest loss this rule allows; null when a loss cannot break it.')),
});

export const TradeCheckSchema = Type.Object({
  accountId: Id('The EA account checked.'),
  at: Timestamp('The instant of the headroom checked against.'),
  currency: Type.String({ description: 'Currency of every amount (the account’s).' }),
  riskAmount: Money('The worst-case loss checked (given, or volume × stopDistance ÷ tickSize × tickValue).'),
  equity: Nullable(Money('Equity now; null when no loss rule is known.')),
  verdict: Type.Enum(['allowed', 'blocked', 'penalised', 'unchecked', 'unknown'], {
    description:
      '`allowed`: every rule known and kept. `blocked` when a rule would be broken, a floor was already crossed (`breach`) or `symbol` is inside a news window whose penalty is a breach; `penalised` inside one that costs the profit (`news`); `unchecked`: known rules keep, some are unknown (`notChecked`): not cleared; `unknown` when neither loss rule is known.',
  }),
  notChecked: Type.Array(
    Type.Object({
      rule: Type.Enum(['daily_loss', 'max_loss', 'best_day']),
      reason: Type.String({ description: 'What is unknown (English).' }),
    }),
    { description: 'Rules not checked because unknown: never read as kept.' },
  ),
  breach: Type.Union([BreachSchema, Type.Null()], {
    description: 'A floor already crossed in this attempt (rule, instant, amount): every trade is blocked; null when none was.',
  }),
  rules: Type.Array(RuleCheckSchema, { description: 'Each rule checked.' }),
  maxRiskAmount: Nullable(Money('The largest loss that keeps every rule; null when none bounds it.')),
  maxVolume: Nullable(Type.Number({ description: 'maxRiskAmount as lots for the given stop, rounded down to 0.01; null for riskAmount.' })),
  news: Nullable(NewsCheckSchema),
});
export type TradeCheckView = Static<typeof TradeCheckSchema>;

export const AccountGuardSchema = Type.Object({
  accountId: Id('The EA account.'),
  at: Timestamp('When the levels were computed.'),
  currency: Nullable(Type.String({ description: 'Currency of the levels.' })),
  status: Type.Enum(['ok', 'warning', 'breached', 'unknown'], { description: 'The account’s headroom status.' }),
  breach: Type.Union([BreachSchema, Type.Null()], {
    description: 'A floor already crossed in this attempt (rule, instant, amount): the terminal should open nothing; null when none was.',
  }),
  dailyFloor: Nullable(Money("Today's daily loss floor as an equity level; null when unknown or none.")),
  dailyComparison: Nullable(Type.Enum(['below', 'at_or_below'], { description: 'Whether equity at the floor breaches.' })),
  dailyLossLimit: Nullable(Money('The amount today may lose; the percent left the thresholds read is (equity − dailyFloor) ÷ this × 100.')),
  maxLossFloor: Nullable(Money('The maximum loss floor as an equity level.')),
  maxLossLimit: Nullable(Money('The maximum loss amount; percent left is (equity − maxLossFloor) ÷ this × 100.')),
  maxLossComparison: Nullable(Type.Enum(['below', 'at_or_below'], { description: 'Whether equity at the floor breaches.' })),
  firmDayEndsAt: Nullable(Timestamp('The next roll-over (UTC): the daily floor changes then.')),
  dailyFloorAfterReset: Nullable(Money('The daily floor after the next roll-over if open positions stay as they are.')),
  alertThresholds: Type.Object(
    {
      dailyLoss: Type.Array(Type.Integer(), { description: 'Percent left of the daily allowance at which the trader wants an alert.' }),
      maxLoss: Type.Array(Type.Integer(), { description: 'Percent left of the maximum loss allowance.' }),
    },
    { description: "The challenge's alert thresholds, for the terminal's own alerts." },
  ),
  news: NewsWindowsSchema,
});
export type AccountGuard = Static<typeof AccountGuardSchema>;
