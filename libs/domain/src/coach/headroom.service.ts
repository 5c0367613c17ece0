import { computeHeadroom, firmDayAt, firmDayNamer, type Headroom, type Rollover } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import type { HeadroomInput } from './coach.inputs.js';
import { isoToDate } from '../shared/dates.js';
import { challengeRules, planFacts, rolloverOf, type ChallengeRules, type PlanRulesSource } from './challenge-rules.js';
import { MAX_HEADROOM_TRADES, type CoachRepository, type HeadroomAccountFacts, type HeadroomFacts } from './coach.repository.js';
import { requireId } from '../shared/ids.js';
import type { ChallengeHeadroom } from './coach.outputs.js';
import { phaseIndexOf } from './phase.js';
import { withUnpublishedRules } from './unpublished-reasons.js';
import { hasNoRules, NO_RULES_REASON } from './no-rules.js';
import type { NewsService } from '../calendar/news.service.js';
import { newsTermsOf } from './news-terms.js';
import { crossAccountSourceOf, type FirmCrossAccountSource } from '../shared/firm-cross-account.js';
import { allocationAtFirm } from '../challenges/allocation-cap.js';
import { hedgesAcrossAccounts, type CrossAccountHedgeView } from './cross-account.js';

/** The worst of several statuses: a breach outweighs a warning, which outweighs unknown and ok. */
const SEVERITY: Record<Headroom['status'], number> = { ok: 0, unknown: 1, warning: 2, breached: 3 };

/**
 * A challenge's room under each rule, for each of its active EA accounts, as of now or an instant: one
 * statement reads the challenge, its accounts and their reports and intraday rows (the plan's dated rules
 * come from the catalog's memory); the arithmetic is the coach's (pure). It reports what it sees and never
 * changes the challenge.
 */
export class HeadroomService {
  constructor(
    private readonly facts: CoachRepository,
    private readonly plans: PlanRulesSource,
  ) {}

  /** Each account's next news windows (the calendar context); without it an account's `news` is empty. */
  private news: NewsService | null = null;

  useNews(news: NewsService): void {
    this.news = news;
  }

  /** The firms' rules across one trader's accounts, when the wired-in catalog has them (the cockpit's read). */
  crossAccountSource(): FirmCrossAccountSource | null {
    return crossAccountSourceOf(this.plans);
  }

  async forChallenge(caller: Caller, input: HeadroomInput, now = new Date()): Promise<ChallengeHeadroom> {
    const challenge = await this.facts.challengeHeadroomFacts(caller.userId, requireId(input.id, 'Challenge'));
    if (!challenge) throw AppError.notFound('Challenge');
    const rules = await challengeRules(this.plans, {
      planId: challenge.planId,
      purchasedAt: isoToDate(challenge.purchasedOn),
      rulesOverride: challenge.rulesOverride,
      phase: challenge.phase,
      platform: challenge.platform,
    });
    const { accounts } = challenge;
    const at = input.at === undefined ? now : headroomInstant(input.at, now);
    const phases = rules.effective.rules.profitTargetsPercent?.length ?? rules.plan?.phases ?? null;
    const phaseIndex = phaseIndexOf(challenge.phase, phases);
    const news = await this.news?.windowsOfAccounts(
      newsTermsOf(rules, challenge.phase),
      accounts.map((a) => ({ id: a.id, symbols: symbolsOf(a) })),
      at,
    );
    const across = await this.acrossAccounts(caller, challenge);
    const items = accounts.map((account) => ({
      account: { id: account.id, login: account.login, server: account.server, name: account.name, currency: account.currency },
      headroom: headroomOf(account, rules, phaseIndex, at),
      news: news?.get(account.id) ?? { rule: null, stage: null, windows: [] },
    }));
    // The account the challenge is judged on first: the one with the newest data (the trader's live terminal).
    const primary = [...items].sort((a, b) => (b.headroom.stale.asOf ?? '').localeCompare(a.headroom.stale.asOf ?? ''))[0] ?? null;
    const status = items.reduce<Headroom['status'] | null>(
      (worst, item) => (worst === null || SEVERITY[item.headroom.status] > SEVERITY[worst] ? item.headroom.status : worst),
      null,
    );
    return {
      challengeId: challenge.id,
      challengeStatus: challenge.status,
      phase: challenge.phase,
      at: at.toISOString(),
      rules: {
        planId: challenge.planId,
        ...planFacts(rules),
        planVersionInForce: rules.plan?.inForceOnDate ?? false,
        planMissing: rules.planMissing,
        provenance: rules.effective.provenance,
      },
      status: status ?? 'unknown',
      accountId: primary?.account.id ?? null,
      ...(primary ? primary.headroom : EMPTY),
      // A hedge across accounts is a rule broken (amber): a warning at least, never a floor breach.
      ...(across.view.hedges.length > 0 ? { status: atLeastWarning(primary?.headroom.status ?? status) } : {}),
      // Without a plan and own rules that is the first thing to fix, before any account or rule.
      reasons: [
        ...(hasNoRules(challenge) ? [NO_RULES_REASON] : []),
        ...(primary
          ? primary.headroom.reasons
          : [
              {
                rule: 'data',
                kind: 'unknown',
                code: 'data.no_account',
                values: {},
                message: 'No active EA account is linked to this challenge: link one (the tracker registers it) or import a statement.',
              } as const,
            ]),
      ],
      accounts: items,
      crossAccount: across.view,
    };
  }

  /**
   * The firm's rules across the caller's accounts (catalog facts with their sources), this challenge's accounts'
   * hedges with the caller's other accounts at the firm, and the firm's allocation cap over the caller's
   * challenges in progress there. Another user's accounts are never read: both reads take the caller's id.
   */
  private async acrossAccounts(caller: Caller, challenge: HeadroomFacts): Promise<{ view: ChallengeHeadroom['crossAccount'] }> {
    const source = crossAccountSourceOf(this.plans);
    const firm = source && challenge.firm !== undefined ? source.firmCrossAccount(challenge.firm, challenge.planId) : null;
    if (source === null || firm === null || challenge.firm === undefined) {
      return { view: { firm: null, hedging: null, hedges: [], allocation: null } };
    }
    const [rows, challenges] = await Promise.all([
      firm.rules.hedging?.value === 'forbidden' ? this.facts.ownerOpenPositions(caller.userId) : Promise.resolve([]),
      firm.rules.allocationCap ? this.facts.inProgressChallenges(caller.userId) : Promise.resolve([]),
    ]);
    const mine = new Set(challenge.accounts.map((a) => a.id));
    const hedges: CrossAccountHedgeView[] = [...hedgesAcrossAccounts(rows, source)]
      .filter(([accountId]) => mine.has(accountId))
      .flatMap(([, list]) => list);
    const { hedging } = firm.rules;
    const sourceOf = (fact: { source: { url: string; readOn: string; kind?: 'firm' | 'third_party' } }) => ({
      url: fact.source.url,
      readOn: fact.source.readOn,
      kind: fact.source.kind ?? null,
    });
    return {
      view: {
        firm: firm.name,
        hedging: hedging ? { value: hedging.value, source: sourceOf(hedging), note: hedging.note ?? null } : null,
        hedges,
        allocation: allocationAtFirm(source, { firm: challenge.firm, planId: challenge.planId }, challenges),
      },
    };
  }

  /**
   * Each of these accounts' headroom now, from that account's rows only, read in one statement: what the alert
   * evaluation reads for a burst of snapshots that may cross a threshold, where each challenge's whole answer would
   * compute every one of its accounts. An archived account, or one without a challenge, has none; one whose rules
   * no longer compute is handed to `failed` and left out, so it keeps no other from its answer. For the service's
   * own work: no caller is checked.
   */
  async forAccounts(
    accountIds: readonly string[],
    now: Date,
    failed: (accountId: string, error: unknown) => void,
  ): Promise<Map<string, Headroom>> {
    const judged = await this.ofFacts(await this.facts.headroomFacts(accountIds), now, failed);
    return new Map([...judged].map(([accountId, { headroom }]) => [accountId, headroom]));
  }

  /**
   * Each account's headroom now and the roll-over its firm day follows (null when the rules name none), from facts
   * already read, each with its challenge and that one account (`CoachRepository.headroomFacts`, the portfolio's
   * read). One whose rules no longer compute is handed to `failed` and left out. No caller is checked.
   */
  async ofFacts(
    facts: Iterable<[string, HeadroomFacts]>,
    now: Date,
    failed: (accountId: string, error: unknown) => void,
  ): Promise<Map<string, { headroom: Headroom; rollover: Rollover | null }>> {
    const out = new Map<string, { headroom: Headroom; rollover: Rollover | null }>();
    for (const [accountId, challenge] of facts) {
      // The statement gives each account its challenge with that one account.
      const [account] = challenge.accounts;
      if (!account) continue;
      try {
        const rules = await challengeRules(this.plans, {
          planId: challenge.planId,
          purchasedAt: isoToDate(challenge.purchasedOn),
          rulesOverride: challenge.rulesOverride,
          phase: challenge.phase,
          platform: challenge.platform,
        });
        const phases = rules.effective.rules.profitTargetsPercent?.length ?? rules.plan?.phases ?? null;
        const { rollover, known } = rolloverOf(rules);
        out.set(accountId, {
          headroom: headroomOf(account, rules, phaseIndexOf(challenge.phase, phases), now),
          rollover: known ? rollover : null,
        });
      } catch (error) {
        failed(accountId, error);
      }
    }
    return out;
  }
}

/**
 * One account's headroom as of `at`, from what was known at `at` only, so an answer about the past does not
 * see its future: a day's report once that day had ended (reports are end-of-day), and of each day's intraday
 * row what had been seen by then. A row holds the day's latest snapshot and extremes; when its latest snapshot
 * came after `at`, only its first snapshot, and an extreme reached by `at`, were known (`stale.basedOn` names it).
 */
function headroomOf(account: HeadroomAccountFacts, rules: ChallengeRules, phaseIndex: number | null, at: Date): Headroom {
  const { rollover } = rolloverOf(rules);
  const today = firmDayAt(at, rollover).day;
  const atMs = at.getTime();
  const days = account.days.filter((row) => row.day < today);
  const snapshots = account.intraday
    .filter((row) => Date.parse(row.firstAt) <= atMs)
    .map((row) =>
      Date.parse(row.at) <= atMs
        ? {
            day: row.day,
            at: row.at,
            balance: row.balance,
            equity: row.equity,
            minEquity: row.minEquity,
            maxEquity: row.maxEquity,
            minEquityAt: row.minEquityAt,
          }
        : {
            day: row.day,
            at: row.firstAt,
            balance: row.firstBalance,
            equity: row.firstEquity,
            minEquity: Date.parse(row.minEquityAt) <= atMs ? row.minEquity : row.firstEquity,
            maxEquity: Date.parse(row.maxEquityAt) <= atMs ? row.maxEquity : row.firstEquity,
            minEquityAt: Date.parse(row.minEquityAt) <= atMs ? row.minEquityAt : row.firstAt,
          },
    );
  // A position counts from its opening: one opened by `at` opened its firm day, whenever it closed. The minutes
  // come oldest first, so the namer reuses the day it found last (100,000 minutes named one by one took seconds).
  const namer = firmDayNamer(rollover);
  const openedDays =
    account.opened === null
      ? null
      : [
          ...new Set(
            account.opened
              .map((minute) => Date.parse(minute))
              .filter((ms) => ms <= atMs)
              .map((ms) => namer.dayAt(ms)),
          ),
        ];
  // A tracker that lists open positions sends closed ones too: with either known, the trade rules are judged.
  const trades =
    account.trades === null && account.open === null
      ? null
      : {
          open: account.open,
          // Each with its closed parts, which book the position's profit on their own days (one best day for every rule).
          items: (account.trades ?? []).slice(0, MAX_HEADROOM_TRADES),
          truncated: (account.trades?.length ?? 0) > MAX_HEADROOM_TRADES,
        };
  const firstDay = [days[0]?.day, snapshots[0]?.day, account.createdOn].filter((d): d is string => d !== undefined).sort()[0] ?? null;
  const headroom = computeHeadroom({
    at,
    rules: rules.effective,
    phaseIndex,
    account: { currency: account.currency, initialBalance: account.initialBalance },
    days,
    snapshots,
    startedOn: firstDay,
    openedDays,
    trades,
    tradeRules: rules.trade,
  });
  return withUnpublishedRules(headroom, rules.plan);
}

function atLeastWarning(status: Headroom['status'] | null): Headroom['status'] {
  return status !== null && SEVERITY[status] >= SEVERITY.warning ? status : 'warning';
}

/** The headroom fields of an answer without an account: nothing to measure, every figure null. */
const EMPTY = {
  currency: null,
  dailyLoss: null,
  maxLoss: null,
  target: null,
  tradingDays: null,
  consistency: null,
  nextReset: null,
  tradeRules: null,
  breach: null,
  stale: null,
  warningThreshold: null,
};

/** The earliest instant a headroom is judged at: MetaTrader's clock starts in 1970, and so does every account. */
const EARLIEST_AT = Date.UTC(1970, 0, 1);
const YEAR_MS = 366 * 86_400_000;

/**
 * `at` as an instant, 400 outside 1970 to a year after the service's clock: the rules' calendar (firm days, time
 * limits) is not defined far outside it, and 9999-12-31 made the firm-day arithmetic fail as a 500.
 */
function headroomInstant(at: string, now: Date): Date {
  const instant = new Date(at);
  if (!(instant.getTime() >= EARLIEST_AT && instant.getTime() <= now.getTime() + YEAR_MS)) {
    throw AppError.invalidField(
      'at',
      `must be between 1970-01-01T00:00:00Z and a year from now (${new Date(now.getTime() + YEAR_MS).toISOString()})`,
    );
  }
  return instant;
}

/** The symbols an account's news windows are listed for, from the rows already read: open ones first, then those traded. */
function symbolsOf(account: HeadroomAccountFacts): string[] {
  const open = account.open?.positions.map((p) => p.symbol) ?? [];
  const traded = account.trades?.map((t) => t.symbol) ?? [];
  return [...new Set([...open, ...traded])].slice(0, 10);
}
