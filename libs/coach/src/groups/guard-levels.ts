/**
 * The guard levels of a copy-trading group, each terminal its own share. A copier repeats the master's trade at each
 * account's lot multiplier, so one master loss L costs account i L × mᵢ. Each account's room to its own floors and its
 * own per-trade cap, divided by its multiplier, is what the master may lose before that account crosses; the group
 * stops at the smallest (naming the binding account), and each terminal's guard is that master amount times its own
 * multiplier, as an equity level on its own account (what get_account_guard gives one account alone). Every terminal
 * then stops on the same signal, each before its own floor. Pure and exact.
 */
import { CoachInputError } from '../shared/errors.js';
import { Decimal, num } from '../shared/money.js';
import type { CheckedHeadroom } from '../check-trade/check-trade.js';

/** A floor judged "at or below" is crossed at the floor itself: the guard stops a cent above it. */
const STRICT_STEP = new Decimal('0.01');
const CENT = 2;

type GuardedHeadroom = Pick<CheckedHeadroom, 'currency' | 'dailyLoss' | 'maxLoss' | 'tradeRules' | 'breach'>;

export interface GuardMember {
  readonly accountId: string;
  /** Lots on this account for each master lot, > 0. */
  readonly multiplier: number | string;
  /** The account's headroom now (its floors, what is left above them, its per-trade cap). */
  readonly headroom: GuardedHeadroom;
}

export type GuardRule = 'daily_loss' | 'max_loss' | 'risk_per_trade';

/** One rule across the group, in master terms. */
export interface GroupGuard {
  /**
   * bounded: masterAmount is the most the master may lose; unbounded: no account has the rule; unknown: an account has
   * the floor but its equity is unknown (nothing is then safe to give).
   */
  readonly status: 'bounded' | 'unbounded' | 'unknown';
  /** The largest master loss every account keeps under this rule (rounded down to 0.01); null unless bounded. */
  readonly masterAmount: number | null;
  /** The account whose room sets it (the first such, in members' order); null unless bounded. */
  readonly bindingAccountId: string | null;
}

export interface MemberGuardLevels {
  readonly accountId: string;
  readonly multiplier: number;
  /** This account's own room, in its own money: to its daily floor, to its max floor, its per-trade cap; null when none. */
  readonly room: { readonly dailyLoss: number | null; readonly maxLoss: number | null; readonly riskPerTrade: number | null };
  /** The same room in master terms (÷ multiplier, rounded down to 0.01). */
  readonly masterRoom: { readonly dailyLoss: number | null; readonly maxLoss: number | null; readonly riskPerTrade: number | null };
  /** The equity level at which this terminal stops for the day: equity − the group's daily master amount × its multiplier. */
  readonly dailyLossGuard: number | null;
  /** The equity level at which this terminal stops for good: equity − the group's max-loss master amount × its multiplier. */
  readonly maxLossGuard: number | null;
  /** The most one copied trade may lose on this terminal: the group's per-trade master amount × its multiplier. */
  readonly riskPerTrade: number | null;
}

export interface GroupGuardLevels {
  readonly currency: string;
  readonly dailyLoss: GroupGuard;
  readonly maxLoss: GroupGuard;
  /** The largest master loss for one trade: within every per-trade cap and every account's room to both floors. */
  readonly riskPerTrade: GroupGuard;
  readonly members: readonly MemberGuardLevels[];
}

interface Room {
  /** Equity now, when known. */
  readonly equity: Decimal | null;
  /** What the account may lose under the rule: null when it has no such rule, 'unknown' when its equity is unknown. */
  readonly dailyLoss: Decimal | null | 'unknown';
  readonly maxLoss: Decimal | null | 'unknown';
  readonly riskPerTrade: Decimal | null;
}

function multiplierOf(value: number | string): Decimal {
  let m: Decimal;
  try {
    m = new Decimal(value);
  } catch {
    throw new CoachInputError('multiplier must be a number', 'multiplier');
  }
  if (!m.isFinite() || m.lte(0)) throw new CoachInputError('multiplier must be greater than 0', 'multiplier');
  return m;
}

type Floor = { readonly floor: number | null; readonly left: number | null; readonly comparison: 'below' | 'at_or_below' | null };

/** Room above one floor: what is left, less a cent where the floor itself breaches, never below 0 (a floor crossed: 0). */
function roomAbove(rule: Floor, breached: boolean): Decimal | null | 'unknown' {
  if (rule.floor === null) return null;
  if (breached) return new Decimal(0);
  if (rule.left === null) return 'unknown';
  return Decimal.max(new Decimal(rule.left).minus(rule.comparison === 'at_or_below' ? STRICT_STEP : 0), 0);
}

function roomOf(h: GuardedHeadroom): Room {
  const breached = h.breach != null;
  const equity =
    h.dailyLoss.floor !== null && h.dailyLoss.left !== null
      ? new Decimal(h.dailyLoss.floor).plus(h.dailyLoss.left)
      : h.maxLoss.floor !== null && h.maxLoss.left !== null
        ? new Decimal(h.maxLoss.floor).plus(h.maxLoss.left)
        : null;
  const cap = h.tradeRules?.maxRiskPerTrade.limit ?? null;
  return {
    equity,
    dailyLoss: roomAbove(h.dailyLoss, breached),
    maxLoss: roomAbove(h.maxLoss, breached),
    riskPerTrade: cap === null ? null : breached ? new Decimal(0) : Decimal.max(new Decimal(cap), 0),
  };
}

const down = (d: Decimal) => d.toDecimalPlaces(CENT, Decimal.ROUND_DOWN);
const numOrNull = (d: Decimal | null | 'unknown') => (d === null || d === 'unknown' ? null : num(down(d)));

/** The smallest room ÷ multiplier across the members, exact; the first member holding it binds. */
function smallest(entries: readonly { accountId: string; room: Decimal | null | 'unknown'; m: Decimal }[]): {
  status: GroupGuard['status'];
  bound: Decimal | null;
  bindingAccountId: string | null;
} {
  if (entries.some((e) => e.room === 'unknown')) return { status: 'unknown', bound: null, bindingAccountId: null };
  let best: { bound: Decimal; accountId: string } | null = null;
  for (const e of entries) {
    if (e.room === null || e.room === 'unknown') continue;
    const bound = e.room.div(e.m);
    if (best === null || bound.lt(best.bound)) best = { bound, accountId: e.accountId };
  }
  return best === null
    ? { status: 'unbounded', bound: null, bindingAccountId: null }
    : { status: 'bounded', bound: down(best.bound), bindingAccountId: best.accountId };
}

const guardOf = (s: ReturnType<typeof smallest>): GroupGuard => ({
  status: s.status,
  masterAmount: s.bound === null ? null : num(s.bound),
  bindingAccountId: s.bindingAccountId,
});

export function groupGuardLevels(members: readonly GuardMember[]): GroupGuardLevels {
  const first = members[0];
  if (first === undefined) throw new CoachInputError('a group needs at least one account', 'accounts');
  const currencies = new Set(members.map((m) => m.headroom.currency));
  // A loss in one currency cannot be read on an account of another: the caller splits the group by currency.
  if (currencies.size > 1)
    throw new CoachInputError(`the accounts hold ${[...currencies].sort().join(' and ')}: guard one currency at a time`, 'accounts');
  const rows = members.map((member) => ({
    accountId: member.accountId,
    m: multiplierOf(member.multiplier),
    room: roomOf(member.headroom),
  }));
  const daily = smallest(rows.map((r) => ({ accountId: r.accountId, m: r.m, room: r.room.dailyLoss })));
  const max = smallest(rows.map((r) => ({ accountId: r.accountId, m: r.m, room: r.room.maxLoss })));
  // One trade may lose no more than any cap, nor more than the room left to either floor on any account.
  const perTrade = smallest(
    rows.flatMap((r) =>
      (['riskPerTrade', 'dailyLoss', 'maxLoss'] as const).map((rule) => ({ accountId: r.accountId, m: r.m, room: r.room[rule] })),
    ),
  );
  // The master amount is rounded down before it is multiplied, and the share rounded down again: never above the room.
  const share = (bound: Decimal | null, m: Decimal) => (bound === null ? null : down(bound.times(m)));
  const level = (equity: Decimal | null, bound: Decimal | null, m: Decimal) => {
    const s = share(bound, m);
    return equity === null || s === null ? null : num(equity.minus(s));
  };
  return {
    currency: first.headroom.currency,
    dailyLoss: guardOf(daily),
    maxLoss: guardOf(max),
    riskPerTrade: guardOf(perTrade),
    members: rows.map(({ accountId, m, room }) => {
      const master = (r: Decimal | null | 'unknown') => (r === null || r === 'unknown' ? null : num(down(r.div(m))));
      const risk = share(perTrade.bound, m);
      return {
        accountId,
        multiplier: num(m),
        room: { dailyLoss: numOrNull(room.dailyLoss), maxLoss: numOrNull(room.maxLoss), riskPerTrade: numOrNull(room.riskPerTrade) },
        masterRoom: { dailyLoss: master(room.dailyLoss), maxLoss: master(room.maxLoss), riskPerTrade: master(room.riskPerTrade) },
        dailyLossGuard: level(room.equity, daily.bound, m),
        maxLossGuard: level(room.equity, max.bound, m),
        riskPerTrade: risk === null ? null : num(risk),
      };
    }),
  };
}
