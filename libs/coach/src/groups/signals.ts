/**
 * Copied trades as one signal: a copier opens the master's trade on every account of a group within seconds, on the
 * same symbol and side. Matching them lets the journal show one signal's result across the accounts. Pure.
 *
 * The rule: trades are taken in order of their open instant; a trade joins the open signal of its symbol and side
 * when it opened at most `windowMs` after that signal's first trade and its account has no trade in the signal yet;
 * otherwise it starts a new signal. A signal's id is its first trade's key, so it is stable while no earlier trade of
 * that signal arrives. Two trades of one account are never one signal (a trader adding to a position is two trades).
 */
import { instrumentKey } from '../shared/instrument.js';
export interface SignalTrade {
  /** Unique per trade (e.g. the trade's id); the first trade's key becomes the signal's id. */
  readonly key: string;
  readonly accountId: string;
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly openedAt: Date;
}

/** How close copies open by default: copiers place a trade within a second or two; 5 s leaves room for a slow one. */
export const DEFAULT_SIGNAL_WINDOW_MS = 5_000;

interface OpenSignal {
  readonly id: string;
  readonly startedAt: number;
  readonly accounts: Set<string>;
}

/** Each trade's signal id (the key of the signal's first trade), by trade key. */
export function matchSignals(trades: readonly SignalTrade[], windowMs = DEFAULT_SIGNAL_WINDOW_MS): Map<string, string> {
  const ordered = [...trades].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const open = new Map<string, OpenSignal[]>();
  const signalOf = new Map<string, string>();
  for (const trade of ordered) {
    const at = trade.openedAt.getTime();
    // A copy on an account whose broker writes `EURUSD.r` is the same signal as `EURUSD` (shared/instrument.ts).
    const lane = `${instrumentKey(trade.symbol)}\u0000${trade.side}`;
    const signals = (open.get(lane) ?? []).filter((s) => at - s.startedAt <= windowMs);
    const joined = signals.find((s) => !s.accounts.has(trade.accountId));
    if (joined) {
      joined.accounts.add(trade.accountId);
      signalOf.set(trade.key, joined.id);
    } else {
      signals.push({ id: trade.key, startedAt: at, accounts: new Set([trade.accountId]) });
      signalOf.set(trade.key, trade.key);
    }
    open.set(lane, signals);
  }
  return signalOf;
}
