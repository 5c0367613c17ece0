/**
 * The streaks of get_trade_stats composed from parts: the runs of wins (W) and losses (L) of consecutive stretches of
 * trades in close order (an account's summary, an account's day, the trades of a window's edge), each with its first
 * and last close. Two stretches where one follows the other compose exactly; the summary keeps them in SQL
 * (propfolio_trade_runs and the insert trigger), these compose them in the read.
 */
export interface Runs {
  count: number;
  prefixWins: number;
  prefixLosses: number;
  suffixWins: number;
  suffixLosses: number;
  longestWins: number;
  longestLosses: number;
  /** Epoch milliseconds of the first and the last close. */
  firstAt: number;
  lastAt: number;
}

export const NO_RUNS: Runs = {
  count: 0,
  prefixWins: 0,
  prefixLosses: 0,
  suffixWins: 0,
  suffixLosses: 0,
  longestWins: 0,
  longestLosses: 0,
  firstAt: Number.NEGATIVE_INFINITY,
  lastAt: Number.NEGATIVE_INFINITY,
};

/** The runs of an outcome string (W, L or B per trade) in close order, oldest first. */
export function runsOf(outcomes: string, firstAt: number, lastAt: number): Runs {
  const lead = (mark: string) => {
    let n = 0;
    while (n < outcomes.length && outcomes[n] === mark) n++;
    return n;
  };
  const trail = (mark: string) => {
    let n = 0;
    while (n < outcomes.length && outcomes[outcomes.length - 1 - n] === mark) n++;
    return n;
  };
  return {
    count: outcomes.length,
    prefixWins: lead('W'),
    prefixLosses: lead('L'),
    suffixWins: trail('W'),
    suffixLosses: trail('L'),
    longestWins: longestRun(outcomes, 'W'),
    longestLosses: longestRun(outcomes, 'L'),
    firstAt,
    lastAt,
  };
}

/** The runs of an outcome string written newest first (as the live read answers it), in close order. */
export function runsOfNewestFirst(outcomes: string): Runs {
  const r = runsOf(outcomes, 0, 0);
  return { ...r, prefixWins: r.suffixWins, prefixLosses: r.suffixLosses, suffixWins: r.prefixWins, suffixLosses: r.prefixLosses };
}

/** The longest run of `mark` in the outcome string. */
export function longestRun(outcomes: string, mark: 'W' | 'L'): number {
  let longest = 0;
  let run = 0;
  for (const c of outcomes) {
    run = c === mark ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** The runs of `next`'s trades closed after all of `all`'s, appended (the caller knows they follow one another). */
export function thenRuns(all: Runs, next: Runs): Runs {
  if (next.count === 0) return all;
  if (all.count === 0) return next;
  return {
    count: all.count + next.count,
    prefixWins: all.prefixWins === all.count ? all.count + next.prefixWins : all.prefixWins,
    prefixLosses: all.prefixLosses === all.count ? all.count + next.prefixLosses : all.prefixLosses,
    suffixWins: next.suffixWins === next.count ? next.count + all.suffixWins : next.suffixWins,
    suffixLosses: next.suffixLosses === next.count ? next.count + all.suffixLosses : next.suffixLosses,
    longestWins: Math.max(all.longestWins, next.longestWins, all.suffixWins + next.prefixWins),
    longestLosses: Math.max(all.longestLosses, next.longestLosses, all.suffixLosses + next.prefixLosses),
    firstAt: all.firstAt,
    lastAt: next.lastAt,
  };
}

/**
 * Several accounts' runs over one stretch of time as one, when their trades follow one another (each account's first
 * close after the previous one's last, in first-close order): runs compose across a boundary. Accounts whose trades
 * interleave (or touch at one instant, where the order falls to the ids) answer null: the caller reads them live.
 */
export function followingRuns(runs: readonly Runs[]): Runs | null {
  const ordered = [...runs].filter((r) => r.count > 0).sort((a, b) => a.firstAt - b.firstAt);
  let all = NO_RUNS;
  for (const next of ordered) {
    if (all.count > 0 && !(all.lastAt < next.firstAt)) return null;
    all = thenRuns(all, next);
  }
  return all;
}
