/**
 * The pre-trade check: for a worst-case loss on one account, what each rule would have left, whether the
 * trade keeps every rule, and the largest loss (and volume for the stop) that does. Pure and exact (decimal.js),
 * from the headroom figures alone, so the dashboard's calculator answers in the browser as the trader types.
 */
import { CoachInputError } from '../shared/errors.js';
import { Decimal, maxOf, minOf, num } from '../shared/money.js';
import type { Breach, Headroom } from '../headroom/schema.js';

/** A worst-case loss as an amount, or as a position: volume × stop distance in ticks × tick value. */
export type TradeRisk =
  | { readonly riskAmount: number | string }
  | {
      readonly volume: number | string;
      readonly stopDistance: number | string;
      readonly tickValue: number | string;
      readonly tickSize: number | string;
    };

type DailyLoss = Headroom['dailyLoss'];

/** The parts of a headroom the check reads: any answer carrying them will do (the dashboard's generated type too). */
export type CheckedHeadroom = Pick<Headroom, 'currency' | 'nextReset' | 'consistency'> & {
  readonly dailyLoss: Omit<DailyLoss, 'breach' | 'reference'> & {
    readonly reference: Pick<NonNullable<DailyLoss['reference']>, 'level' | 'kind'> | null;
  };
  readonly maxLoss: Omit<Headroom['maxLoss'], 'breach'>;
  /** The plan's cap on one trade's loss, as the headroom reads it from the plan (absent from older answers). */
  readonly tradeRules?: { readonly maxRiskPerTrade: { readonly limit: number | null } } | null;
  /** A floor already crossed in the attempt (absent from older answers): then every trade is blocked. */
  readonly breach?: Breach | null;
  /** The headroom's findings: its `unknown` ones name the rules that cannot be checked (absent: a rule without a floor is unknown). */
  readonly reasons?: readonly { readonly rule: string; readonly kind: string; readonly message: string }[];
};

export interface CheckTradeInput {
  /** The account's headroom now (computeHeadroom, or an account of get_headroom). */
  readonly headroom: CheckedHeadroom;
  readonly risk: TradeRisk;
  /** The plan's maximum risk per trade, percent of the initial balance; null/absent when the plan has none. */
  readonly maxRiskPerTradePercent?: number | null;
  /** The initial balance, needed with maxRiskPerTradePercent. */
  readonly initialBalance?: number | string | null;
  /** The best-day rule's share and base, needed to judge a loss against a share of the total profit. */
  readonly bestDayRule?: { readonly bestDayMaxPercent: number; readonly of: 'profit_target' | 'total_profit' } | null;
}

export type CheckedRule = 'daily_loss' | 'max_loss' | 'after_reset' | 'max_risk_per_trade' | 'best_day';

export interface RuleCheck {
  readonly rule: CheckedRule;
  /** The level the rule judges: an equity floor, or for max_risk_per_trade and best_day null. */
  readonly floor: number | null;
  /** Equity after the loss (after_reset: at the reset, with the loss still floating). */
  readonly levelAfter: number;
  /** What the rule would still allow after the loss; negative when it would be broken. Null when unbounded. */
  readonly leftAfter: number | null;
  readonly allowed: boolean;
  /** The largest loss this rule allows; null when the loss cannot break it. */
  readonly maxRiskAmount: number | null;
}

/** A rule the check could not judge because the rules in force leave it unknown: never read as kept. */
export interface NotChecked {
  readonly rule: 'daily_loss' | 'max_loss' | 'best_day';
  /** Why, in the headroom's words (English): which part of the rule is unknown. */
  readonly reason: string;
}

export interface TradeCheck {
  readonly currency: string;
  readonly riskAmount: number;
  readonly equity: number | null;
  /**
   * allowed: every rule keeps, none unknown; blocked: one breaks, or a floor was already crossed (`breach`);
   * unchecked: the known rules keep but `notChecked` names rules that are unknown, so the trade is not cleared;
   * unknown: equity or both loss rules are unknown.
   */
  readonly verdict: 'allowed' | 'blocked' | 'unchecked' | 'unknown';
  /** The rules not checked because they are unknown; empty when every rule was. */
  readonly notChecked: readonly NotChecked[];
  /** The floor already crossed in the attempt, which blocks any trade; null when none was. */
  readonly breach: Breach | null;
  readonly rules: readonly RuleCheck[];
  /** The largest loss that keeps every rule (0 when none does); null when no rule bounds it or it is unknown. */
  readonly maxRiskAmount: number | null;
  /** maxRiskAmount as a volume for the given stop (rounded down to 0.01 lot, at most MAX_CHECKED_VOLUME); null for a riskAmount input. */
  readonly maxVolume: number | null;
}

/**
 * The largest maxVolume answered, in lots: far past any broker's largest order, so it changes no real answer, while a
 * tiny loss per lot (a stop a tick away on a micro contract) can no longer give a volume past 2^53 that JSON readers
 * round. In hundredths of a lot it stays a safe integer.
 */
export const MAX_CHECKED_VOLUME = 1_000_000_000;

/** maxRiskAmount as lots for the stop: rounded down to a hundredth, the step most symbols trade in, and capped. */
const volumeFor = (maxRisk: Decimal, perVolume: Decimal): number =>
  num(minOf(maxRisk.div(perVolume).toDecimalPlaces(2, Decimal.ROUND_DOWN), new Decimal(MAX_CHECKED_VOLUME)));

/** The smallest step above a floor that is not "at" it, for floors judged at_or_below (a cent). */
const STRICT_STEP = new Decimal('0.01');

function positive(value: number | string, field: string, allowZero = false): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new CoachInputError(`${field} must be a number`, field);
  }
  if (!d.isFinite() || d.isNegative() || (!allowZero && d.isZero()))
    throw new CoachInputError(`${field} must be ${allowZero ? 'at least 0' : 'greater than 0'}`, field);
  return d;
}

/** Loss per 1.0 volume for the stop: stop distance ÷ tick size × tick value, as MetaTrader reports the symbol. */
function lossPerVolume(risk: Exclude<TradeRisk, { riskAmount: unknown }>): Decimal {
  const ticks = positive(risk.stopDistance, 'stopDistance').div(positive(risk.tickSize, 'tickSize'));
  return ticks.times(positive(risk.tickValue, 'tickValue'));
}

export function riskAmountOf(risk: TradeRisk): Decimal {
  if ('riskAmount' in risk) return positive(risk.riskAmount, 'riskAmount', true);
  return positive(risk.volume, 'volume').times(lossPerVolume(risk));
}

/** Equity now, read back from a floor and what is left above it (the headroom does not carry it alone). */
function equityOf(h: CheckedHeadroom): Decimal | null {
  if (h.dailyLoss.floor !== null && h.dailyLoss.left !== null) return new Decimal(h.dailyLoss.floor).plus(h.dailyLoss.left);
  if (h.maxLoss.floor !== null && h.maxLoss.left !== null) return new Decimal(h.maxLoss.floor).plus(h.maxLoss.left);
  return null;
}

function floorCheck(
  rule: CheckedRule,
  floor: Decimal,
  comparison: 'below' | 'at_or_below' | null,
  equity: Decimal,
  risk: Decimal,
): RuleCheck {
  const after = equity.minus(risk);
  const strict = comparison === 'at_or_below';
  const allowed = strict ? after.gt(floor) : after.gte(floor);
  const max = maxOf(equity.minus(floor).minus(strict ? STRICT_STEP : 0), new Decimal(0));
  return { rule, floor: num(floor), levelAfter: num(after), leftAfter: num(after.minus(floor)), allowed, maxRiskAmount: num(max) };
}

/**
 * The floor after the next reset with the loss still open: it is set from the balance and equity at the
 * reset, and a floating loss lowers equity but not balance. Only the equity-based references move with it.
 */
function afterResetCheck(h: CheckedHeadroom, equity: Decimal, risk: Decimal): RuleCheck | null {
  const { reference, comparison } = h.dailyLoss;
  const floorNow = h.nextReset.dailyFloorAfterReset;
  if (reference === null || floorNow === null || h.nextReset.at === null) return null;
  const balance = equity.minus(h.nextReset.carriedFloating);
  const after = equity.minus(risk);
  // The limit the reset would apply, read back from the floor the headroom computed at today's levels.
  const levelNow = reference.kind === 'day_start_equity' ? equity : reference.kind === 'max_balance_equity' ? maxOf(balance, equity) : null;
  if (reference.kind === 'day_start_equity') {
    // The floor follows equity down: a floating loss never breaches at the reset.
    const limit = equity.minus(floorNow);
    return {
      rule: 'after_reset',
      floor: num(after.minus(limit)),
      levelAfter: num(after),
      leftAfter: num(limit),
      allowed: true,
      maxRiskAmount: null,
    };
  }
  if (reference.kind === 'max_balance_equity' && levelNow !== null) {
    const limit = levelNow.minus(floorNow);
    // Below the balance the reference is the balance: the floor stops falling with equity.
    const floorAfter = maxOf(balance, after).minus(limit);
    const strict = comparison === 'at_or_below';
    const allowed = strict ? after.gt(floorAfter) : after.gte(floorAfter);
    const fixedFloor = balance.minus(limit);
    const max = maxOf(equity.minus(fixedFloor).minus(strict ? STRICT_STEP : 0), new Decimal(0));
    return {
      rule: 'after_reset',
      floor: num(floorAfter),
      levelAfter: num(after),
      leftAfter: num(after.minus(floorAfter)),
      allowed,
      maxRiskAmount: num(max),
    };
  }
  return floorCheck('after_reset', new Decimal(floorNow), comparison, equity, risk);
}

/**
 * A loss cannot make the best day larger, but under a share of the total profit it shrinks the total: the
 * best day must stay within share × (total − loss). A rule whose effect only delays the pass is reported,
 * never a block.
 */
function bestDayCheck(
  h: CheckedHeadroom,
  rule: NonNullable<CheckTradeInput['bestDayRule']>,
  equity: Decimal,
  risk: Decimal,
): RuleCheck | null {
  const c = h.consistency;
  if (!c || rule.of !== 'total_profit' || c.limit === null) return null;
  const share = new Decimal(rule.bestDayMaxPercent).div(100);
  const total = new Decimal(c.limit).div(share);
  const best = new Decimal(c.bestDayProfit);
  const totalAfter = total.minus(risk);
  const limitAfter = maxOf(totalAfter, new Decimal(0)).times(share);
  const holds = best.lte(limitAfter);
  const max = maxOf(total.minus(best.div(share)), new Decimal(0));
  return {
    rule: 'best_day',
    floor: null,
    levelAfter: num(equity.minus(risk)),
    leftAfter: num(limitAfter.minus(best)),
    allowed: holds || c.effect !== 'fails',
    maxRiskAmount: c.effect === 'fails' ? num(max) : null,
  };
}

/** The plan's cap on one trade: a percent given with the initial balance, else the amount the headroom carries. */
function riskCap(input: CheckTradeInput): Decimal | null {
  if (input.maxRiskPerTradePercent != null) {
    if (input.initialBalance == null) throw new CoachInputError('initialBalance is needed with maxRiskPerTradePercent', 'initialBalance');
    return positive(input.initialBalance, 'initialBalance').times(input.maxRiskPerTradePercent).div(100);
  }
  const limit = input.headroom.tradeRules?.maxRiskPerTrade.limit ?? null;
  return limit === null ? null : new Decimal(limit);
}

const HEADROOM_RULE = { daily_loss: 'dailyLoss', max_loss: 'maxLoss', best_day: 'consistency' } as const;

/**
 * The rules the headroom leaves unknown: any `unknown` finding about the rule, even when a floor was still placed
 * (an unknown reset time leaves the day's window, so its start level, a guess: that floor is shown, never cleared),
 * and a best-day rule that is unknown. Without the findings (an older answer), a loss rule without a floor counts as
 * unknown.
 */
function notCheckedRules(h: CheckedHeadroom): NotChecked[] {
  const out: NotChecked[] = [];
  for (const rule of ['daily_loss', 'max_loss', 'best_day'] as const) {
    const name = HEADROOM_RULE[rule];
    const unknown = h.reasons?.filter((r) => r.rule === name && r.kind === 'unknown') ?? [];
    const floorless = rule === 'best_day' ? false : (rule === 'daily_loss' ? h.dailyLoss.floor : h.maxLoss.floor) === null;
    if (h.reasons === undefined ? floorless : unknown.length > 0)
      out.push({ rule, reason: unknown.map((r) => r.message).join('; ') || `the ${rule.replace('_', ' ')} rule is unknown` });
  }
  return out;
}

export function checkTrade(input: CheckTradeInput): TradeCheck {
  const { headroom: h, risk } = input;
  const riskAmount = riskAmountOf(risk);
  const equity = equityOf(h);
  const perVolume = 'riskAmount' in risk ? null : lossPerVolume(risk);
  const breach = h.breach ?? null;
  const notChecked = notCheckedRules(h);
  if (equity === null)
    return {
      currency: h.currency,
      riskAmount: num(riskAmount),
      equity: null,
      verdict: breach ? 'blocked' : 'unknown',
      notChecked,
      breach,
      rules: [],
      maxRiskAmount: breach ? 0 : null,
      maxVolume: breach && perVolume !== null ? 0 : null,
    };
  const rules: RuleCheck[] = [];
  if (h.dailyLoss.floor !== null)
    rules.push(floorCheck('daily_loss', new Decimal(h.dailyLoss.floor), h.dailyLoss.comparison, equity, riskAmount));
  if (h.maxLoss.floor !== null) rules.push(floorCheck('max_loss', new Decimal(h.maxLoss.floor), h.maxLoss.comparison, equity, riskAmount));
  const reset = afterResetCheck(h, equity, riskAmount);
  if (reset) rules.push(reset);
  const cap = riskCap(input);
  if (cap !== null) {
    rules.push({
      rule: 'max_risk_per_trade',
      floor: null,
      levelAfter: num(equity.minus(riskAmount)),
      leftAfter: num(cap.minus(riskAmount)),
      allowed: riskAmount.lte(cap),
      maxRiskAmount: num(cap),
    });
  }
  const best = input.bestDayRule ? bestDayCheck(h, input.bestDayRule, equity, riskAmount) : null;
  if (best) rules.push(best);
  if (breach) return blockedByBreach(h, breach, rules, riskAmount, equity, perVolume);
  const bounds = rules.flatMap((r) => (r.maxRiskAmount === null ? [] : [new Decimal(r.maxRiskAmount)]));
  const max = bounds.length ? bounds.reduce(minOf) : null;
  const bothLossRulesUnknown = h.dailyLoss.floor === null && h.maxLoss.floor === null;
  // An unknown rule is never read as kept: the trade is `unchecked`, not `allowed`, while one is.
  const verdict = rules.some((r) => !r.allowed)
    ? 'blocked'
    : bothLossRulesUnknown
      ? 'unknown'
      : notChecked.length > 0
        ? 'unchecked'
        : 'allowed';
  return {
    currency: h.currency,
    riskAmount: num(riskAmount),
    equity: num(equity),
    verdict,
    notChecked,
    breach: null,
    rules,
    maxRiskAmount: max === null ? null : num(max),
    // Rounded down, so the volume never exceeds the loss.
    maxVolume: max === null || perVolume === null ? null : volumeFor(max, perVolume),
  };
}

const BREACHED_RULE: Record<Breach['rule'], CheckedRule> = { dailyLoss: 'daily_loss', maxLoss: 'max_loss' };

/**
 * After a crossed floor the attempt is over at the firm, even when equity has since recovered above it: the
 * crossed rule's check says so (not allowed, no room), and no loss is allowed.
 */
function blockedByBreach(
  h: CheckedHeadroom,
  breach: Breach,
  rules: readonly RuleCheck[],
  riskAmount: Decimal,
  equity: Decimal,
  perVolume: Decimal | null,
): TradeCheck {
  const crossed = BREACHED_RULE[breach.rule];
  const checks = rules.some((r) => r.rule === crossed)
    ? rules.map((r) => (r.rule === crossed ? { ...r, allowed: false, maxRiskAmount: 0 } : r))
    : [
        {
          rule: crossed,
          floor: breach.floor,
          levelAfter: num(equity.minus(riskAmount)),
          leftAfter: num(new Decimal(breach.lowestEquity).minus(breach.floor)),
          allowed: false,
          maxRiskAmount: 0,
        },
        ...rules,
      ];
  return {
    currency: h.currency,
    riskAmount: num(riskAmount),
    equity: num(equity),
    verdict: 'blocked',
    notChecked: notCheckedRules(h),
    breach,
    rules: checks,
    maxRiskAmount: 0,
    maxVolume: perVolume === null ? null : 0,
  };
}
