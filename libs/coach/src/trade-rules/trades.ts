/**
 * The trades the trade rules judge, and the plan's trade rules read from a rules object that may be a
 * catalog record (the coach's rule types do not carry them, so they are read field by field and an
 * unreadable value is unknown rather than a guess).
 */
import { CoachInputError } from '../shared/errors.js';
import { type Decimal, money } from '../shared/money.js';
import { type ClosedPart, closedParts } from './attribution.js';

/** One closed position as the caller stored it: amounts as exact decimal text, instants as ISO 8601 with a zone. */
export interface TradeFact {
  /** Position id (MT5) or ticket (MT4). */
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: string;
  openedAt: string;
  closedAt: string;
  /** Profit with commission, swap and fees, in the account's currency. */
  net: string;
  /**
   * The closing deals of a partial close, oldest first (their gross profit); absent or fewer than two: the
   * position closed at once at `closedAt`.
   */
  exits?: readonly { at: string; volume: string | number; profit: string | number }[] | null;
}

/**
 * A position still open, as the tracker last saw it: where its stop is and what hitting it would cost, in the
 * account's currency as the terminal computes it (tick value, contract size and conversion are the terminal's).
 */
export interface OpenPositionFact {
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: string;
  openedAt: string;
  /** The stop's price; null when the position has none. */
  stopLoss: string | null;
  /** The net loss if the stop is hit, positive; zero or less for a stop at or past breakeven; null without a stop. */
  lossAtStop: string | null;
}

/** A trade with its instants and money read once. */
export interface Trade {
  readonly fact: TradeFact;
  readonly openMs: number;
  readonly closeMs: number;
  readonly net: Decimal;
  /** Its closed parts, each on its own close time (attribution.ts). */
  readonly parts: readonly ClosedPart[];
}

export type Permission = 'allowed' | 'banned';

/** The plan's rules that only trades can check; null = unknown. */
export interface PlanTradeRules {
  weekendHolding: Permission | null;
  hedging: Permission | null;
  /** The most one trade may lose, in percent of the initial balance. */
  maxRiskPerTradePercent: number | null;
}

export const NO_TRADE_RULES: PlanTradeRules = { weekendHolding: null, hedging: null, maxRiskPerTradePercent: null };

const permission = (value: unknown): Permission | null => (value === 'allowed' || value === 'banned' ? value : null);

/** Reads the trade rules of a plan's rules object (the catalog's `PlanRules`); anything else is unknown. */
export function planTradeRules(rules: unknown): PlanTradeRules {
  if (typeof rules !== 'object' || rules === null) return NO_TRADE_RULES;
  const r = rules as Record<string, unknown>;
  const risk = r.maxRiskPerTradePercent;
  return {
    weekendHolding: permission(r.weekendHolding),
    hedging: permission(r.hedging),
    maxRiskPerTradePercent: typeof risk === 'number' && risk > 0 && risk <= 100 ? risk : null,
  };
}

/**
 * The trade rules a challenge is judged by: the plan's, with each rule the challenge set itself (its `rulesOverride`,
 * validated by RulesOverrideSchema) in its place. A rule the challenge leaves out or sets to null keeps the plan's.
 */
export function challengeTradeRules(planRules: unknown, override: unknown): PlanTradeRules {
  const plan = planTradeRules(planRules);
  const own = planTradeRules(override);
  return {
    weekendHolding: own.weekendHolding ?? plan.weekendHolding,
    hedging: own.hedging ?? plan.hedging,
    maxRiskPerTradePercent: own.maxRiskPerTradePercent ?? plan.maxRiskPerTradePercent,
  };
}

function instant(text: string, field: string): number {
  // An instant without a zone would be read in the server's zone: refused, like every instant the coach reads.
  const ms = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new CoachInputError(`${field}: "${text}" is not an ISO 8601 instant with a zone`, field);
  return ms;
}

/** Checks and reads the trades; a close before its open is the caller's mistake, named. */
export function readTrades(facts: readonly TradeFact[]): Trade[] {
  return facts.map((fact, i) => {
    const openMs = instant(fact.openedAt, `trades[${i}].openedAt`);
    const closeMs = instant(fact.closedAt, `trades[${i}].closedAt`);
    if (closeMs < openMs) throw new CoachInputError(`trades[${i}]: closed before it was opened`, `trades[${i}].closedAt`);
    const net = money(fact.net, `trades[${i}].net`);
    const exits = (fact.exits ?? []).map((e, j) => ({
      atMs: instant(e.at, `trades[${i}].exits[${j}].at`),
      volume: money(String(e.volume), `trades[${i}].exits[${j}].volume`),
      profit: money(String(e.profit), `trades[${i}].exits[${j}].profit`),
    }));
    return { fact, openMs, closeMs, net, parts: closedParts(exits, net, closeMs) };
  });
}
