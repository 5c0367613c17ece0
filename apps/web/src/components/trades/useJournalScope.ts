import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import type { Account } from '../../lib/types.js';
import { localDayStart } from './format.js';
import { presetDays, presetWindow, viewerClock, type DayClock } from './firm-day.js';
import { clockWords } from './StatsScope.js';
import type { TradeFilter } from './types.js';
import { DEFAULT_ORDERING, type Ordering } from './sort.js';

/** Where the account last shown on the Trades page is kept ('all' when it was every account). */
const LAST_ACCOUNT = 'propfolio.trades.account';

/** The account the page opens on: the last used (still there), else the first active one, else every account. */
function openingAccount(accounts: Account[]): string {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(LAST_ACCOUNT);
  } catch {
    // storage blocked (a private window's policy): open on the first active account
  }
  if (kept === 'all' || (kept !== null && accounts.some((a) => a.id === kept))) return kept;
  return accounts.find((a) => !a.archived)?.id ?? 'all';
}

/** The first day of the current phase: the date of the first of the last run of history entries in that phase. */
function phaseStartOf(history: { date: string; phase: string }[], phase: string): string | null {
  let start: string | null = null;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (!entry || entry.phase !== phase) break;
    start = entry.date;
  }
  return start;
}

export interface JournalScope {
  /** The account shown ('all' for every account); null until the accounts are known. */
  account: string | null;
  /** The clock the presets count days in, and its name in words. */
  clock: DayClock | null;
  clockName: string;
  /** The day the account's challenge entered its current phase; null hides "this phase". */
  phaseStart: string | null;
  /** The days shown in the date fields (a preset's, or the URL's). */
  days: { from?: string | undefined; to?: string | undefined };
  /** What the server is asked: every filter, the close window as instants; null while the window is not known yet. */
  query: ServerQuery | null;
  ordering: Ordering;
}

/** The filters the server reads, as the URL keeps them (types.ts's TradeFilter, less what only the page uses). */
export type ServerQuery = Pick<TradeFilter, 'accountId' | 'platform' | 'symbol' | 'side' | 'outcome' | 'tag' | 'from' | 'to'>;

/**
 * The Trades page's scope from its URL: the account (the last used when the URL names none), the firm clock of that
 * account (read from its statistics' clock, the one weekday and hour follow) for the date presets, its phase start,
 * and the filter as the server takes it.
 */
export function useJournalScope(filter: TradeFilter, accounts: Account[] | undefined): JournalScope {
  const i18n = useI18n();
  const account = accounts === undefined ? null : (filter.accountId ?? openingAccount(accounts));
  const accountId = account === null || account === 'all' ? undefined : account;
  useEffect(() => {
    if (account === null) return;
    try {
      localStorage.setItem(LAST_ACCOUNT, account);
    } catch {
      // not kept: the page opens on the first active account next time
    }
  }, [account]);
  const firmClock = useQuery({
    queryKey: ['trade-clock', accountId],
    queryFn: () => app.get('/trades/stats', { accountId }),
    enabled: accountId !== undefined,
    staleTime: 5 * 60_000,
  });
  const challengeId = accounts?.find((a) => a.id === accountId)?.challenge?.id;
  const challenge = useQuery({
    queryKey: ['challenge', challengeId],
    queryFn: () => app.get(`/challenges/${challengeId ?? ''}`),
    enabled: challengeId !== undefined,
  });
  let clock: DayClock | null = null;
  let clockName = i18n.t('tr.preset.viewerClock');
  if (accountId === undefined) clock = viewerClock();
  else if (firmClock.data) {
    clock = { zone: firmClock.data.timeZone, time: firmClock.data.clock.time };
    clockName = clockWords(firmClock.data.clock, i18n);
  } else if (firmClock.isError) clock = viewerClock();
  const phaseStart = challenge.data ? phaseStartOf(challenge.data.history, challenge.data.challenge.phase) : null;
  const base = {
    accountId,
    platform: filter.platform,
    symbol: filter.symbol,
    side: filter.side,
    outcome: filter.outcome,
    tag: filter.tag,
  };
  const ordering = { sort: filter.sort ?? DEFAULT_ORDERING.sort, order: filter.order ?? DEFAULT_ORDERING.order };
  if (filter.preset) {
    const days = clock ? presetDays(filter.preset, Date.now(), clock, phaseStart) : null;
    // "This phase" without a phase start yet (still loading) waits; without a phase at all it is no window.
    const waiting = clock === null || (days === null && filter.preset === 'phase' && challengeId !== undefined && challenge.isPending);
    if (waiting) return { account, clock, clockName, phaseStart, days: {}, query: null, ordering };
    if (days && clock) return { account, clock, clockName, phaseStart, days, query: { ...base, ...presetWindow(days, clock) }, ordering };
  }
  const query = {
    ...base,
    from: filter.from ? localDayStart(filter.from) : undefined,
    to: filter.to ? localDayStart(filter.to, 1) : undefined,
  };
  return { account, clock, clockName, phaseStart, days: { from: filter.from, to: filter.to }, query, ordering };
}
