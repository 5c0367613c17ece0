/**
 * `npm run bench -- trades`: the trade journal's reads over one account with 100,000 closed positions (issue 33, "Fast").
 *
 * - list_trades (the service's read: ownership, keyset page, JSON rows, views) for the first page and a page deep in
 *   the list, alternating call by call with the same page's SQL run bare on the driver (`SELECT * … ORDER BY
 *   "closedAt" DESC, "id" DESC LIMIT 51`, rows as the driver returns them). Target: p99 within 2× of the bare SQL.
 * - get_trade_stats for the account (every group, the streaks) from the summary the database keeps on write. Target:
 *   under 200 ms. Beside it, once: the first read for a zone (which builds the summary), and the live computation
 *   over every trade (TRADES_LIVE_ROUNDS, 3), whose answer must equal the kept one.
 * - the trade calendar (issue 42: a year over 100,000 trades under 200 ms): the calendar read alone (the service's
 *   `calendar`, one GROUP BY by firm day) alternating call by call with get_trade_curve, where the calendar came from
 *   before (its `days`, beside the running sums); the two answers' days must be equal.
 * - the seeding itself: storePositions in batches of 1,000 (the tracker message's size), positions per second, with
 *   the stats summary kept from the first batch on.
 * - a 5 MiB MT5 report (the largest the import accepts: its days and every closed position, a buy in and a sell out
 *   each) imported end to end through the built server (the HTTP request with the base64 file to the parsed answer,
 *   each round into a new account, so every round writes all of it), alternating with the pure parse of the same file
 *   (`readStatement`) in this process. Target: the import within 3× of the parse.
 *
 * Targets: PGlite always, PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database
 * beside it). Env: BENCH_TARGETS (pglite,postgres), TRADES_PARTS (list,stats,calendar: the reads measured after the
 * seeding), TRADES_POSITIONS (100000), TRADES_ROUNDS (list calls measured, 300), TRADES_STATS_ROUNDS (20), TRADES_LIVE_ROUNDS (3),
 * TRADES_CALENDAR_ROUNDS (20), TRADES_SEED_KEEP (1),
 * TRADES_IMPORT_ROUNDS (5), BENCH_SERVER_ENTRY (the built server, apps/server/dist/main.js; on its embedded database).
 * Prints its tables; resolves false when a target is missed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeCursor, parseInput, type Caller } from '@propfolio/core';
import { openDatabase, type Database } from '@propfolio/db';
import {
  createDomainServices,
  ListTradesInput,
  prepareBatch,
  storePositions,
  TradeCurveInput,
  TradeStatsInput,
  type PositionRecord,
} from '@propfolio/domain';
import { readTradeStats } from '@propfolio/domain';
import { MAX_STATEMENT_BYTES, readStatement } from '@propfolio/mt-statements';
import { mt5Report, type ReportDeal } from '@propfolio/mt-statements/testing';
import { summarize, type Stats } from '../harness.ts';
import { benchDatabase } from '../http/bench-database.ts';
import { machineLine } from '../http/report.ts';
import { startServer } from '../http/server-process.ts';

const POSITIONS = Number(process.env.TRADES_POSITIONS ?? 100_000);
const ROUNDS = Number(process.env.TRADES_ROUNDS ?? 300);
const STATS_ROUNDS = Number(process.env.TRADES_STATS_ROUNDS ?? 20);
const LIVE_ROUNDS = Number(process.env.TRADES_LIVE_ROUNDS ?? 3);
/** TRADES_SEED_KEEP=0 seeds without the stats summary (no read before the seeding ends), to measure what keeping it costs. */
const KEEP_WHILE_SEEDING = process.env.TRADES_SEED_KEEP !== '0';
const BATCH = 1000;
const LIST_RATIO_TARGET = 2;
const STATS_TARGET_MS = 200;
const CALENDAR_ROUNDS = Number(process.env.TRADES_CALENDAR_ROUNDS ?? 20);
const CALENDAR_TARGET_MS = 200;
const PARTS = new Set((process.env.TRADES_PARTS ?? 'list,stats,calendar').split(','));
const IMPORT_ROUNDS = Number(process.env.TRADES_IMPORT_ROUNDS ?? 5);
const IMPORT_RATIO_TARGET = 3;
const SERVER_ENTRY = resolve(
  process.env.BENCH_SERVER_ENTRY ?? join(dirname(fileURLToPath(import.meta.url)), '../../../apps/server/dist/main.js'),
);
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
  list: { first: { service: Stats; bare: Stats }; deep: { service: Stats; bare: Stats } } | null;
  stats: StatsResult | null;
  calendar: { alone: Stats; curve: Stats; days: number } | null;
}

interface StatsResult {
  /** get_trade_stats from the kept summary. */
  stats: Stats;
  /** The first read for a zone, which builds the summary from every trade (once per account and zone). */
  firstRead: number;
  /** The same answer computed live from the trades (readTradeStats, what get_trade_stats did before the summary). */
  live: Stats;
  /** One plain scan of the same rows (count and sum of net), timed alternately with the stats: the floor of any fold. */
  scan: Stats;
}

export async function seed(db: Database): Promise<{ caller: Caller; accountId: string; seedPerSecond: number }> {
  const user = await db.prisma.user.create({ data: { name: `bench-trades-${Date.now()}` } });
  const caller: Caller = { userId: user.id, userName: user.name, credentialId: 'key:bench', scope: 'full' };
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
    const prepared = await prepareBatch(batch);
    await db.prisma.$transaction((tx) => storePositions(tx, account.id, prepared));
    // The stats asked once the first batch is in (an account whose journal someone reads): every later batch then
    // keeps the stats summary in its own transaction, and the seeding rate includes that cost.
    if (from === 0 && KEEP_WHILE_SEEDING)
      await createDomainServices(db).trades.stats(caller, await parseInput(TradeStatsInput, { accountId: account.id }));
  }
  const seedPerSecond = POSITIONS / ((performance.now() - started) / 1000);
  // Tags on one trade in fifty, as a journal would have them (the by-tag group has something to fold).
  await db.driverQuery(
    `UPDATE "Trade" SET "tags" = ARRAY[(ARRAY[${TAGS.map((t) => `'${t}'`).join(', ')}])[1 + (abs(hashtext("id")) % ${TAGS.length})]]
     WHERE "accountId" = $1 AND abs(hashtext("id")) % 50 = 0`,
    [account.id],
  );
  await db.driverQuery('ANALYZE "Trade"');
  return { caller, accountId: account.id, seedPerSecond };
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
    return {
      target,
      seedPerSecond,
      list: PARTS.has('list') ? await listBench(db, caller, accountId) : null,
      stats: PARTS.has('stats') ? await statsBench(db, caller, accountId) : null,
      calendar: PARTS.has('calendar') ? await calendarBench(db, caller, accountId) : null,
    };
  } finally {
    await db.close();
  }
}

async function listBench(db: Database, caller: Caller, accountId: string): Promise<NonNullable<TargetResult['list']>> {
  const first = await listPair(db, caller, accountId, undefined);
  // A page 60,000 positions deep: the keyset seeks there, it does not skip rows.
  const [deepRow] = await db.driverQuery<{ closedAt: string; id: string }>(
    `SELECT to_char("closedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "closedAt", "id" FROM "Trade"
     WHERE "accountId" = $1 ORDER BY "closedAt" DESC, "id" DESC OFFSET 60000 LIMIT 1`,
    [accountId],
  );
  return { first, deep: await listPair(db, caller, accountId, deepRow) };
}

async function statsBench(db: Database, caller: Caller, accountId: string): Promise<StatsResult> {
  const services = createDomainServices(db);
  const statsInput = await parseInput(TradeStatsInput, { accountId, timeZone: 'Asia/Tokyo' });
  const durations: number[] = [];
  const scans: number[] = [];
  const scanSql = 'SELECT count(*), sum("net") FROM "Trade" WHERE "userId" = $1 AND "accountId" = $2';
  // The summary of the seeding's zone dropped, so the first read builds it again: its cost, measured once.
  await db.prisma.$executeRawUnsafe('DELETE FROM "TradeStatsSummary" WHERE "accountId" = $1', accountId);
  const firstStart = process.hrtime.bigint();
  const built = await services.trades.stats(caller, statsInput);
  const firstRead = Number(process.hrtime.bigint() - firstStart) / 1e6;
  const lives: number[] = [];
  for (let i = 0; i < LIVE_ROUNDS; i++) {
    const start = process.hrtime.bigint();
    const live = await readTradeStats(db, caller, statsInput);
    lives.push(Number(process.hrtime.bigint() - start) / 1e6);
    // The live statement answers the figures the summary keeps; the answer adds what is read beside it (by setup, the
    // R-multiple histogram), so only the live statement's own fields are compared.
    const keptPart = Object.fromEntries(Object.keys(live).map((key) => [key, (built as Record<string, unknown>)[key]]));
    if (JSON.stringify(live) !== JSON.stringify(keptPart)) throw new Error('the kept stats differ from the live computation');
  }
  for (let i = 0; i < STATS_ROUNDS; i++) {
    const start = process.hrtime.bigint();
    const answer = await services.trades.stats(caller, statsInput);
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (answer.overall.count !== POSITIONS) throw new Error(`stats counted ${answer.overall.count} of ${POSITIONS} positions`);
    const scanStart = process.hrtime.bigint();
    await db.driverQuery(scanSql, [caller.userId, accountId]);
    scans.push(Number(process.hrtime.bigint() - scanStart) / 1e6);
  }
  return { stats: summarize('get_trade_stats', durations), firstRead, live: summarize('live', lives), scan: summarize('one scan', scans) };
}

/** The calendar read alone vs the curve it came with before, alternating call by call; their days must be equal. */
async function calendarBench(db: Database, caller: Caller, accountId: string): Promise<NonNullable<TargetResult['calendar']>> {
  const services = createDomainServices(db);
  const input = await parseInput(TradeCurveInput, { accountId });
  const alone: number[] = [];
  const curve: number[] = [];
  const time = async <T>(into: number[] | null, run: () => Promise<T>): Promise<T> => {
    const start = process.hrtime.bigint();
    const answer = await run();
    into?.push(Number(process.hrtime.bigint() - start) / 1e6);
    return answer;
  };
  let days = 0;
  // Round 0 warms both up and is not counted; then alternate which goes first.
  for (let i = 0; i <= CALENDAR_ROUNDS; i++) {
    const calendarCall = () => time(i === 0 ? null : alone, () => services.trades.calendar(caller, input));
    const curveCall = () => time(i === 0 ? null : curve, () => services.trades.curve(caller, input));
    const [calendar, before] = i % 2 === 0 ? [await calendarCall(), await curveCall()] : [undefined, await curveCall()];
    const answer = calendar ?? (await calendarCall());
    if (JSON.stringify(answer.days) !== JSON.stringify(before.days)) throw new Error("the calendar differs from the curve's days");
    if (answer.days.reduce((sum, d) => sum + d.count, 0) !== POSITIONS) throw new Error('the calendar lost trades');
    days = answer.days.length;
  }
  return { alone: summarize('calendar', alone), curve: summarize('curve', curve), days };
}

const ms = (v: number) => v.toFixed(2);

/**
 * The largest MT5 report the import accepts: a deposit, then positions of 0.10 lots (a buy in, a sell out 30 minutes
 * later, ±2.50) every 10 minutes back from 2026-11-20, as many as fit under MAX_STATEMENT_BYTES.
 */
export function largestReport(login: string): { bytes: Uint8Array; positions: number } {
  const build = (count: number): Uint8Array => {
    const deals: ReportDeal[] = [{ time: '2020.01.01 00:00:00', profit: '100000.00' }];
    const end = Date.UTC(2026, 10, 20, 12);
    const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', '.');
    for (let i = 0; i < count; i++) {
      const opened = end - (count - i) * 600_000;
      const symbol = SYMBOLS[i % SYMBOLS.length] ?? 'EURUSD';
      deals.push({
        time: at(opened),
        profit: '0.00',
        trade: { symbol, type: 'buy', direction: 'in', volume: '0.10', price: '1.08000', order: String(2 * i + 10) },
      });
      deals.push({
        time: at(opened + 1_800_000),
        profit: i % 3 === 0 ? '-2.50' : '2.50',
        trade: { symbol, type: 'sell', direction: 'out', volume: '0.10', price: '1.08250', order: String(2 * i + 11) },
      });
    }
    return mt5Report(deals, { login, writtenAt: '2026.11.20 13:00' });
  };
  // The size grows linearly with the count: measure one, scale, then step down until it fits.
  const probe = build(1_000).length;
  let count = Math.floor((MAX_STATEMENT_BYTES / probe) * 1_000);
  let bytes = build(count);
  while (bytes.length > MAX_STATEMENT_BYTES) {
    count -= Math.ceil(((bytes.length - MAX_STATEMENT_BYTES) / probe) * 1_000) + 1;
    bytes = build(count);
  }
  return { bytes, positions: count };
}

interface ImportResult {
  bytes: number;
  positions: number;
  days: number;
  imported: Stats;
  parsed: Stats;
}

/** The 5 MiB report through the built server (a fresh embedded database), alternating with its pure parse here. */
async function importBench(): Promise<ImportResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-trades-'));
  const logFile = join(dir, 'server.log');
  const server = await startServer('server', SERVER_ENTRY, { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, { logFile });
  try {
    const key = /eakey_[A-Za-z0-9]+/.exec(readFileSync(logFile, 'utf8'))?.[0];
    if (!key) throw new Error('the local owner key was not printed');
    const login = '7000001';
    const { bytes, positions } = largestReport(login);
    const content = Buffer.from(bytes).toString('base64');
    // A new connection per request (agent: false): the server closes an idle keep-alive socket after a few seconds,
    // and one closed while this process parsed was reused for the next 7 MB body and failed with EPIPE.
    const call = (path: string, body: unknown): Promise<Record<string, unknown>> =>
      new Promise((done, fail) => {
        const payload = JSON.stringify(body);
        const req = request(
          `${server.base}/api/v1${path}`,
          {
            method: 'POST',
            agent: false,
            headers: {
              'user-agent': 'propfolio-bench/1.0',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              authorization: `Bearer ${key}`,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if ((res.statusCode ?? 500) >= 300) fail(new Error(`${path} answered ${String(res.statusCode)}: ${text.slice(0, 300)}`));
              else done(JSON.parse(text) as Record<string, unknown>);
            });
            res.on('error', fail);
          },
        );
        req.on('error', fail);
        req.end(payload);
      });
    const imported: number[] = [];
    const parsed: number[] = [];
    let days = 0;
    // Round 0 warms both up (the server's pool children, this process's reader) and is not counted.
    for (let round = 0; round <= IMPORT_ROUNDS; round++) {
      const account = await call('/accounts', { login, server: `Bench-${round}`, currency: 'USD', initialBalance: 100000 });
      const parse = () => {
        const start = process.hrtime.bigint();
        if (readStatement(bytes).positions.length !== positions) throw new Error('the parse lost positions');
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const load = async () => {
        const start = process.hrtime.bigint();
        const answer = await call(`/accounts/${String(account.id)}/statements`, { content });
        const took = Number(process.hrtime.bigint() - start) / 1e6;
        const trades = answer.trades as { created: number } | undefined;
        if (trades?.created !== positions) throw new Error(`the import created ${String(trades?.created)} of ${positions} trades`);
        days = Number(answer.daysTotal);
        return took;
      };
      // Alternate which goes first, so neither always runs on the machine the other just left.
      const [a, b] = round % 2 === 0 ? [parse(), await load()] : [await load(), parse()];
      if (round === 0) continue;
      parsed.push(round % 2 === 0 ? a : b);
      imported.push(round % 2 === 0 ? b : a);
    }
    return { bytes: bytes.length, positions, days, imported: summarize('import', imported), parsed: summarize('parse', parsed) };
  } catch (error) {
    // What the server said is the useful half of a failed run, and its directory is removed below.
    console.log(readFileSync(logFile, 'utf8').slice(-3000));
    throw error;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  const importing = process.env.TRADES_IMPORT_ROUNDS === '0' ? null : await importBench();
  let ok = true;
  if (importing) {
    const ratio = importing.imported.p50Ms / importing.parsed.p50Ms;
    ok &&= ratio <= IMPORT_RATIO_TARGET;
    console.log(
      `\n## A ${(importing.bytes / 1024 / 1024).toFixed(2)} MiB MT5 report (${importing.positions.toLocaleString('en')} positions, ${importing.days} days) imported through the built server vs its pure parse (target ≤ ${IMPORT_RATIO_TARGET}×)`,
    );
    console.log('| rounds | import p50 ms | import p99 ms | parse p50 ms | parse p99 ms | p50 ratio |');
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| ${importing.imported.samples} | ${ms(importing.imported.p50Ms)} | ${ms(importing.imported.p99Ms)} | ${ms(importing.parsed.p50Ms)} | ${ms(importing.parsed.p99Ms)} | ${ratio.toFixed(2)} |`,
    );
  }
  console.log(
    `\n## list_trades vs the same SQL bare, ${POSITIONS.toLocaleString('en')} positions on one account (load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log('| target | page | service p50 | service p99 | bare p50 | bare p99 | p99 ratio (target ≤ 2) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    if (!r.list) continue;
    for (const [page, pair] of [
      ['first', r.list.first],
      ['60,000 deep', r.list.deep],
    ] as const) {
      const ratio = pair.service.p99Ms / pair.bare.p99Ms;
      ok &&= ratio <= LIST_RATIO_TARGET;
      console.log(
        `| ${r.target} | ${page} | ${ms(pair.service.p50Ms)} | ${ms(pair.service.p99Ms)} | ${ms(pair.bare.p50Ms)} | ${ms(pair.bare.p99Ms)} | ${ratio.toFixed(2)} |`,
      );
    }
  }
  console.log(`\n## get_trade_stats over ${POSITIONS.toLocaleString('en')} positions (target < ${STATS_TARGET_MS} ms), and seeding`);
  console.log(
    `| target | samples | p50 ms | p99 ms | first read for the zone (builds) ms | live computation p50 ms | one plain scan p50 ms (count, sum) | seeding (positions/s, batches of 1,000, ${KEEP_WHILE_SEEDING ? 'summary kept' : 'no summary'}) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const seeding = Math.round(r.seedPerSecond).toLocaleString('en');
    if (!r.stats) {
      console.log(`| ${r.target} | – | – | – | – | – | – | ${seeding} |`);
      continue;
    }
    ok &&= r.stats.stats.p99Ms < STATS_TARGET_MS;
    console.log(
      `| ${r.target} | ${r.stats.stats.samples} | ${ms(r.stats.stats.p50Ms)} | ${ms(r.stats.stats.p99Ms)} | ${ms(r.stats.firstRead)} | ${ms(r.stats.live.p50Ms)} | ${ms(r.stats.scan.p50Ms)} | ${seeding} |`,
    );
  }
  console.log(
    `\n## The trade calendar over ${POSITIONS.toLocaleString('en')} positions (target < ${CALENDAR_TARGET_MS} ms): alone vs with the curve (before) (load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log('| target | firm days | samples | calendar alone p50 ms | p99 ms | get_trade_curve p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    if (!r.calendar) continue;
    ok &&= r.calendar.alone.p50Ms < CALENDAR_TARGET_MS;
    const { alone, curve, days } = r.calendar;
    console.log(
      `| ${r.target} | ${days} | ${alone.samples} | ${ms(alone.p50Ms)} | ${ms(alone.p99Ms)} | ${ms(curve.p50Ms)} | ${ms(curve.p99Ms)} |`,
    );
  }
  return ok;
}
