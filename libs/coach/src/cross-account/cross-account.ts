/**
 * Rules across one trader's accounts at a firm, judged from what the caller already holds (pure, no I/O):
 *
 * - Hedging across accounts: a buy and a sell on the same symbol on two different firm accounts of one firm whose
 *   rules forbid it, known to be open at one instant (each position is known open from its opening until the
 *   snapshot that lists it, or until its close). Both accounts are flagged, each naming the other. Two terminals of
 *   one firm account (the same `group`) are one account: never a hedge across accounts.
 * - The allocation cap: the sum of the initial sizes of the accounts the cap counts (funded only, or evaluations
 *   too), in the cap's currency, against the cap. A size in another currency, or unknown, is listed, never added.
 */
import { instrumentKey } from '../shared/instrument.js';
import { Decimal, money } from '../shared/money.js';

type Side = 'buy' | 'sell';

export interface CrossAccountPosition {
  /** The platform's ticket. */
  position: string;
  symbol: string;
  side: Side;
  /** ISO 8601 instant. */
  openedAt: string;
  /** The instant it is known open until: the snapshot that lists it (open then), or its close (`closed`). */
  openUntil: string;
  /** True when `openUntil` is its close (it was no longer open at that instant). */
  closed?: boolean;
}

export interface CrossAccountAccount {
  /** The row judged (an EA account). */
  id: string;
  /** What the trader calls it (named in the other account's finding). */
  label: string;
  /** The firm account it is a terminal of (a challenge); two rows of one group are never hedged against each other. */
  group: string;
  /** The firm's key (catalog slug), or null when unknown: then it is at no firm for these rules. */
  firm: string | null;
  positions: readonly CrossAccountPosition[];
}

export interface CrossAccountHedge {
  /** The account flagged, and the other account of the pair. */
  accountId: string;
  otherAccountId: string;
  otherLabel: string;
  symbol: string;
  side: Side;
  position: string;
  otherPosition: string;
  /** The first instant both were known open (the later opening). */
  since: string;
}

/** Whether a firm forbids opposite positions across the trader's accounts: true, false, or null (unknown). */
export type HedgingForbidden = (firm: string) => boolean | null;

/** `EURUSD.r` on one account and `EURUSD` on another are one market (shared/instrument.ts). */
const symbolKey = instrumentKey;

interface Interval {
  account: CrossAccountAccount;
  p: CrossAccountPosition;
  from: number;
  until: number;
  closed: boolean;
}

/**
 * Every cross-account hedge, per flagged account (each pair appears on both accounts). Accounts at a firm whose
 * rule is unknown or allows it, and accounts of different firms, are never flagged.
 */
export function crossAccountHedges(
  accounts: readonly CrossAccountAccount[],
  forbidden: HedgingForbidden,
): Map<string, CrossAccountHedge[]> {
  const out = new Map<string, CrossAccountHedge[]>();
  const byKey = new Map<string, Interval[]>();
  for (const account of accounts) {
    if (account.firm === null || forbidden(account.firm) !== true) continue;
    for (const p of account.positions) {
      const from = Date.parse(p.openedAt);
      const until = Date.parse(p.openUntil);
      if (!Number.isFinite(from) || !Number.isFinite(until) || until < from) continue;
      const key = `${account.firm}\u0000${symbolKey(p.symbol)}`;
      const list = byKey.get(key);
      const item = { account, p, from, until, closed: p.closed === true };
      if (list) list.push(item);
      else byKey.set(key, [item]);
    }
  }
  const add = (a: Interval, b: Interval, since: number) => {
    const list = out.get(a.account.id) ?? [];
    list.push({
      accountId: a.account.id,
      otherAccountId: b.account.id,
      otherLabel: b.account.label,
      symbol: a.p.symbol,
      side: a.p.side,
      position: a.p.position,
      otherPosition: b.p.position,
      since: new Date(since).toISOString(),
    });
    out.set(a.account.id, list);
  };
  for (const list of byKey.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i] as Interval;
        const b = list[j] as Interval;
        if (a.p.side === b.p.side || a.account.group === b.account.group) continue;
        // Known open together: some instant lies in both (a snapshot's instant lists its positions as open; a
        // close is not: a position closed at the instant the other opened is a reversal, not a hedge).
        const since = Math.max(a.from, b.from);
        const end = Math.min(a.until, b.until);
        if (since > end) continue;
        if (since === end && ((a.closed && a.until === end) || (b.closed && b.until === end))) continue;
        add(a, b, since);
        add(b, a, since);
      }
    }
  }
  for (const list of out.values()) list.sort((x, y) => x.since.localeCompare(y.since) || x.otherLabel.localeCompare(y.otherLabel));
  return out;
}

export type AllocationCounts = 'funded' | 'all';

export interface AllocationCap {
  amount: string;
  currency: string;
  /** Null: the sources do not say whether evaluations count (every account is then counted, and the answer says so). */
  counts: AllocationCounts | null;
}

export interface AllocationAccount {
  /** The firm account (a challenge). */
  id: string;
  label: string;
  funded: boolean;
  /** Its initial size, decimal text; null when unknown. */
  size: string | null;
  /** The size's currency; null when unknown. */
  currency: string | null;
}

export interface AllocationJudgement {
  cap: AllocationCap;
  /** The accounts added up, in the cap's currency. */
  counted: string[];
  sum: string;
  /** Accounts the cap would count whose size is unknown or in another currency: not added. */
  notCounted: { id: string; label: string; reason: 'size_unknown' | 'other_currency' }[];
  /** True when the sum of the counted sizes is above the cap. */
  over: boolean;
  /** False when the sources do not say whether evaluations count. */
  countsKnown: boolean;
}

/** The counted accounts' initial sizes against the firm's cap. */
export function judgeAllocation(accounts: readonly AllocationAccount[], cap: AllocationCap): AllocationJudgement {
  const limit = money(cap.amount, 'cap.amount');
  let sum = new Decimal(0);
  const counted: string[] = [];
  const notCounted: AllocationJudgement['notCounted'] = [];
  for (const account of accounts) {
    if (cap.counts === 'funded' && !account.funded) continue;
    if (account.size === null) {
      notCounted.push({ id: account.id, label: account.label, reason: 'size_unknown' });
      continue;
    }
    if (account.currency !== cap.currency) {
      notCounted.push({ id: account.id, label: account.label, reason: 'other_currency' });
      continue;
    }
    sum = sum.plus(money(account.size, `accounts[${account.id}].size`));
    counted.push(account.id);
  }
  return { cap, counted, sum: sum.toFixed(), notCounted, over: sum.gt(limit), countsKnown: cap.counts !== null };
}

/** A firm's copy-trading rule as the catalog states it: allowed, forbidden, or allowed within an allocation. */
export interface CopyTradingRule {
  value: 'allowed' | 'restricted' | 'forbidden';
  /** With `restricted`: the most the copied accounts at the firm may hold together, decimal text. */
  maxAllocation?: string;
  currency?: string;
}

export interface CopyTradingMember extends AllocationAccount {
  /** The firm's catalog key; null when the account's firm is not in the catalog. */
  firm: string | null;
}

export interface CopyTradingJudgement {
  firm: string;
  /** The members of the group at this firm. */
  accounts: string[];
  /**
   * forbidden: the firm forbids copy trading and the group copies into its accounts; over / within_limit: the
   * copied accounts at the firm hold more / not more than its limit; restricted: allowed on conditions the catalog
   * states only in words (its note); allowed; unknown: the catalog states no rule.
   */
  verdict: 'forbidden' | 'over' | 'within_limit' | 'restricted' | 'allowed' | 'unknown';
  /** With a limit: the members' sizes against it (the allocation cap's arithmetic). */
  allocation: AllocationJudgement | null;
}

/**
 * A copy-trading group judged against each of its firms' copy-trading rules: one judgement per firm with a member, in
 * the firms' order of first appearance. A group copies one strategy into every member, so each member's firm rule
 * applies to it; a limit adds up the group's members at that firm (every stage, in the limit's currency).
 */
export function judgeCopyTrading(
  members: readonly CopyTradingMember[],
  ruleOf: (firm: string) => CopyTradingRule | null,
): CopyTradingJudgement[] {
  const byFirm = new Map<string, CopyTradingMember[]>();
  for (const member of members) {
    if (member.firm === null) continue;
    byFirm.set(member.firm, [...(byFirm.get(member.firm) ?? []), member]);
  }
  return [...byFirm].map(([firm, atFirm]) => {
    const rule = ruleOf(firm);
    const accounts = atFirm.map((m) => m.id);
    if (rule === null) return { firm, accounts, verdict: 'unknown', allocation: null };
    if (rule.value === 'forbidden') return { firm, accounts, verdict: 'forbidden', allocation: null };
    if (rule.value === 'allowed') return { firm, accounts, verdict: 'allowed', allocation: null };
    if (rule.maxAllocation === undefined || rule.currency === undefined) return { firm, accounts, verdict: 'restricted', allocation: null };
    const allocation = judgeAllocation(atFirm, { amount: rule.maxAllocation, currency: rule.currency, counts: 'all' });
    return { firm, accounts, verdict: allocation.over ? 'over' : 'within_limit', allocation };
  });
}
