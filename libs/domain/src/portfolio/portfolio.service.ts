import { firmDayAt, minorDigits, toldApartLabel, type Headroom, type NamedAccount, type Rollover } from '@propfolio/coach';
import type { Caller } from '@propfolio/core';
import type { HeadroomService } from '../coach/headroom.service.js';
import type { HeadroomAccountFacts } from '../coach/coach.repository.js';
import { DEFAULT_STALE_AFTER_MINUTES, type PortfolioTodayInput } from './portfolio.inputs.js';
import type { PortfolioRow, PortfolioToday } from './portfolio.outputs.js';
import { Amount, type PortfolioAccountFacts, type PortfolioRepository } from './portfolio.repository.js';
import { CROSS_ACCOUNT_HEDGING, hedgesAcrossAccounts, type CrossAccountHedgeView } from '../coach/cross-account.js';

/** The floors: a crossing of one is `breached`; any other rule's breach is `rule_broken`. */
const FLOOR_RULES: readonly string[] = ['dailyLoss', 'maxLoss'];
const DANGER: Record<PortfolioRow['status'], number> = { breached: 0, rule_broken: 1, stale: 2, ok: 3 };
const MINUTE_MS = 60_000;

/**
 * Today across every active account of the caller: one statement reads them all, each account's headroom is the
 * coach's (the same rules and arithmetic as get_headroom), and this service only picks the figures a cockpit shows
 * and orders the rows by danger. Amounts stay in each account's currency, never added across accounts.
 */
export class PortfolioService {
  constructor(
    private readonly facts: PortfolioRepository,
    private readonly headroom: HeadroomService,
  ) {}

  async today(caller: Caller, input: PortfolioTodayInput, now = new Date()): Promise<PortfolioToday> {
    const staleAfterMinutes = input.staleAfterMinutes ?? DEFAULT_STALE_AFTER_MINUTES;
    const accounts = await this.facts.todayFacts(caller.userId);
    const linked = accounts
      .filter((a) => a.challengeId !== null)
      .map((a): [string, PortfolioAccountFacts['facts']] => [a.accountId, a.facts]);
    // An account whose rules no longer compute keeps its row, without floors (get_headroom names the error).
    const judged = await this.headroom.ofFacts(linked, now, () => undefined);
    const named: NamedAccount[] = accounts.map((a) => ({
      id: a.accountId,
      challengeId: a.challengeId,
      firm: a.firm ?? '',
      plan: a.plan ?? '',
      label: a.label,
      login: a.login,
      purchasedOn: a.purchasedOn,
    }));
    // Opposite positions with another of the caller's accounts at a firm that forbids it: on both rows, each naming the other.
    const hedges = hedgesAcrossAccounts(
      accounts.map((a, i) => ({
        accountId: a.accountId,
        challengeId: a.challengeId,
        label: toldApartLabel(named[i] as NamedAccount, named),
        firm: a.firm,
        planId: a.challengeId === null ? null : a.facts.planId,
        open: a.facts.accounts[0]?.open ?? null,
      })),
      this.headroom.crossAccountSource(),
    );
    const rows = accounts.map((a, i) => {
      const account = a.facts.accounts[0];
      if (!account) throw new Error(`portfolio facts of account ${a.accountId} carry no account`);
      const { headroom, rollover } = judged.get(a.accountId) ?? { headroom: null, rollover: null };
      const across = hedges.get(a.accountId) ?? [];
      return rowOf(a, account, named[i] as NamedAccount, named, headroom, rollover, across, { now, staleAfterMinutes });
    });
    return { at: now.toISOString(), staleAfterMinutes, accounts: rows.sort(byDanger) };
  }
}

function rowOf(
  a: PortfolioAccountFacts,
  account: HeadroomAccountFacts,
  name: NamedAccount,
  all: readonly NamedAccount[],
  headroom: Headroom | null,
  rollover: Rollover | null,
  crossAccount: CrossAccountHedgeView[],
  { now, staleAfterMinutes }: { now: Date; staleAfterMinutes: number },
): PortfolioRow {
  const money = amountOf(account.currency);
  const today = headroom?.dailyLoss.day?.day ?? firmDayAt(now, rollover ?? UTC_MIDNIGHT).day;
  const latest = latestFigures(account);
  const asOf = latest?.at ?? null;
  const ageMinutes = asOf === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(asOf)) / MINUTE_MS));
  const broken: string[] = [
    ...new Set((headroom?.reasons ?? []).filter((r) => r.kind === 'breached').map((r) => r.rule)),
    ...(crossAccount.length > 0 ? [CROSS_ACCOUNT_HEDGING] : []),
  ];
  // Floors first, each rule once.
  const rules = [...broken.filter((r) => FLOOR_RULES.includes(r)), ...broken.filter((r) => !FLOOR_RULES.includes(r))];
  const status: PortfolioRow['status'] =
    headroom?.breach || rules.some((r) => FLOOR_RULES.includes(r))
      ? 'breached'
      : rules.length > 0
        ? 'rule_broken'
        : ageMinutes === null || ageMinutes > staleAfterMinutes
          ? 'stale'
          : 'ok';
  const positions = (account.open?.positions ?? []).map((p) => ({
    position: p.position,
    symbol: p.symbol,
    side: p.side,
    volume: new Amount(p.volume).toString(),
    openedAt: p.openedAt,
    stopLoss: p.stopLoss === null ? null : new Amount(p.stopLoss).toString(),
    lossAtStop: p.lossAtStop === null ? null : money(p.lossAtStop),
  }));
  const balanceNow = latest ? new Amount(latest.balance) : new Amount(account.initialBalance);
  return {
    accountId: a.accountId,
    challengeId: a.challengeId,
    firm: a.firm,
    plan: a.plan,
    phase: a.challengeId === null ? null : a.facts.phase,
    label: toldApartLabel(name, all),
    currency: account.currency,
    status,
    rules,
    equity: latest ? money(latest.equity) : null,
    balance: latest ? money(latest.balance) : null,
    asOf,
    ageMinutes,
    daily: floorOf(headroom?.dailyLoss ?? null, money),
    max: floorOf(headroom?.maxLoss ?? null, money),
    reset: {
      at: headroom?.nextReset.at ?? null,
      local: headroom?.dailyLoss.day?.endLocal ?? null,
      timeZone: rollover?.timeZone ?? null,
    },
    day: today,
    closedPnl: money(balanceNow.minus(dayStartBalance(account, today))),
    floatingPnl: latest?.at ? money(new Amount(latest.equity).minus(latest.balance)) : null,
    positions,
    noStop: positions.filter((p) => p.stopLoss === null).length,
    crossAccount,
  };
}

const UTC_MIDNIGHT: Rollover = { timeZone: 'UTC', time: '00:00' };

/** An amount as exact text at the currency's minor unit (JPY none, USD cents). */
function amountOf(currency: string): (value: number | string | InstanceType<typeof Amount>) => string {
  const digits = minorDigits(currency);
  return (value) => new Amount(value.toString()).toDecimalPlaces(digits).toFixed(digits);
}

function floorOf(
  rule: { floor: number | null; left: number | null; leftPercent: number | null } | null,
  money: (value: number) => string,
): PortfolioRow['daily'] {
  return {
    floor: rule?.floor == null ? null : money(rule.floor),
    left: rule?.left == null ? null : money(rule.left),
    leftPercent: rule?.leftPercent ?? null,
  };
}

/**
 * The account's newest figures: its latest snapshot (with its instant), unless a report of a later day came since
 * (a statement import), whose figures have no instant.
 */
function latestFigures(account: HeadroomAccountFacts): { at: string | null; balance: string; equity: string } | null {
  const snapshot = account.intraday.at(-1);
  const report = account.days.at(-1);
  if (snapshot && (!report || snapshot.day >= report.day)) return { at: snapshot.at, balance: snapshot.balance, equity: snapshot.equity };
  return report ? { at: null, balance: report.balance, equity: report.equity } : null;
}

/**
 * The balance today's firm day started from, as the coach takes the day's start: the last report or snapshot of an
 * earlier day (a report closes its day, so it wins a tie), else the initial balance.
 */
function dayStartBalance(account: HeadroomAccountFacts, today: string): string {
  const report = account.days.filter((d) => d.day < today).at(-1);
  const snapshot = account.intraday.filter((d) => d.day < today).at(-1);
  if (report && (!snapshot || report.day >= snapshot.day)) return report.balance;
  return snapshot?.balance ?? account.initialBalance;
}

/** Most in danger first: status, then the least % left to either floor, then firm, plan and label. */
function byDanger(a: PortfolioRow, b: PortfolioRow): number {
  return (
    DANGER[a.status] - DANGER[b.status] ||
    leastLeft(a) - leastLeft(b) ||
    (a.firm ?? '').localeCompare(b.firm ?? '') ||
    (a.plan ?? '').localeCompare(b.plan ?? '') ||
    a.label.localeCompare(b.label)
  );
}

function leastLeft(row: PortfolioRow): number {
  const known = [row.daily.leftPercent, row.max.leftPercent].filter((p): p is number => p !== null);
  return known.length > 0 ? Math.min(...known) : Number.POSITIVE_INFINITY;
}
