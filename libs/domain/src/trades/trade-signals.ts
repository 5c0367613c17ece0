/**
 * Copied signals in the journal: trades opened on several accounts of one group within seconds, on the same symbol and
 * side, share a `signalId` (the coach's matchSignals decides which), so the journal shows one signal's result across
 * the accounts. Marked in the transaction of every write that can change the answer: trades stored (the tracker's
 * message, a statement import: trade-store.ts) and a group created or its members changed (groups.repository.ts).
 *
 * Choices (docs/trades.md):
 * - A signal of one trade has no id (null): the field says "this trade was copied", as the schema documents.
 * - An account in two groups links them: accounts are matched together when a chain of groups joins them, so every
 *   trade still has one id and a copy to all of them is one signal. Groups are a trader's own naming of one
 *   strategy; two groups sharing an account copy the same master's trades there.
 * - An id already on a copy is kept (the one most of the signal's trades carry; ties: the earliest trade's), so a
 *   resend or a late copy changes no id; a new signal gets a new uuid.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_SIGNAL_WINDOW_MS, matchSignals } from '@propfolio/coach';
import type { GroupLink, OpenSpan, SignalCandidate, TradesRepository } from './trades.repository.js';

/**
 * Open instants read on each side of the stored trades: a stored trade's signal is decided by the trades of its
 * symbol and side opened up to one window before it, which are decided by theirs; a minute (twelve windows) gives
 * that chain its context unless copies of one symbol and side open closer than every 5 s for a whole minute.
 */
export const SIGNAL_READ_MARGIN_MS = 60_000;

/** Each grouped account's linked accounts (itself included): the accounts its groups join, directly or in a chain. */
export function linkedAccounts(links: readonly GroupLink[]): Map<string, ReadonlySet<string>> {
  const parent = new Map<string, string>();
  const root = (a: string): string => {
    let r = a;
    while (parent.get(r) !== r) r = parent.get(r) ?? r;
    parent.set(a, r);
    return r;
  };
  const firstOfGroup = new Map<string, string>();
  for (const { groupId, accountId } of links) {
    if (!parent.has(accountId)) parent.set(accountId, accountId);
    const first = firstOfGroup.get(groupId);
    if (first === undefined) firstOfGroup.set(groupId, accountId);
    else parent.set(root(accountId), root(first));
  }
  const sets = new Map<string, Set<string>>();
  for (const account of parent.keys()) {
    const r = root(account);
    sets.set(r, (sets.get(r) ?? new Set()).add(account));
  }
  const out = new Map<string, ReadonlySet<string>>();
  for (const set of sets.values()) if (set.size > 1) for (const account of set) out.set(account, set);
  return out;
}

/** The signals among trades: each signal's trades (first opened first), singletons included. */
function signalsOf(trades: readonly SignalCandidate[], linked: Map<string, ReadonlySet<string>>, windowMs: number): SignalCandidate[][] {
  // Matched per linked set: trades of accounts no group joins are never one signal.
  const bySet = new Map<ReadonlySet<string> | string, SignalCandidate[]>();
  for (const t of trades) {
    const key = linked.get(t.accountId) ?? t.accountId;
    const members = bySet.get(key);
    if (members) members.push(t);
    else bySet.set(key, [t]);
  }
  const signals: SignalCandidate[][] = [];
  for (const [key, members] of bySet) {
    if (typeof key === 'string') {
      signals.push(...members.map((t) => [t]));
      continue;
    }
    const byId = new Map(members.map((t) => [t.id, t]));
    const matched = matchSignals(
      members.map((t) => ({ key: t.id, accountId: t.accountId, symbol: t.symbol, side: t.side, openedAt: t.openedAt })),
      windowMs,
    );
    const bySignal = new Map<string, SignalCandidate[]>();
    for (const [tradeId, signal] of matched) {
      const trade = byId.get(tradeId);
      if (!trade) continue;
      const copies = bySignal.get(signal);
      if (copies) copies.push(trade);
      else bySignal.set(signal, [trade]);
    }
    signals.push(...bySignal.values());
  }
  const opened = (s: SignalCandidate[]) => Math.min(...s.map((t) => t.openedAt.getTime()));
  return signals
    .map((s) => [...s].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || (a.id < b.id ? -1 : 1)))
    .sort((a, b) => opened(a) - opened(b));
}

/** The id a signal keeps: the one most of its trades carry and no earlier signal took (ties: the earliest trade's). */
function keptId(signal: readonly SignalCandidate[], taken: ReadonlySet<string>): string | null {
  const counts = new Map<string, number>();
  for (const t of signal) if (t.signalId !== null && !taken.has(t.signalId)) counts.set(t.signalId, (counts.get(t.signalId) ?? 0) + 1);
  let best: string | null = null;
  for (const [id, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = id;
  return best;
}

/**
 * Marks the signals of the owner's trades on `accountIds` and the accounts their groups link them to. With `span`
 * (the stored trades' open instants) only the signals with a trade opened within a window of it are written, from a
 * read SIGNAL_READ_MARGIN_MS wider; without (a group changed) the accounts' whole history is, read as the trades
 * that have a possible copy. Call it in the transaction of the write, after `lockSignals`. Answers the trades changed.
 */
export async function markSignals(
  repo: TradesRepository,
  userId: string,
  accountIds: readonly string[],
  span: OpenSpan | null,
  { windowMs = DEFAULT_SIGNAL_WINDOW_MS, newId = randomUUID }: { windowMs?: number; newId?: () => string } = {},
): Promise<number> {
  const linked = linkedAccounts(await repo.groupLinks(userId));
  // A push to an account in no group: its trades keep null (a group that left it cleared them), nothing to read.
  if (span !== null && !accountIds.some((a) => linked.has(a))) return 0;
  const read = new Set(accountIds);
  for (const a of accountIds) for (const b of linked.get(a) ?? []) read.add(b);
  const readSpan = span && {
    from: new Date(span.from.getTime() - SIGNAL_READ_MARGIN_MS),
    to: new Date(span.to.getTime() + SIGNAL_READ_MARGIN_MS),
  };
  const trades = await repo.signalCandidates(userId, [...read], readSpan, windowMs);
  const near = (t: SignalCandidate) =>
    span === null || (t.openedAt.getTime() >= span.from.getTime() - windowMs && t.openedAt.getTime() <= span.to.getTime() + windowMs);
  const taken = new Set<string>();
  const marks: { id: string; signalId: string | null }[] = [];
  for (const signal of signalsOf(trades, linked, windowMs)) {
    if (!signal.some(near)) continue;
    let id: string | null = null;
    if (signal.length > 1) {
      id = keptId(signal, taken) ?? newId();
      taken.add(id);
    }
    for (const t of signal) if (t.signalId !== id) marks.push({ id: t.id, signalId: id });
  }
  return repo.setSignalIds(userId, marks);
}
