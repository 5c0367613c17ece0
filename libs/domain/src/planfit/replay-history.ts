/**
 * The histories a replay reads, in the coach's shape (ReplayHistory): a history the caller sends, or the owner's
 * tracked accounts. Pure: no database, no clock.
 *
 * Tracked accounts are laid over one another in percent of each account's own initial balance (the history's
 * initial balance is 100), so accounts of different sizes and currencies add up: a day on which two accounts
 * traded moves the history by the sum of their percentages. A day is a UTC day; its trades are the trades that
 * closed in it, kept only when they are there (a day that moved the balance without them makes the replay judge
 * by days).
 */
import type { ReplayHistory, ReplayHistoryDay, ReplayTrade } from '@propfolio/coach';
import Decimal from 'decimal.js';
import type { SuppliedHistory } from './planfit.inputs.js';
import type { AccountHistoryFacts } from './planfit.repository.js';

const DAY_MS = 86_400_000;
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const bounds = (day: string) => ({ startUtc: `${day}T00:00:00Z`, endUtc: `${nextDay(day)}T00:00:00Z` });
const text = (value: number): string => String(value);

/** A history the caller sent: each day's start balance and equity carried from the one before. */
export function suppliedHistory(history: SuppliedHistory): ReplayHistory {
  let balance = new Decimal(text(history.initialBalance));
  const days = history.days.map((d): ReplayHistoryDay => {
    const start = balance.toString();
    balance = balance.plus(text(d.closedPnl));
    return {
      day: d.day,
      ...bounds(d.day),
      startBalance: start,
      startEquity: start,
      closedPnl: text(d.closedPnl),
      lowestEquity: d.lowestEquity == null ? null : text(d.lowestEquity),
      trades:
        d.trades?.map((t) => ({
          openedAt: t.openedAt,
          closedAt: t.closedAt,
          profit: text(t.profit),
          mae: t.mae == null ? null : text(t.mae),
        })) ?? null,
    };
  });
  return { initialBalance: text(history.initialBalance), days };
}

interface PercentDay {
  close: Decimal;
  /** The day's lowest equity against its start (at most 0); null when no snapshot saw it. */
  dip: Decimal | null;
  trades: ReplayTrade[] | null;
}

/** One account's days, in percent of its initial balance, by UTC date. */
function accountDays(account: AccountHistoryFacts): Map<string, PercentDay> {
  const initial = new Decimal(account.initialBalance);
  const pct = (value: string | Decimal) => new Decimal(value).div(initial).times(100).toDecimalPlaces(10);
  const reports = new Map(account.reports.map((r) => [r.day, r]));
  const lows = new Map(account.lows.map((l) => [l.day, l.minEquity]));
  const tradesOn = new Map<string, AccountHistoryFacts['trades']>();
  for (const t of account.trades) {
    const day = t.closedAt.slice(0, 10);
    const list = tradesOn.get(day);
    if (list) list.push(t);
    else tradesOn.set(day, [t]);
  }
  const out = new Map<string, PercentDay>();
  let balance = initial;
  let equity = initial;
  for (const day of [...new Set([...reports.keys(), ...tradesOn.keys()])].sort()) {
    const report = reports.get(day);
    const trades = tradesOn.get(day) ?? [];
    const close = report ? new Decimal(report.closedPnl) : trades.reduce((sum, t) => sum.plus(t.net), new Decimal(0));
    const low = lows.get(day);
    out.set(day, {
      close: pct(close),
      dip: low === undefined ? null : Decimal.min(0, pct(new Decimal(low).minus(equity))),
      trades:
        trades.length === 0
          ? null
          : trades.map((t) => ({
              openedAt: t.openedAt,
              closedAt: t.closedAt,
              profit: pct(t.net).toString(),
              mae: t.mae === null ? null : Decimal.min(0, pct(t.mae)).toString(),
            })),
    });
    balance = report ? new Decimal(report.balance) : balance.plus(close);
    equity = report ? new Decimal(report.equity) : balance;
  }
  return out;
}

/** The accounts' days added up by UTC date, in percent of each one's initial balance; null when none has a day. */
export function trackedHistory(accounts: readonly AccountHistoryFacts[]): ReplayHistory | null {
  const byDay = new Map<string, PercentDay[]>();
  for (const account of accounts) {
    for (const [day, d] of accountDays(account)) {
      const list = byDay.get(day);
      if (list) list.push(d);
      else byDay.set(day, [d]);
    }
  }
  if (byDay.size === 0) return null;
  let balance = new Decimal(100);
  const days = [...byDay.keys()].sort().map((day): ReplayHistoryDay => {
    const parts = byDay.get(day) ?? [];
    const close = parts.reduce((sum, p) => sum.plus(p.close), new Decimal(0));
    const anyLow = parts.some((p) => p.dip !== null);
    // An account without a snapshot that day dips to its close when that lost.
    const dip = parts.reduce((sum, p) => sum.plus(p.dip ?? Decimal.min(0, p.close)), new Decimal(0));
    const moved = parts.filter((p) => !p.close.isZero());
    const trades = moved.every((p) => p.trades !== null) ? parts.flatMap((p) => p.trades ?? []) : null;
    const start = balance;
    balance = balance.plus(close);
    return {
      day,
      ...bounds(day),
      startBalance: start.toString(),
      startEquity: start.toString(),
      closedPnl: close.toString(),
      lowestEquity: anyLow ? start.plus(dip).toString() : null,
      trades: trades && trades.length > 0 ? trades : null,
    };
  });
  return { initialBalance: '100', days };
}
