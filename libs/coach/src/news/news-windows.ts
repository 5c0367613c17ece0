/**
 * News windows: which calendar releases restrict which symbol when, under one firm's news rule. Pure: the events
 * come in as data (sorted or not), instants are epoch milliseconds or ISO strings with a zone, nothing reads a clock.
 */
import type { CalendarImpact, NewsPenalty, NewsRule, NewsStage } from './news-rule.js';
import { bareSymbol, symbolCurrencies } from './symbol-currencies.js';

const MINUTE_MS = 60_000;

/** One release as the calendar stores it. Only `exact` timings (a release minute) open a window. */
export interface CalendarRelease {
  readonly at: string;
  readonly currency: string;
  readonly impact: CalendarImpact;
  readonly title: string;
  readonly timing: 'exact' | 'all_day' | 'tentative';
}

/** A restricted window around one release. */
export interface NewsWindow {
  readonly start: string;
  readonly end: string;
  readonly release: CalendarRelease;
}

/** What a trade at one instant meets: nothing, a window that fails the account, or one that costs its profit. */
export type NewsVerdict =
  | { readonly verdict: 'allowed'; readonly window: null; readonly penalty: null; readonly penaltyPercent: null }
  | {
      readonly verdict: 'blocked' | 'penalised';
      readonly window: NewsWindow;
      readonly penalty: NewsPenalty;
      readonly penaltyPercent: number | null;
    };

const ALLOWED: NewsVerdict = { verdict: 'allowed', window: null, penalty: null, penaltyPercent: null };

/** True when the rule restricts this stage; an unknown stage (null) is treated as restricted, since advice must not under-warn. */
export function newsRuleApplies(rule: NewsRule, stage: NewsStage | null): boolean {
  return stage === null || rule.stages.includes(stage);
}

/** The stage of a challenge's phase: its 0-based evaluation index, 'funded', or null when its label names none. */
export function newsStageOf(phase: number | 'funded' | null): NewsStage | null {
  if (phase === 'funded') return 'funded';
  if (phase === null || phase < 0 || phase > 2) return null;
  return (['phase1', 'phase2', 'phase3'] as const)[phase] ?? null;
}

/** Whether a release restricts a symbol under the rule: by the symbol's currencies, or by the firm's own list. */
export function releaseAffects(rule: NewsRule, release: Pick<CalendarRelease, 'currency'>, symbol: string): boolean {
  const have = bareSymbol(symbol);
  // A broker's one-letter mark after the name (EURUSDm, US30c) is still the listed symbol.
  const listed = rule.instruments.symbols.some((s) => {
    const want = bareSymbol(s);
    return want !== '' && have.startsWith(want) && have.length - want.length <= 1;
  });
  if (listed) return true;
  if (!rule.instruments.byCurrency) return false;
  const currency = release.currency.toUpperCase();
  return currency === 'ALL' || symbolCurrencies(symbol).includes(currency);
}

/** The releases that open a window under the rule (timed, of a restricted impact), oldest first. */
export function restrictingReleases<T extends CalendarRelease>(rule: NewsRule, releases: readonly T[]): T[] {
  const impacts = new Set<string>(rule.impacts);
  return releases.filter((r) => r.timing === 'exact' && impacts.has(r.impact)).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export function windowOf(rule: NewsRule, release: CalendarRelease): NewsWindow {
  const at = Date.parse(release.at);
  return {
    start: new Date(at - rule.windowBeforeMinutes * MINUTE_MS).toISOString(),
    end: new Date(at + rule.windowAfterMinutes * MINUTE_MS).toISOString(),
    release,
  };
}

/** Inside a window: from its start to its end, both included (a trade at the window's edge is inside). */
const inside = (w: NewsWindow, atMs: number) => Date.parse(w.start) <= atMs && atMs <= Date.parse(w.end);

/**
 * A trade on `symbol` at `at` in `stage`: blocked (the penalty is a breach) or penalised (its profit is removed
 * or shared) inside a window of a release that affects the symbol, allowed otherwise and in stages the rule spares.
 */
export function newsVerdictAt(
  rule: NewsRule,
  stage: NewsStage | null,
  releases: readonly CalendarRelease[],
  symbol: string,
  at: string | number,
): NewsVerdict {
  if (!newsRuleApplies(rule, stage)) return ALLOWED;
  const atMs = typeof at === 'number' ? at : Date.parse(at);
  const hit = restrictingReleases(rule, releases)
    .filter((r) => releaseAffects(rule, r, symbol))
    .map((r) => windowOf(rule, r))
    .find((w) => inside(w, atMs));
  if (!hit) return ALLOWED;
  return {
    verdict: rule.penalty === 'breach' ? 'blocked' : 'penalised',
    window: hit,
    penalty: rule.penalty,
    penaltyPercent: rule.penalty === 'profit_share' ? (rule.penaltyPercent ?? null) : null,
  };
}

/** An upcoming (or current) window with the symbols it restricts among those asked about. */
export interface SymbolsWindow extends NewsWindow {
  readonly symbols: readonly string[];
}

/**
 * The next windows, from `from` on (a window still open at `from` included), that restrict at least one of the
 * symbols, soonest first, at most `limit`. None in a stage the rule spares.
 */
export function nextNewsWindows(
  rule: NewsRule,
  stage: NewsStage | null,
  releases: readonly CalendarRelease[],
  symbols: readonly string[],
  from: string | number,
  limit: number,
): SymbolsWindow[] {
  if (!newsRuleApplies(rule, stage) || symbols.length === 0 || limit <= 0) return [];
  const fromMs = typeof from === 'number' ? from : Date.parse(from);
  const out: SymbolsWindow[] = [];
  for (const release of restrictingReleases(rule, releases)) {
    const window = windowOf(rule, release);
    if (Date.parse(window.end) < fromMs) continue;
    const hit = symbols.filter((s) => releaseAffects(rule, release, s));
    if (hit.length === 0) continue;
    out.push({ ...window, symbols: hit });
    if (out.length === limit) break;
  }
  return out;
}
