/**
 * The pre-trade check for a group of accounts that copy one strategy: the trade as the trader places it on the master
 * terminal, copied to each account at its lot multiplier. Each account is judged by its own rules (checkTrade on its
 * own headroom, with the risk scaled by its multiplier); the group may take only what every account may take, so the
 * largest loss and volume are the smallest of each account's own, divided by its multiplier, and the account that sets
 * them is named. Pure and exact, as checkTrade is.
 */
import { CoachInputError } from '../shared/errors.js';
import { Decimal, num } from '../shared/money.js';
import {
  checkTrade,
  MAX_CHECKED_VOLUME,
  riskAmountOf,
  type CheckTradeInput,
  type TradeCheck,
  type TradeRisk,
} from '../check-trade/check-trade.js';

export interface GroupMember {
  /** The account's id, echoed in the answer. */
  readonly accountId: string;
  /** Lots on this account for each lot on the master (the copier's multiplier), > 0. */
  readonly multiplier: number | string;
  /** The account's own check inputs, without the risk: its headroom, trade cap and best-day rule. */
  readonly check: Omit<CheckTradeInput, 'risk'>;
}

export interface GroupMemberCheck {
  readonly accountId: string;
  readonly multiplier: number;
  /** The account's own check of its copy (risk × multiplier). */
  readonly check: TradeCheck;
  /** The account's largest loss, in master terms (its own ÷ multiplier); null when no rule bounds it. */
  readonly maxRiskAmount: number | null;
}

export interface GroupTradeCheck {
  readonly currency: string;
  /** The master's risk as sent (for a volume input: volume × the stop's loss per lot). */
  readonly riskAmount: number;
  /**
   * blocked: any account would break a rule or has crossed a floor; unknown: an account's equity or both loss rules
   * are unknown; unchecked: every known rule keeps but an account has a rule not checked; allowed: every account keeps
   * every rule.
   */
  readonly verdict: TradeCheck['verdict'];
  readonly members: readonly GroupMemberCheck[];
  /** The largest master loss every account keeps (0 when one is blocked by a breach); null when unbounded or unknown. */
  readonly maxRiskAmount: number | null;
  /** maxRiskAmount as master lots for the stop, rounded down to 0.01; null for a riskAmount input. */
  readonly maxVolume: number | null;
  /** The account whose rules set maxRiskAmount (the first such, in members' order); null when none bounds it. */
  readonly bindingAccountId: string | null;
}

const VERDICT_ORDER: readonly TradeCheck['verdict'][] = ['blocked', 'unknown', 'unchecked', 'allowed'];

function multiplierOf(member: GroupMember): Decimal {
  let m: Decimal;
  try {
    m = new Decimal(member.multiplier);
  } catch {
    throw new CoachInputError('multiplier must be a number', 'multiplier');
  }
  if (!m.isFinite() || m.lte(0)) throw new CoachInputError('multiplier must be greater than 0', 'multiplier');
  return m;
}

/** The risk on one account: the master's loss or volume times the multiplier (the stop and tick are the symbol's). */
function scaled(risk: TradeRisk, m: Decimal): TradeRisk {
  if ('riskAmount' in risk) return { riskAmount: new Decimal(risk.riskAmount).times(m).toString() };
  return { ...risk, volume: new Decimal(risk.volume).times(m).toString() };
}

export function checkGroupTrade(members: readonly GroupMember[], risk: TradeRisk): GroupTradeCheck {
  const first = members[0];
  if (first === undefined) throw new CoachInputError('a group needs at least one account', 'accounts');
  const currencies = new Set(members.map((m) => m.check.headroom.currency));
  // A loss in one currency cannot be read on an account of another: the caller splits the group by currency.
  if (currencies.size > 1)
    throw new CoachInputError(`the accounts hold ${[...currencies].sort().join(' and ')}: check one currency at a time`, 'accounts');
  const riskAmount = riskAmountOf(risk);
  const checks = members.map((member): GroupMemberCheck & { bound: Decimal | null } => {
    const m = multiplierOf(member);
    const check = checkTrade({ ...member.check, risk: scaled(risk, m) });
    const bound = check.maxRiskAmount === null ? null : new Decimal(check.maxRiskAmount).div(m);
    return {
      accountId: member.accountId,
      multiplier: num(m),
      check,
      maxRiskAmount: bound === null ? null : num(bound.toDecimalPlaces(2, Decimal.ROUND_DOWN)),
      bound,
    };
  });
  let binding: { accountId: string; bound: Decimal } | null = null;
  for (const c of checks)
    if (c.bound !== null && (binding === null || c.bound.lt(binding.bound))) binding = { accountId: c.accountId, bound: c.bound };
  const verdict = VERDICT_ORDER.find((v) => checks.some((c) => c.check.verdict === v)) ?? 'allowed';
  const max = binding?.bound ?? null;
  const perVolume = 'riskAmount' in risk ? null : riskAmount.div(new Decimal(risk.volume));
  return {
    currency: first.check.headroom.currency,
    riskAmount: num(riskAmount),
    verdict,
    members: checks.map(({ bound: _bound, ...c }) => c),
    maxRiskAmount: max === null ? null : num(max.toDecimalPlaces(2, Decimal.ROUND_DOWN)),
    maxVolume:
      max === null || perVolume === null || perVolume.isZero()
        ? null
        : num(Decimal.min(max.div(perVolume).toDecimalPlaces(2, Decimal.ROUND_DOWN), new Decimal(MAX_CHECKED_VOLUME))),
    bindingAccountId: binding?.accountId ?? null,
  };
}
