import {
  newsRuleApplies,
  newsStageOf,
  NewsRuleSchema,
  newsVerdictAt,
  nextNewsWindows,
  type CalendarRelease,
  type NewsRule,
  type NewsStage,
} from '@propfolio/coach';
import Value from 'typebox/value';
import type { CalendarRepository, NewsChallengeFacts } from './calendar.repository.js';
import type { NewsCheckView, NewsMarkView, NewsWindowsView } from './calendar.outputs.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How long kept releases are used before they are read again (another instance may have imported). */
const KEEP_MS = 60_000;
/** How far ahead the next windows are looked for. */
const LOOKAHEAD_DAYS = 7;
/** The most windows one answer lists. */
const MAX_WINDOWS = 10;

/**
 * What the news answers read of a challenge's rules. Reading them (the plan in force on the purchase date, the
 * challenge's own rules over it, the stage its phase label names) is the coach's: services.ts hands the reader in,
 * so the calendar names none of the coach's types and the coach's headroom can use the calendar (docs/architecture.md,
 * "Contexts and their loops").
 */
export interface NewsTerms {
  /** The linked plan's rules as the catalog publishes them (its `news` rule, when it has one); null without a plan. */
  planRules: unknown;
  /** The stage the challenge's phase label names: a phase's 0-based index, 'funded', or null when it names none. */
  phase: number | 'funded' | null;
  /** The zone of the firm's day roll-over (UTC when the rules do not say). */
  firmTimeZone: string;
}

/** Reads the news terms of a challenge from its rule-deciding columns. */
export type NewsTermsReader = (challenge: NewsChallengeFacts) => Promise<NewsTerms>;

/** A challenge's news rule and the stage it is in: what every news answer is judged by. */
export interface NewsContext {
  rule: NewsRule;
  stage: NewsStage | null;
}

/** The plan's news rule, when it carries one in the catalog's shape (older versions and other plans carry none). */
function newsRuleOf(rules: unknown): NewsRule | null {
  const news = typeof rules === 'object' && rules !== null ? (rules as { news?: unknown }).news : undefined;
  if (news === undefined || news === null) return null;
  // The catalog adds a note and a source beside the rule; the coach reads the rule's own fields.
  const { note: _note, source: _source, ...rule } = news as Record<string, unknown>;
  return Value.Check(NewsRuleSchema, rule) ? rule : null;
}

/**
 * News windows for a challenge's accounts (docs/alerts.md, "News windows"): its plan's news rule, its stage (from
 * the challenge's phase), and the calendar's releases, judged by the coach's pure functions.
 */
export class NewsService {
  /** Releases ahead kept per impacts set (see keptReleasesAhead). */
  private readonly kept = new Map<string, { generation: number; expires: number; from: number; to: number; releases: CalendarRelease[] }>();

  constructor(
    /** The calendar's events, the same repository the import stores through (its generation marks kept releases stale). */
    private readonly events: CalendarRepository,
    private readonly termsOf: NewsTermsReader,
  ) {}

  /** The challenge's news rule and stage; null when its plan publishes no news rule in the catalog's shape. */
  async contextOf(challengeId: string): Promise<NewsContext | null> {
    const challenge = await this.events.newsChallenge(challengeId);
    if (!challenge?.planId) return null;
    return newsContextOf(await this.termsOf(challenge));
  }

  /**
   * What the "news window ahead" alert judges (docs/alerts.md): the challenge's rule and stage, the firm's clock
   * (its day's roll-over zone, UTC when unknown) and the releases whose windows may start in the next `minutes`.
   * Null without a news rule or in a stage it spares: no release is read then.
   */
  async aheadOf(
    challengeId: string,
    now: Date,
    minutes: number,
  ): Promise<(NewsContext & { firmTimeZone: string; releases: CalendarRelease[] }) | null> {
    const challenge = await this.events.newsChallenge(challengeId);
    if (!challenge?.planId) return null;
    const terms = await this.termsOf(challenge);
    const context = newsContextOf(terms);
    if (!context || !newsRuleApplies(context.rule, context.stage)) return null;
    const releases = await this.releasesAround(now, context.rule, 0, minutes + context.rule.windowBeforeMinutes);
    return { ...context, firmTimeZone: terms.firmTimeZone, releases };
  }

  /**
   * The headroom's windows: each account's next windows under terms the caller has already read. No statement at
   * all when the plan has no news rule or the stage is one it spares; else one for the releases and one per account
   * for its symbols.
   */
  async windowsOfAccounts(
    terms: NewsTerms,
    accounts: readonly { id: string; symbols: readonly string[] }[],
    now: Date,
  ): Promise<Map<string, NewsWindowsView>> {
    const accountIds = accounts.map((a) => a.id);
    const context = newsContextOf(terms);
    const out = new Map<string, NewsWindowsView>();
    if (!context) {
      for (const id of accountIds) out.set(id, NO_NEWS);
      return out;
    }
    const { rule, stage } = context;
    const shown = { ...rule, penaltyPercent: rule.penaltyPercent ?? null };
    if (!newsRuleApplies(rule, stage)) {
      for (const id of accountIds) out.set(id, { rule: shown, stage, windows: [] });
      return out;
    }
    const releases = accounts.length === 0 ? [] : await this.keptReleasesAhead(now, rule);
    for (const { id, symbols } of accounts) out.set(id, { rule: shown, stage, windows: windowsView(rule, stage, releases, symbols, now) });
    return out;
  }

  /** A trade on `symbol` at `at`: the window it falls in, if any, and the firm's penalty; null without a news rule. */
  async check(challengeId: string, symbol: string, at: Date): Promise<NewsCheckView | null> {
    const context = await this.contextOf(challengeId);
    if (!context) return null;
    const { rule, stage } = context;
    // A window holds `at` when its release is from windowAfter minutes before `at` to windowBefore minutes after it.
    const releases = await this.releasesAround(at, rule, rule.windowAfterMinutes, rule.windowBeforeMinutes);
    const v = newsVerdictAt(rule, stage, releases, symbol, at.getTime());
    return {
      symbol,
      stage,
      appliesInStage: stage === null || rule.stages.includes(stage),
      verdict: v.verdict,
      penalty: v.penalty,
      penaltyPercent: v.penaltyPercent,
      window: v.window === null ? null : { start: v.window.start, end: v.window.end, release: releaseView(v.window.release) },
    };
  }

  /**
   * The next restricted windows (one still open included) for the account's open and usual symbols, or those
   * given, soonest first; an empty list in a stage the rule spares or without a rule.
   */
  async windows(challengeId: string, accountId: string, now: Date, symbols?: readonly string[]): Promise<NewsWindowsView> {
    const context = await this.contextOf(challengeId);
    if (!context) return { rule: null, stage: null, windows: [] };
    const { rule, stage } = context;
    const asked = symbols ?? (await this.events.accountSymbols(accountId, now));
    const releases = await this.releasesAround(now, rule, rule.windowAfterMinutes, LOOKAHEAD_DAYS * 24 * 60);
    return {
      rule: { ...rule, penaltyPercent: rule.penaltyPercent ?? null },
      stage,
      windows: windowsView(rule, stage, releases, asked, now),
    };
  }

  /**
   * The journal's marks: for each trade (in order), the news window it was closed in (else opened in) under its
   * account's challenge's news rule, with the firm's penalty; null when neither instant falls in one. Judged by
   * the challenge's stage now. One read of the accounts' challenges, one of the releases per news rule.
   */
  async marks(trades: readonly MarkedTrade[]): Promise<(NewsMarkView | null)[]> {
    if (trades.length === 0) return [];
    const accounts = await this.events.challengesOfAccounts([...new Set(trades.map((t) => t.accountId))]);
    const contexts = new Map<string, NewsContext | null>();
    for (const challengeId of new Set(accounts.flatMap((a) => (a.challengeId ? [a.challengeId] : []))))
      contexts.set(challengeId, await this.contextOf(challengeId));
    const contextOf = new Map(accounts.map((a) => [a.id, a.challengeId ? (contexts.get(a.challengeId) ?? null) : null]));
    const releasesOf = new Map<NewsContext, CalendarRelease[]>();
    for (const context of new Set(contextOf.values())) {
      if (!context) continue;
      const mine = trades.filter((t) => contextOf.get(t.accountId) === context);
      const first = Math.min(...mine.map((t) => t.openedAt.getTime()));
      const last = Math.max(...mine.map((t) => t.closedAt.getTime()));
      const rows = await this.events.eventsBetween({
        from: new Date(first - context.rule.windowAfterMinutes * MINUTE_MS),
        to: new Date(last + context.rule.windowBeforeMinutes * MINUTE_MS + 1),
        currencies: null,
        impacts: context.rule.impacts,
        limit: 100_000,
      });
      releasesOf.set(
        context,
        rows.map(({ at, currency, impact, title, timing }) => ({ at, currency, impact, title, timing })),
      );
    }
    return trades.map((t) => {
      const context = contextOf.get(t.accountId);
      if (!context) return null;
      const releases = releasesOf.get(context) ?? [];
      for (const [when, at] of [
        ['close', t.closedAt],
        ['open', t.openedAt],
      ] as const) {
        const v = newsVerdictAt(context.rule, context.stage, releases, t.symbol, at.getTime());
        if (v.window !== null)
          return {
            when,
            penalty: v.penalty,
            penaltyPercent: v.penaltyPercent,
            window: { start: v.window.start, end: v.window.end, release: releaseView(v.window.release) },
          };
      }
      return null;
    });
  }

  /**
   * The releases a headroom's windows need (from a day back to LOOKAHEAD_DAYS + 1 ahead), read once a minute per
   * process and impacts, and again at once after this process imports: the headroom then costs no statement for
   * them. Another instance's import is seen within the minute (the calendar changes weekly).
   */
  private async keptReleasesAhead(now: Date, rule: NewsRule): Promise<CalendarRelease[]> {
    const key = [...rule.impacts].sort().join();
    const kept = this.kept.get(key);
    const t = now.getTime();
    const generation = this.events.generation();
    if (
      kept &&
      kept.generation === generation &&
      Date.now() < kept.expires &&
      kept.from <= t - DAY_MS / 2 &&
      t + LOOKAHEAD_DAYS * DAY_MS <= kept.to
    )
      return kept.releases;
    const from = t - DAY_MS;
    const to = t + (LOOKAHEAD_DAYS + 1) * DAY_MS;
    const rows = await this.events.eventsBetween({
      from: new Date(from),
      to: new Date(to),
      currencies: null,
      impacts: rule.impacts,
      limit: 100_000,
    });
    const releases = rows.map(({ at, currency, impact, title, timing }) => ({ at, currency, impact, title, timing }));
    this.kept.set(key, { generation, expires: Date.now() + KEEP_MS, from, to, releases });
    return releases;
  }

  /** The releases of the rule's impacts from `backMinutes` before `at` to `aheadMinutes` after it, both included. */
  private async releasesAround(at: Date, rule: NewsRule, backMinutes: number, aheadMinutes: number): Promise<CalendarRelease[]> {
    const rows = await this.events.eventsBetween({
      from: new Date(at.getTime() - backMinutes * MINUTE_MS),
      to: new Date(at.getTime() + aheadMinutes * MINUTE_MS + 1),
      currencies: null,
      impacts: rule.impacts,
      limit: 5000,
    });
    return rows.map(({ at: when, currency, impact, title, timing }) => ({ at: when, currency, impact, title, timing }));
  }
}

/** A closed trade as the journal marks it: where it was opened and closed, on which account. */
export interface MarkedTrade {
  accountId: string;
  symbol: string;
  openedAt: Date;
  closedAt: Date;
}

/** What an answer says without a news rule: no rule, no windows. */
const NO_NEWS: NewsWindowsView = { rule: null, stage: null, windows: [] };

/** The rule of the plan's rules and the stage of the challenge's phase; null without a rule. */
function newsContextOf(terms: NewsTerms): NewsContext | null {
  const rule = newsRuleOf(terms.planRules);
  return rule ? { rule, stage: newsStageOf(terms.phase) } : null;
}

function windowsView(rule: NewsRule, stage: NewsStage | null, releases: readonly CalendarRelease[], symbols: readonly string[], now: Date) {
  return nextNewsWindows(rule, stage, releases, symbols, now.getTime(), MAX_WINDOWS).map((w) => ({
    start: w.start,
    end: w.end,
    release: releaseView(w.release),
    symbols: [...w.symbols],
  }));
}

const releaseView = (r: CalendarRelease) => ({ at: r.at, currency: r.currency, impact: r.impact, title: r.title });
