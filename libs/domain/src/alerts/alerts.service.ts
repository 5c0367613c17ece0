import { AsyncResource } from 'node:async_hooks';
import {
  checkTrade,
  CoachInputError,
  crossedToday,
  firmDayAt,
  judgesToday,
  newsWindowsAhead,
  type QuietBounds,
  quietBounds,
  staysQuiet,
  type AlertKey,
  type Headroom,
  toAnnounce,
  toldApartLabel,
  trackerSilent,
} from '@propfolio/coach';
import { AppError, type Caller, createLogger, type Logger } from '@propfolio/core';
import type { AccountIdInput } from '../accounts/accounts.inputs.js';
import type { HeadroomService } from '../coach/headroom.service.js';
import { challengeRules, type PlanRulesSource, UTC_MIDNIGHT } from '../coach/challenge-rules.js';
import { toDecimal, toMoney } from '../shared/money.js';
import { requireId } from '../shared/ids.js';
import type { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import { type AlertEvent, type AlertSink, type NewsAheadFacts, noopAlertSink } from './alert-events.js';
import type { AccountFactsRow, AlertsRepository } from './alerts.repository.js';
import { DEFAULT_RULE_ITEMS, toRuleSet, validRuleItems } from './alert-rules.js';
import type { CheckTradeInput, SetAlertRulesInput } from './alerts.inputs.js';
import { tradeRiskOf } from './trade-risk.js';
import type { AccountGuard, AlertRulesView, TradeCheckView } from './alerts.outputs.js';
import type { NewsService } from '../calendar/news.service.js';
import type { AccountWriteNotifier, SnapshotFigures } from '../shared/account-writes.js';

/**
 * Evaluations one process runs at once. Each is a few statements with awaits between them, so a burst of crossings
 * (each on its own account) no longer queues behind one loop; an account is never evaluated twice at once.
 */
const EVALUATION_LANES = 4;
/** Marked accounts one lane evaluates together (one facts read, one fired-log transaction). */
const EVALUATION_BATCH = 16;

/** Accounts with snapshots not yet evaluated that one start looks at (see sweepUnevaluated). */
const UNEVALUATED_SWEEP_LIMIT = 1000;

/** How often a process looks for silent trackers, and how many accounts one look may take. */
const SILENCE_SWEEP_MS = 60_000;
const SILENCE_SWEEP_LIMIT = 200;

/** An account's facts with its label told apart from its owner's other accounts. */
type AccountFacts = Omit<AccountFactsRow, 'twins'>;

/**
 * Alert rules and their evaluation (issue 34 item 1), the pre-trade check (item 4) and the terminal's levels
 * (item 5). The decisions are the coach's (pure); this reads the headroom, keeps the fired log, and hands new
 * alerts to the sink that delivers them.
 */
export class AlertService implements AccountWriteNotifier {
  private readonly dirty = new Set<string>();
  /** Per account, the bounds its last evaluation left: a snapshot inside them cannot fire anything (see quietBounds). */
  private readonly quiet = new Map<string, QuietBounds>();
  /** Accounts marked from inside a unit, whose write commits only when the unit does (see accountWritten). */
  private readonly inUnit = new Set<string>();
  /** Accounts being evaluated now: a mark while one runs waits in `dirty` for that lane to take it again. */
  private readonly evaluating = new Set<string>();
  /** The evaluation loops running now, at most EVALUATION_LANES. */
  private readonly lanes = new Set<Promise<void>>();
  /**
   * Started in the context the service was built in, never the writer's: a write inside a unit (one
   * transaction the code running in it joins through AsyncLocalStorage) would otherwise pull the evaluation
   * into a transaction that is over by the time it runs.
   */
  private readonly startLane: () => Promise<void>;

  constructor(
    private readonly repository: AlertsRepository,
    private readonly headroom: HeadroomService,
    private readonly plans: PlanRulesSource,
    private sink: AlertSink = noopAlertSink,
    // Silent until the serving process hands its logger over (createAppContext): services built bare, as the domain's
    // own specs do, outlive their test database by an evaluation or two, and that is no error worth a line.
    private log: Logger = createLogger('silent'),
  ) {
    this.startLane = AsyncResource.bind(() => this.lane());
  }

  /** The instant evaluations judge at: the service clock, replaceable in tests that need a fixed firm day. */
  clock: () => Date = () => new Date();

  /** The firm's news windows (the calendar context); without them check_trade's `news` is null and /guard lists none. */
  private news: NewsService | null = null;

  useNews(news: NewsService): void {
    this.news = news;
  }

  /** The delivery side plugs in here (channels and the durable queue); until then alerts are logged as fired only. */
  useSink(sink: AlertSink): void {
    this.sink = sink;
  }

  /** The process's logger, for evaluation failures (the domain is built before the logger is handed around). */
  useLogger(log: Logger): void {
    this.log = log;
  }

  async getRules(caller: Caller, input: ChallengeIdInput): Promise<AlertRulesView> {
    const id = requireId(input.id, 'Challenge');
    const challenge = await this.repository.rulesOfOwned(caller.userId, id);
    if (!challenge) throw AppError.notFound('Challenge');
    const stored = challenge.rules;
    return { challengeId: id, isDefault: stored === null, rules: stored ?? [...DEFAULT_RULE_ITEMS] };
  }

  async setRules(caller: Caller, input: SetAlertRulesInput): Promise<AlertRulesView> {
    const id = requireId(input.id, 'Challenge');
    // New thresholds move every bound: this process's accounts evaluate in full on their next snapshot.
    this.quiet.clear();
    const items = input.rules === null ? null : validRuleItems(input.rules);
    if (!(await this.repository.ownsChallenge(caller.userId, id))) throw AppError.notFound('Challenge');
    await this.repository.saveRules(caller.userId, id, items);
    return { challengeId: id, isDefault: items === null, rules: items ?? [...DEFAULT_RULE_ITEMS] };
  }

  /**
   * Marks an account for evaluation and returns at once. A snapshot (the one write that comes many times a minute)
   * inside the bounds the last evaluation left is not marked: it cannot cross anything. Any other write may have
   * moved a reference, so it drops the bounds. The write paths call it (as their AccountWriteNotifier) after their
   * write; its evaluation runs later, off the write's answer, and its failures are logged, never the write's.
   */
  accountWritten(accountId: string, snapshot?: SnapshotFigures): void {
    const bounds = this.quiet.get(accountId);
    if (snapshot && bounds && staysQuiet(bounds, snapshot)) return;
    if (!snapshot) this.quiet.delete(accountId);
    // A write inside a unit (a request with Idempotency-Key) is not committed when its service returns: the
    // evaluation then first waits for the account's row lock the write holds until its unit ends.
    if (this.repository.inUnit) this.inUnit.add(accountId);
    this.dirty.add(accountId);
    if (this.lanes.size < EVALUATION_LANES) {
      const lane = this.startLane().finally(() => this.lanes.delete(lane));
      this.lanes.add(lane);
    }
  }

  /** Resolves when every marked account has been evaluated: for tests and a graceful stop. */
  async idle(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all([...this.lanes]);
  }

  /**
   * One evaluation loop: takes the marked accounts no other lane is evaluating, a batch at a time, until none is
   * left. A lane that stops while another evaluates an account marked again leaves it to that lane, which looks
   * again when it is done.
   */
  private async lane(): Promise<void> {
    // Let the write answer first: the evaluation starts on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const batch = this.nextMarked();
      if (batch.length === 0) return;
      for (const id of batch) {
        this.dirty.delete(id);
        this.evaluating.add(id);
      }
      try {
        for (const id of batch) if (this.inUnit.delete(id)) await this.repository.afterWritersOf(id);
        const now = this.clock();
        await this.evaluateMany(batch, now);
        // An account marked again meanwhile has a newer row its own coming evaluation marks.
        await this.repository.markEvaluated(
          batch.filter((id) => !this.dirty.has(id)),
          now,
        );
      } catch (error) {
        this.log.error('alert evaluation failed', {
          accountIds: batch,
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        for (const id of batch) this.evaluating.delete(id);
      }
    }
  }

  /** The oldest marked accounts that no lane is evaluating, at most EVALUATION_BATCH. */
  private nextMarked(): string[] {
    const batch: string[] = [];
    for (const id of this.dirty) {
      if (!this.evaluating.has(id)) batch.push(id);
      if (batch.length === EVALUATION_BATCH) break;
    }
    return batch;
  }

  /**
   * One account's alerts now: the thresholds crossed, logged once per firm day (the insert that conflicts
   * decides, so two processes evaluating the same snapshot send one alert), the deepest new one per rule handed
   * to the sink in the same transaction as the log rows.
   */
  async evaluate(accountId: string, now = new Date()): Promise<AlertEvent[]> {
    return this.evaluateMany([accountId], now);
  }

  /**
   * Several accounts' alerts at once, as `evaluate` judges each: their facts in one read, each headroom from its own
   * account's rows, and what crossed logged and handed to the sink in one transaction. A burst of crossings then
   * costs one transaction, not one per account (on the embedded database every statement waits for the one
   * connection, the delivery's claims included).
   */
  async evaluateMany(accountIds: readonly string[], now = new Date()): Promise<AlertEvent[]> {
    const facts = await this.accountFacts(accountIds);
    const active = accountIds.filter((id) => facts.get(id)?.challengeStatus === 'in_progress');
    const headrooms =
      active.length === 0
        ? new Map<string, Headroom>()
        : await this.headroom.forAccounts(active, now, (accountId, error) => {
            // One account's rules that no longer compute must not keep the others of its batch from their alerts.
            this.log.error('alert evaluation failed', { accountId, error: error instanceof Error ? error.message : String(error) });
          });
    const newsAhead = await this.newsAhead(active, facts, now);
    const judged = active.map((accountId) => {
      const f = facts.get(accountId);
      const h = headrooms.get(accountId);
      return f && h ? judge(accountId, f, h, now, newsAhead.get(accountId) ?? []) : null;
    });
    const crossing = judged.filter((j): j is Judgement => j !== null);
    // Bounds only once what was crossed is logged: a failed delivery must leave the next snapshot to try again.
    for (const j of crossing) this.quiet.delete(j.accountId);
    const settle = <T>(result: T): T => {
      for (const j of crossing) if (j.bounds) this.quiet.set(j.accountId, j.bounds);
      return result;
    };
    // In one order everywhere (account, rule, threshold): two processes logging overlapping batches then wait on each
    // other's keys in the same order, never in a cycle (a deadlock would roll back a whole batch's alerts).
    const rows = crossing
      .flatMap((j) => j.keys.map((key) => ({ j, key, day: firedDay(j, key), text: firedKey(j.accountId, key.rule, key.threshold ?? 0) })))
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    if (rows.length === 0) return settle([]);
    const keys = rows.map((r) => ({ accountId: r.j.accountId, rule: r.key.rule, threshold: r.key.threshold ?? 0, day: r.day }));
    const events = await this.repository.logFired(keys, now, async (fired, tx) => {
      // Announced in the order the keys were judged (daily, maximum, breach…), not the order they were logged in.
      const logged = new Set(fired.map((r) => firedKey(r.accountId, r.rule, r.threshold)));
      const out = crossing.flatMap((j) => {
        const newly = j.keys.filter((k) => logged.has(firedKey(j.accountId, k.rule, k.threshold ?? 0)));
        // Each news window is its own alert; of the thresholds, the deepest per rule.
        const news = newly.filter((k) => k.rule === 'news_ahead');
        return [...toAnnounce(newly.filter((k) => k.rule !== 'news_ahead')), ...news].map((k) =>
          eventOf(k, j.facts, j.accountId, j.headroom, j.firmDay, j.news.get(k.threshold ?? 0)),
        );
      });
      if (out.length > 0) await this.sink(out, tx);
      return out;
    });
    return settle(events);
  }

  /**
   * Silence cannot be noticed on a write, since it is the absence of one: a timer per process looks for active
   * accounts whose newest snapshot is older than a minute (and younger than a day, so a tracker switched off
   * for good is looked at for one day only) and not yet reported silent since, oldest first, a bounded batch.
   */
  watchSilence(intervalMs = SILENCE_SWEEP_MS): () => void {
    // Once at the start: the snapshots a stopped process answered but never evaluated.
    void this.sweepUnevaluated().catch((error: unknown) => {
      this.log.error('unevaluated-snapshot sweep failed', { error: error instanceof Error ? error.message : String(error) });
    });
    const timer = setInterval(() => {
      void this.sweepSilence().catch((error: unknown) => {
        this.log.error('silent-tracker sweep failed', { error: error instanceof Error ? error.message : String(error) });
      });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * A snapshot's statement leaves its row `evaluatedAt` null and the evaluation sets it, so a process stopped (a crash,
   * a kill) between a snapshot's 200 and its evaluation leaves the row marked: the next start evaluates those accounts
   * within seconds, not at the silent-tracker sweep a minute or more later. Recent days only, a bounded batch.
   */
  async sweepUnevaluated(now = this.clock()): Promise<number> {
    const accountIds = await this.repository.unevaluatedAccounts(now, UNEVALUATED_SWEEP_LIMIT);
    for (const id of accountIds) this.accountWritten(id);
    return accountIds.length;
  }

  async sweepSilence(now = this.clock()): Promise<number> {
    // The service clock, not the database's, so the sweep and the evaluation it triggers judge the same instant.
    const accountIds = await this.repository.silentAccounts(now, SILENCE_SWEEP_LIMIT);
    for (const id of accountIds) this.accountWritten(id);
    return accountIds.length;
  }

  async checkTrade(caller: Caller, input: CheckTradeInput, now = new Date()): Promise<TradeCheckView> {
    const { account, headroom: h, bestDayRule, challengeId } = await this.ownedHeadroom(caller, input.id, now);
    const news =
      input.symbol === undefined
        ? null
        : await this.news?.check(challengeId, input.symbol, input.at === undefined ? now : new Date(input.at));
    const risk = tradeRiskOf(input);
    try {
      const c = checkTrade({ headroom: h, risk, bestDayRule });
      // A news window blocks (or costs the profit of) a trade the loss rules allow; a blocked trade stays blocked.
      const verdict =
        c.verdict === 'blocked' || news?.verdict === 'blocked' ? 'blocked' : news?.verdict === 'penalised' ? 'penalised' : c.verdict;
      return { accountId: account.id, at: h.at, ...c, verdict, rules: [...c.rules], notChecked: [...c.notChecked], news: news ?? null };
    } catch (error) {
      if (error instanceof CoachInputError) throw AppError.invalidField(error.field, error.message);
      throw error;
    }
  }

  async guard(caller: Caller, input: AccountIdInput, now = new Date()): Promise<AccountGuard> {
    const { account, headroom: h, challengeId } = await this.ownedHeadroom(caller, input.id, now);
    const set = toRuleSet((await this.repository.rulesOf(challengeId)) ?? DEFAULT_RULE_ITEMS);
    return {
      accountId: account.id,
      at: h.at,
      currency: h.currency,
      status: h.status,
      breach: h.breach,
      dailyFloor: h.dailyLoss.floor,
      dailyComparison: h.dailyLoss.comparison,
      dailyLossLimit: h.dailyLoss.limit,
      maxLossFloor: h.maxLoss.floor,
      maxLossLimit: h.maxLoss.limit,
      maxLossComparison: h.maxLoss.comparison,
      firmDayEndsAt: h.nextReset.at,
      dailyFloorAfterReset: h.nextReset.dailyFloorAfterReset,
      alertThresholds: { dailyLoss: [...set.dailyLoss], maxLoss: [...set.maxLoss] },
      news: (await this.news?.windows(challengeId, account.id, now)) ?? { rule: null, stage: null, windows: [] },
    };
  }

  /**
   * The caller's active account and its headroom, with the rules a pre-trade check reads beyond it; 404 for another's or
   * an unknown one, as every account route (the group check reads each member through it).
   */
  async ownedHeadroom(caller: Caller, id: string, now: Date) {
    const account = await this.repository.ownedAccount(caller, id);
    if (account.archivedAt !== null) throw AppError.conflict('The EA account is archived: it has no live levels.', 'account_archived');
    if (account.challengeId === null)
      throw new AppError(
        'rules_unknown',
        'The EA account is not linked to a challenge, so no rule applies to it: link it (update_account).',
      );
    const answer = await this.headroom.forChallenge(caller, { id: account.challengeId }, now);
    const item = answer.accounts.find((a) => a.account.id === account.id);
    if (!item) throw AppError.notFound('EA account');
    return { account, challengeId: account.challengeId, headroom: item.headroom, ...(await this.tradeRules(account.challengeId)) };
  }

  /** The rules check_trade needs beyond the headroom: the plan's risk per trade and the best-day rule's share. */
  private async tradeRules(challengeId: string) {
    const rules = await challengeRules(this.plans, await this.repository.rulesOfChallenge(challengeId));
    const consistency = rules.effective.rules.consistency;
    // The plan's risk per trade comes with the headroom (tradeRules.maxRiskPerTrade.limit).
    return {
      bestDayRule:
        consistency === null || consistency === 'none' ? null : { bestDayMaxPercent: consistency.bestDayMaxPercent, of: consistency.of },
    };
  }

  /**
   * The news windows each account with a `news_ahead` rule and open positions is to hear of now (the coach's
   * newsWindowsAhead over the challenge's rule, stage and releases). One account's failure is logged and costs
   * only its news alert.
   */
  private async newsAhead(
    accountIds: readonly string[],
    facts: Map<string, AccountFacts>,
    now: Date,
  ): Promise<Map<string, NewsAheadFacts[]>> {
    const out = new Map<string, NewsAheadFacts[]>();
    const news = this.news;
    if (!news) return out;
    for (const accountId of accountIds) {
      const f = facts.get(accountId);
      const minutes = f ? toRuleSet(f.rules ?? DEFAULT_RULE_ITEMS).newsAheadMinutes : null;
      const open = f ? openSymbolsOf(f.openPositions) : [];
      if (!f || minutes == null || open.length === 0) continue;
      try {
        const context = await news.aheadOf(f.challengeId, now, minutes);
        if (!context) continue;
        const { rule } = context;
        const ahead = newsWindowsAhead(rule, context.stage, context.releases, open, now.getTime(), minutes);
        out.set(
          accountId,
          ahead.map((a) => ({
            at: a.at,
            start: a.start,
            releases: a.releases.map((r) => ({ title: r.title, currency: r.currency })),
            symbols: [...a.symbols],
            penalty: rule.penalty,
            penaltyPercent: rule.penalty === 'profit_share' ? (rule.penaltyPercent ?? null) : null,
            firmTimeZone: context.firmTimeZone,
          })),
        );
      } catch (error) {
        this.log.error('news alert evaluation failed', { accountId, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return out;
  }

  /** The active accounts among these, each with what its alerts are worded and judged by. */
  private async accountFacts(accountIds: readonly string[]): Promise<Map<string, AccountFacts>> {
    const rows = await this.repository.accountFacts(accountIds);
    return new Map([...rows].map(([id, { twins, ...row }]) => [id, { ...row, label: toldApartLabel(row, twins) }]));
  }
}

/** One fired-log key as text (the log stores a rule without a threshold as 0). */
const firedKey = (accountId: string, rule: string, threshold: number) => `${accountId}\u0000${rule}\u0000${String(threshold)}`;

/** The symbols of a snapshot's open positions ([{ symbol, … }]), each once. */
function openSymbolsOf(positions: unknown): string[] {
  if (!Array.isArray(positions)) return [];
  const symbols = positions.map((p: unknown) => (typeof p === 'object' && p !== null ? (p as { symbol?: unknown }).symbol : undefined));
  return [...new Set(symbols.filter((s): s is string => typeof s === 'string' && s !== ''))];
}

/** A news window's log key: its release minute as the threshold, so each window fires once per account. */
const newsKeyOf = (at: string) => Math.floor(Date.parse(at) / 60_000);

/** The day a key is logged under: the firm day, or for a news window its release's UTC date (a warning given across midnight stays given). */
function firedDay(j: Judgement, key: AlertKey): string {
  const window = key.rule === 'news_ahead' ? j.news.get(key.threshold ?? 0) : undefined;
  return window ? window.at.slice(0, 10) : j.firmDay;
}

/** What one account's evaluation found before the fired log decides what is new. */
interface Judgement {
  accountId: string;
  facts: AccountFacts;
  headroom: Headroom;
  firmDay: string;
  /** Every threshold crossed on today's data, already logged or not; each is logged under today's firm day. */
  keys: AlertKey[];
  /** Where the next snapshots fire nothing, once these keys are logged; null when they cannot be placed. */
  bounds: QuietBounds | null;
  /** The news windows warned of, by their key's threshold (the release minute). */
  news: Map<number, NewsAheadFacts>;
}

/** One account's crossings now, and the bounds its next snapshots are quiet within (pure). */
function judge(accountId: string, facts: AccountFacts, h: Headroom, now: Date, newsAhead: readonly NewsAheadFacts[]): Judgement {
  const set = toRuleSet(facts.rules ?? DEFAULT_RULE_ITEMS);
  // Judged on today's data only: late data of an ended firm day fires nothing and leaves today's keys armed.
  const keys = crossedToday(h, set);
  // No bounds before today's first snapshot: that snapshot must be evaluated whatever its figures.
  // A news warning depends on the clock and the positions, not the equity: with the rule on, every snapshot is judged.
  const bounds = judgesToday(h) && set.newsAheadMinutes == null ? quietBounds(h, set, keys) : null;
  const firmDay = h.dailyLoss.day?.day ?? firmDayAt(now, UTC_MIDNIGHT).day;
  const asOf = h.stale.asOf === null ? null : Date.parse(h.stale.asOf);
  if (set.trackerSilentMinutes !== null && trackerSilent(asOf, now.getTime(), set.trackerSilentMinutes, isWeekday(firmDay)))
    keys.push({ rule: 'tracker_silent', threshold: set.trackerSilentMinutes });
  const news = new Map(newsAhead.map((w) => [newsKeyOf(w.at), w]));
  for (const threshold of news.keys()) keys.push({ rule: 'news_ahead', threshold });
  return { accountId, facts, headroom: h, firmDay, keys, bounds, news };
}

/** Monday to Friday: the days a tracker is expected to report (the firm day's name, a calendar date). */
function isWeekday(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

const text = (n: number | null): string | null => (n === null ? null : String(n));

function eventOf(key: AlertKey, facts: AccountFacts, accountId: string, h: Headroom, firmDay: string, news?: NewsAheadFacts): AlertEvent {
  const daily = { amountLeft: text(h.dailyLoss.left), percentLeft: h.dailyLoss.leftPercent, floor: text(h.dailyLoss.floor) };
  const max = { amountLeft: text(h.maxLoss.left), percentLeft: h.maxLoss.leftPercent, floor: text(h.maxLoss.floor) };
  const none = { amountLeft: null, percentLeft: null, floor: null };
  const c = h.consistency;
  const figures =
    key.rule === 'daily_loss'
      ? daily
      : key.rule === 'max_loss'
        ? max
        : key.rule === 'breached'
          ? h.reasons.some((r) => r.code === 'dailyLoss.breached')
            ? daily
            : max
          : key.rule === 'best_day' && c?.limit != null
            ? bestDayFigures(c.limit, c.bestDayProfit)
            : none;
  return {
    userId: facts.userId,
    challengeId: facts.challengeId,
    accountId,
    rule: key.rule,
    // A news window's key holds its release minute; the event says the trader's minutes.
    threshold: key.rule === 'news_ahead' ? (toRuleSet(facts.rules ?? DEFAULT_RULE_ITEMS).newsAheadMinutes ?? null) : key.threshold,
    firmDay,
    firm: facts.firm,
    plan: facts.plan,
    accountLabel: facts.label,
    ...figures,
    currency: facts.currency,
    firmDayEndsAt: h.dailyLoss.day?.endUtc ?? h.nextReset.at,
    language: facts.language === 'en' ? 'en' : 'ja',
    ...(news ? { news } : {}),
  };
}

/** What the best day may still make under its limit, exactly, and as a percent of the limit (2 decimals). */
function bestDayFigures(limit: number, best: number) {
  const left = toDecimal(limit).minus(toDecimal(best));
  return {
    amountLeft: left.toString(),
    percentLeft: limit > 0 ? toMoney(left.div(toDecimal(limit)).times(100).toDecimalPlaces(2)) : null,
    floor: null,
  };
}
