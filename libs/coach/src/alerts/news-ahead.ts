/**
 * The "news window ahead" alert's decision: which restricted news windows start within the trader's N minutes and
 * touch a symbol the account holds open. Pure: the releases, the open symbols and the instant come in as data.
 */
import type { NewsRule, NewsStage } from '../news/news-rule.js';
import { nextNewsWindows, type CalendarRelease } from '../news/news-windows.js';

const MINUTE_MS = 60_000;

/** One window to warn about: its releases (one or more at the same minute) and the open symbols they restrict. */
export interface NewsAhead {
  /** The releases' instant (ISO, UTC): the window's identity, so a window is announced once whatever its releases. */
  readonly at: string;
  readonly start: string;
  readonly end: string;
  readonly releases: readonly CalendarRelease[];
  readonly symbols: readonly string[];
}

/**
 * The windows whose start is from `now` to `minutesBefore` minutes after it (a window already started is past
 * warning), restricting at least one open symbol, in a stage the rule covers; soonest first. Releases at the same
 * minute share one window, so the trader hears of it once.
 */
export function newsWindowsAhead(
  rule: NewsRule,
  stage: NewsStage | null,
  releases: readonly CalendarRelease[],
  openSymbols: readonly string[],
  now: number,
  minutesBefore: number,
): NewsAhead[] {
  const symbols = [...new Set(openSymbols)];
  const until = now + minutesBefore * MINUTE_MS;
  const byAt = new Map<number, { start: string; end: string; releases: CalendarRelease[]; symbols: Set<string> }>();
  for (const w of nextNewsWindows(rule, stage, releases, symbols, now, releases.length)) {
    const start = Date.parse(w.start);
    if (start < now || start > until) continue;
    const at = Date.parse(w.release.at);
    const group = byAt.get(at) ?? { start: w.start, end: w.end, releases: [], symbols: new Set<string>() };
    group.releases.push(w.release);
    for (const s of w.symbols) group.symbols.add(s);
    byAt.set(at, group);
  }
  return [...byAt.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, g]) => ({
      at: new Date(at).toISOString(),
      start: g.start,
      end: g.end,
      releases: g.releases,
      symbols: [...g.symbols].sort(),
    }));
}
