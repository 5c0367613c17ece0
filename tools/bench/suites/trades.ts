/**
 * `npm run bench -- trades`: the trade journal's reads over one account with 100,000 closed positions (issue 33, "Fast").
 *
 * - list_trades (the service's read: ownership, keyset page, JSON rows, views) for the first page and a page deep in
 *   the list, alternating call by call with the same page's SQL run bare on the driver (`SELECT * … ORDER BY
 *   "closedAt" DESC, "id" DESC LIMIT 51`, rows as the driver returns them). Target: p99 within 2× of the bare SQL.
 * - get_trade_stats for the account (every group, the streaks) computed by the database. Target: under 200 ms.
 * - the seeding itself: storePositions in batches of 1,000 (the tracker message's size), positions per second.
 *
 * Targets: PGlite always, PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database
 * beside it). Env: BENCH_TARGETS (pglite,postgres), TRADES_POSITIONS (100000), TRADES_ROUNDS (list calls measured, 300), TRADES_STATS_ROUNDS (20).
 * Prints its tables; resolves false when a target is missed.
 */
import { loadavg } from 'node:os';
import { encodeCursor, parseInput, type Caller } from '../../../libs/core/src/index.ts';
import { openDatabase, type Database } from '../../../libs/db/src/index.ts';
import {
  createDomainServices,
  ListTradesInput,
  storePositions,
  TradeStatsInput,
  type PositionRecord,
} from '../../../libs/domain/src/index.ts';
import { summarize, type Stats } from '../harness.ts';
import { benchDatabase } from '../http/bench-database.ts';
import { machineLine } from '../http/report.ts';

const POSITIONS = Number(process.env.TRADES_POSITIONS ?? 100_000);
const ROUNDS = Number(process.env.TRADES_ROUNDS ?? 300);
const STATS_ROUNDS = Number(process.env.TRADES_STATS_ROUNDS ?? 20);
const BATCH = 1000;
const LIST_RATIO_TARGET = 2;
const STATS_TARGET_MS = 200;
const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'US30', 'NAS100', 'GBPJPY', 'AUDUSD'];
const TAGS = ['breakout', 'news', 'A+', 'late entry', 'London open'];

/** Position `i` of a deterministic history: one every 5 minutes from 2020, held 7 to 187 minutes, a mix of results. */
function positionAt(i: number): PositionRecord {
  const opened = Date.UTC(2020, 0, 1) + i * 300_000;
  const profit = ((i * 7919) % 400) - 180 + (i % 11 === 0 ? 0 : 0.5);
  return {
    position: String(10_000_000 + i),
    symbol: SYMBOLS[i % SYMBOLS.length] ?? 'EURUSD',
    side: i % 3 === 0 ? 'sell' : 'buy',
    volume: (0.1 + (i % 20) / 10).toFixed(2),
    openedAt: new Date(opened),
    closedAt: new Date(opened + (7 + (i % 181)) * 60_000),
    openPrice: '1.08312',
    closePrice: '1.08455',
    stopLoss: i % 2 === 0 ? '1.0811' : null,
    takeProfit: null,
    commission: '-3.50',
    swap: i % 17 === 0 ? '-1.20' : '0',
    fee: '0',
    profit: profit.toFixed(2),
    comment: null,
    magic: '0',
    mae: i % 4 === 0 ? null : (-(i % 90) - 1).toFixed(2),
    mfe: i % 4 === 0 ? null : ((i % 120) + 1).toFixed(2),
    exits: [],
  };
}

interface TargetResult {
  target: string;
  seedPerSecond: number;
  first: { service: Stats; bare: Stats };
  deep: { service: Stats; bare: Stats };
  stats: Stats;
  /** One plain scan of the same rows (count and sum of net), timed alternately with the stats: the floor of any fold. */
  scan: Stats;
}

export async function seed(db: Database): Promise<{ caller: Caller; accountId: string; seedPerSecond: number }> {
  const user = await db.prisma.user.create({ data: { name: `bench-trades-${Date.now()}` } });
  const account = await db.prisma.eaAccount.create({
    data: {
      userId: user.id,
      login: '9000001',
      server: 'Bench-Live',
      currency: 'USD',
      initialBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
    },
  });
  const started = performance.now();
  for (let from = 0; from < POSITIONS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, POSITIONS - from) }, (_, k) => positionAt(from + k));
    await db.prisma.$transaction((tx) => storePositions(tx, account.id, batch));
  }
  const seedPerSecond = POSITIONS / ((performance.now() - started) / 1000);
  // Tags on one trade in fifty, as a journal would have them (the by-tag group has something to fold).
  await db.driverQuery(
    `UPDATE "Trade" SET "tags" = ARRAY[(ARRAY[${TAGS.map((t) => `'${t}'`).join(', ')}])[1 + (abs(hashtext("id")) % ${TAGS.length})]]
     WHERE "accountId" = $1 AND abs(hashtext("id")) % 50 = 0`,
    [account.id],
  );
  await db.driverQuery('ANALYZE "Trade"');
  return {
    caller: { userId: user.id, userName: user.name, credentialId: 'key:bench', scope: 'full' },
    accountId: account.id,
    seedPerSecond,
  };
}

/** The service's read and the bare SQL of the same page, alternating call by call so both see the same machine. */
async function listPair(db: Database, caller: Caller, accountId: string, after: { closedAt: string; id: string } | undefined) {
  const services = createDomainServices(db);
  const input = await parseInput(ListTradesInput, {
    accountId,
    limit: 50,
    ...(after ? { cursor: encodeCursor([after.closedAt, after.id]) } : {}),
  });
  const [sortAt, id] = after ? [after.closedAt, after.id] : [undefined, undefined];
  const bareSql = `SELECT * FROM "Trade" t WHERE t."userId" = $1 AND t."accountId" = $2${
    sortAt ? ` AND (t."closedAt", t."id") < ($3::timestamptz, $4)` : ''
  } ORDER BY t."closedAt" DESC, t."id" DESC LIMIT 51`;
  const bareParams = sortAt ? [caller.userId, accountId, sortAt, id] : [caller.userId, accountId];
  const service: number[] = [];
  const bare: number[] = [];
  const time = async (into: number[], run: () => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    await run();
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
  };
  for (let i = 0; i < 20; i++) {
    await services.trades.list(caller, input);
    await db.driverQuery(bareSql, bareParams);
  }
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always runs on the other's warm cache line.
    if (i % 2 === 0) {
      await time(service, () => services.trades.list(caller, input));
      await time(bare, () => db.driverQuery(bareSql, bareParams));
    } else {
      await time(bare, () => db.driverQuery(bareSql, bareParams));
      await time(service, () => services.trades.list(caller, input));
    }
  }
  return { service: summarize('list_trades (service)', service), bare: summarize('same SQL, bare', bare) };
}

async function runTarget(target: string, options: Parameters<typeof openDatabase>[0]): Promise<TargetResult> {
  const db = await openDatabase(options);
  try {
    const { caller, accountId, seedPerSecond } = await seed(db);
    const services = createDomainServices(db);
    const first = await listPair(db, caller, accountId, undefined);
    // A page 60,000 positions deep: the keyset seeks there, it does not skip rows.
    const [deepRow] = await db.driverQuery<{ closedAt: string; id: string }>(
      `SELECT to_char("closedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "closedAt", "id" FROM "Trade"
       WHERE "accountId" = $1 ORDER BY "closedAt" DESC, "id" DESC OFFSET 60000 LIMIT 1`,
      [accountId],
    );
    const deep = await listPair(db, caller, accountId, deepRow);
    const statsInput = await parseInput(TradeStatsInput, { accountId, timeZone: 'Asia/Tokyo' });
    const durations: number[] = [];
    const scans: number[] = [];
    const scanSql = 'SELECT count(*), sum("net") FROM "Trade" WHERE "userId" = $1 AND "accountId" = $2';
    await services.trades.stats(caller, statsInput);
    for (let i = 0; i < STATS_ROUNDS; i++) {
      const start = process.hrtime.bigint();
      const answer = await services.trades.stats(caller, statsInput);
      durations.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (answer.overall.count !== POSITIONS) throw new Error(`stats counted ${answer.overall.count} of ${POSITIONS} positions`);
      const scanStart = process.hrtime.bigint();
      await db.driverQuery(scanSql, [caller.userId, accountId]);
      scans.push(Number(process.hrtime.bigint() - scanStart) / 1e6);
    }
    return { target, seedPerSecond, first, deep, stats: summarize('get_trade_stats', durations), scan: summarize('one scan', scans) };
  } finally {
    await db.close();
  }
}

const ms = (v: number) => v.toFixed(2);

export default async function tradesBench(): Promise<boolean> {
  console.log(machineLine());
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  const targets: [string, Parameters<typeof openDatabase>[0]][] = wanted.includes('pglite') ? [['pglite', { memory: true }]] : [];
  const scratch = wanted.includes('postgres') ? await benchDatabase() : null;
  if (scratch) targets.push(['postgres', { databaseUrl: scratch.url }]);
  const results: TargetResult[] = [];
  try {
    for (const [name, options] of targets) results.push(await runTarget(name, options));
  } finally {
    await scratch?.release();
  }
  let ok = true;
  console.log(
    `\n## list_trades vs the same SQL bare, ${POSITIONS.toLocaleString('en')} positions on one account (load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log('| target | page | service p50 | service p99 | bare p50 | bare p99 | p99 ratio (target ≤ 2) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const [page, pair] of [
      ['first', r.first],
      ['60,000 deep', r.deep],
    ] as const) {
      const ratio = pair.service.p99Ms / pair.bare.p99Ms;
      ok &&= ratio <= LIST_RATIO_TARGET;
      console.log(
        `| ${r.target} | ${page} | ${ms(pair.service.p50Ms)} | ${ms(pair.service.p99Ms)} | ${ms(pair.bare.p50Ms)} | ${ms(pair.bare.p99Ms)} | ${ratio.toFixed(2)} |`,
      );
    }
  }
  console.log(`\n## get_trade_stats over ${POSITIONS.toLocaleString('en')} positions (target < ${STATS_TARGET_MS} ms), and seeding`);
  console.log('| target | samples | p50 ms | p99 ms | one plain scan p50 ms (count, sum) | seeding (positions/s, batches of 1,000) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    ok &&= r.stats.p99Ms < STATS_TARGET_MS;
    console.log(
      `| ${r.target} | ${r.stats.samples} | ${ms(r.stats.p50Ms)} | ${ms(r.stats.p99Ms)} | ${ms(r.scan.p50Ms)} | ${Math.round(r.seedPerSecond).toLocaleString('en')} |`,
    );
  }
  return ok;
}
