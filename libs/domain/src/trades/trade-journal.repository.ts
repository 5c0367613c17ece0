/**
 * The journal page's reads (issue 42): get_trade_stats' per-setup and R breakdowns, and the CSV export's rows.
 */

import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { queryJson } from '../shared/json-rows.js';
import { forEachSlice } from './trade-stats-range.js';
import { Groups, PARTIAL_SQL, SUMS_SQL, type PartialRow } from './trade-stats.js';
import { outcomeSql } from './trade-view.js';
import type { TradeScope } from './trades.inputs.js';
import type { TradeStats } from './trades.outputs.js';

/** The R histogram's bins: half an R wide, from −3 R to +5 R, with an open bin below and above. */
export const R_BIN_WIDTH = 0.5;
const LOWEST_BIN = -6; // [−3, −2.5): its index k is R ÷ 0.5 rounded down
const HIGHEST_BIN = 9; // [4.5, 5)

/** The journal's breakdowns of get_trade_stats: per setup, and the R histogram. */
export type JournalBreakdowns = Pick<TradeStats, 'bySetup' | 'rHistogram'>;

interface JournalRow {
  setups: (PartialRow & { key: string })[] | null;
  /** Per bin index (LOWEST_BIN − 1: below −3 R; HIGHEST_BIN + 1: 5 R and above), the trades with a planned risk. */
  bins: { bin: number; count: number; wins: number; losses: number }[] | null;
  withoutPlannedRisk: number;
}

/**
 * bySetup and rHistogram over the scope's trades, read in slices. The kept summary (trade-stats-kept.ts) holds neither
 * a setup nor an R per cell, and the summary's tables are the schema's (a migration), so these are read from the
 * trades on every path, over the same WHERE as every other figure (scopeSql): they follow every filter the stats do.
 * The bin of a trade is ⌊2·net ÷ plannedRisk⌋ by exact integer division (`div`/`mod` of numerics): a rounded quotient
 * could put an R of exactly −3 or 5 on the wrong side of an edge.
 */
export async function readJournalBreakdowns(
  db: Database,
  caller: Caller,
  scope: TradeScope,
  options: { tradesPerSlice?: number } = {},
): Promise<JournalBreakdowns> {
  const all: JournalRow = { setups: [], bins: [], withoutPlannedRisk: 0 };
  // In slices of the close window, as the range read is (forEachSlice): one statement over 100,000 trades held
  // PGlite's process (and /healthz) for seconds. Setup partials and bin counts add up exactly across slices.
  await forEachSlice(
    db,
    caller,
    scope,
    async (slice, params) => {
      const row = await queryJson<JournalRow>(db, journalSql(slice), params.values);
      all.setups?.push(...(row?.setups ?? []));
      all.bins?.push(...(row?.bins ?? []));
      all.withoutPlannedRisk += row?.withoutPlannedRisk ?? 0;
    },
    options,
  );
  return journalAnswer(all);
}

/** The setup partials, bin counts and trades without a planned risk of the trades matching `where` (over `t`). */
function journalSql(where: string): string {
  const twice = '(2 * x."net")';
  const index = `(div(${twice}, x."plannedRisk") - CASE WHEN mod(${twice}, x."plannedRisk") < 0 THEN 1 ELSE 0 END)`;
  return `WITH x AS MATERIALIZED (
      SELECT COALESCE(t."setup", '') AS "key", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe",
        ${outcomeSql('t."net"')} AS o
      FROM "Trade" t WHERE ${where})
    SELECT json_build_object(
      'setups', (SELECT json_agg(g) FROM (SELECT "key", ${SUMS_SQL} FROM (SELECT "key", ${PARTIAL_SQL} FROM x GROUP BY "key") p GROUP BY "key") g),
      'bins', (SELECT json_agg(b) FROM (
        SELECT GREATEST(${LOWEST_BIN - 1}, LEAST(${HIGHEST_BIN + 1}, ${index}))::int AS "bin", count(*)::int AS "count",
          (count(*) FILTER (WHERE o = 1))::int AS "wins", (count(*) FILTER (WHERE o = -1))::int AS "losses"
        FROM x WHERE x."plannedRisk" > 0 GROUP BY 1) b),
      'withoutPlannedRisk', (SELECT count(*)::int FROM x WHERE NOT COALESCE(x."plannedRisk" > 0, false))
    ) AS "data"`;
}

/** Every bin answered, empty ones included, lowest first; each trade with a planned risk is in exactly one. */
function journalAnswer(row: JournalRow): JournalBreakdowns {
  const bySetup = new Groups<string>();
  for (const setup of row.setups ?? []) bySetup.add(setup.key, setup);
  const found = new Map<number, { count: number; wins: number; losses: number }>();
  for (const b of row.bins ?? []) {
    const sum = found.get(b.bin) ?? { count: 0, wins: 0, losses: 0 };
    found.set(b.bin, { count: sum.count + b.count, wins: sum.wins + b.wins, losses: sum.losses + b.losses });
  }
  const bins = [];
  for (let k = LOWEST_BIN - 1; k <= HIGHEST_BIN + 1; k++) {
    const counted = found.get(k);
    bins.push({
      from: k < LOWEST_BIN ? null : k * R_BIN_WIDTH,
      to: k > HIGHEST_BIN ? null : (k + 1) * R_BIN_WIDTH,
      count: counted?.count ?? 0,
      wins: counted?.wins ?? 0,
      losses: counted?.losses ?? 0,
    });
  }
  return {
    bySetup: bySetup.list(),
    rHistogram: {
      binWidth: R_BIN_WIDTH,
      counted: bins.reduce((sum, b) => sum + b.count, 0),
      withoutPlannedRisk: row.withoutPlannedRisk,
      bins,
    },
  };
}
