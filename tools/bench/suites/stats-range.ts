/**
 * `npm run bench -- stats-range` (issue 40): does get_trade_stats over a close window (`from`, varied call by call, so
 * no answer cache helps) stall `/healthz` when the database runs inside the process (PGlite)?
 *
 * One account with RANGE_POSITIONS (70,000) closed positions, one every 5 minutes from 2020-01-01. This process
 * serves `/healthz` (the app's own route, healthRoutes) on a loopback port, and a child process requests it every
 * 20 ms on a new connection and times each answer from outside (its own event loop, so a stall of this one shows as
 * a slow answer there).
 *
 * First the account's summary is built for the zone (timed: the first read of a zone builds it), then its day rows
 * by a first window read (timed, /healthz probed meanwhile: they are built a slice of trades a statement), then the
 * reads alone (no probe: serving it takes this process's time too), RANGE_ROUNDS varied windows, each read
 * both ways alternately, the answers compared: the one-statement live read (readTradeStats, what a window read ran
 * before issue 40) and the service's read (get_trade_stats: the window's whole days from the summary's day rows, its
 * partial days at the edges in slices). Then three phases while the child requests, the reads one after another with
 * a turn of the event loop between two (as between two requests):
 *
 * 1. idle: the anchor;
 * 2. before: the windows read by the one-statement live read;
 * 3. after: the same windows read by the service.
 *
 * The windows: `from` at a random minute of the first 30 days (so each covers 55,000–70,000 trades), every third one
 * also with a `to`, on local midnights of the trader's zone every sixth. Prints, per target, /healthz p50/p99/max per
 * phase and p99 as a multiple of idle's, and the reads' own p50 (without the probe). Target: /healthz p99 under 100 ms during "after" on
 * PGlite. Targets: PGlite always, PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database of
 * its own beside it, dropped at the end; created here rather than with @propfolio/db/testing, which needs Jest).
 * Env: BENCH_TARGETS (pglite,postgres), RANGE_POSITIONS (70000), RANGE_ROUNDS (12), RANGE_SEED (1).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import express from 'express';
import { parseInput, type Caller } from '@propfolio/core';
import { openDatabase, type Database } from '@propfolio/db';
import {
  createDomainServices,
  readTradeStats,
  prepareBatch,
  storePositions,
  TradeStatsInput,
  type PositionRecord,
} from '@propfolio/domain';
import { healthRoutes } from '@propfolio/http';
import pg from 'pg';
import { summarize, type Stats } from '../harness.ts';
import { machineLine } from '../http/report.ts';

const POSITIONS = Number(process.env.RANGE_POSITIONS ?? 70_000);
const ROUNDS = Number(process.env.RANGE_ROUNDS ?? 12);
const HEALTH_TARGET_MS = 100;
const BATCH = 1000;
const START = Date.UTC(2020, 0, 1);
const ZONE = 'Asia/Tokyo';
const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'US30', 'NAS100', 'GBPJPY', 'AUDUSD'];

/** Position `i`: opened every 5 minutes from 2020, held 7 to 187 minutes, a mix of results (as the trades suite). */
function positionAt(i: number): PositionRecord {
  const opened = START + i * 300_000;
  const profit = ((i * 7919) % 400) - 180 + (i % 11 === 0 ? 0 : 0.5);
  return {
    position: String(10_000_000 + i),
    symbol: SYMBOLS[i % SYMBOLS.length] ?? 'EURUSD',
    side: i % 3 === 0 ? 'sell' : 'buy',
    volume: '0.10',
    openedAt: new Date(opened),
    closedAt: new Date(opened + (7 + (i % 181)) * 60_000),
    openPrice: '1.08312',
    closePrice: '1.08455',
    stopLoss: null,
    takeProfit: null,
    commission: '-3.50',
    swap: '0',
    fee: '0',
    profit: profit.toFixed(2),
    comment: null,
    magic: '0',
    mae: i % 4 === 0 ? null : (-(i % 90) - 1).toFixed(2),
    mfe: i % 4 === 0 ? null : ((i % 120) + 1).toFixed(2),
    exits: [],
  };
}

async function seed(db: Database): Promise<{ caller: Caller; accountId: string }> {
  const user = await db.prisma.user.create({ data: { name: `bench-stats-range-${Date.now()}` } });
  const caller: Caller = { userId: user.id, userName: user.name, credentialId: 'key:bench', scope: 'full' };
  const account = await db.prisma.eaAccount.create({
    data: {
      userId: user.id,
      login: '9000002',
      server: 'Bench-Live',
      currency: 'USD',
      initialBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
    },
  });
  for (let from = 0; from < POSITIONS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, POSITIONS - from) }, (_, k) => positionAt(from + k));
    const prepared = await prepareBatch(batch);
    await db.prisma.$transaction((tx) => storePositions(tx, account.id, prepared));
  }
  await db.driverQuery('ANALYZE "Trade"');
  return { caller, accountId: account.id };
}

/** A deterministic pseudo-random sequence (mulberry32), so both phases and every run read the same windows. */
function random(seedValue: number): () => number {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function windows(): { from: string; to?: string }[] {
  const next = random(Number(process.env.RANGE_SEED ?? 1));
  const span = POSITIONS * 300_000;
  // Tokyo has no daylight saving: its midnights are 15:00 UTC.
  const tokyoMidnight = (day: number) => START + day * 86_400_000 - 9 * 3_600_000;
  return Array.from({ length: ROUNDS }, (_, i) => {
    const day = Math.floor(next() * 30);
    const from = i % 6 === 5 ? tokyoMidnight(day) : START + Math.floor(next() * 30 * 1440) * 60_000;
    const to = i % 6 === 5 ? tokyoMidnight(day + 200) : START + span - Math.floor(next() * 5 * 1440) * 60_000;
    return { from: new Date(from).toISOString(), ...(i % 3 === 2 ? { to: new Date(to).toISOString() } : {}) };
  });
}

/**
 * The child that requests /healthz every 20 ms, a new connection each time (as a load balancer's check), until its
 * stdin closes, then prints each answer's milliseconds. Its first request (loading fetch) is not counted: it says
 * `ready` after it.
 */
const PROBE = `
const url = process.argv[1];
const times = [];
let stop = false;
process.stdin.on('data', () => {});
process.stdin.on('end', () => { stop = true; });
const once = async () => {
  const res = await fetch(url, { headers: { connection: 'close' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('healthz answered ' + res.status);
};
(async () => {
  await once();
  process.stdout.write('ready\\n');
  while (!stop) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  process.stdout.write(JSON.stringify(times));
})();
`;

interface Health {
  probes: number;
  p50: number;
  p99: number;
  max: number;
}

/** /healthz timed from a child process (its own event loop: a stall of this one shows as a slow answer there) while `work` runs. */
async function probeDuring(url: string, work: () => Promise<void>): Promise<Health> {
  const child = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done, fail) =>
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`the probe exited with ${String(code)}`)))),
  );
  let output = '';
  const ready = new Promise<void>((done) =>
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.startsWith('ready\n')) done();
    }),
  );
  await ready;
  await work();
  child.stdin.end();
  await exited;
  const times = JSON.parse(output.slice('ready\n'.length)) as number[];
  const stats = summarize('healthz', times);
  return { probes: times.length, p50: stats.p50Ms, p99: stats.p99Ms, max: Math.max(...times) };
}

/** One turn of the event loop between two reads, as between two requests: the probe's requests are served there. */
const nextRequest = () => new Promise<void>((r) => setImmediate(r));

interface TargetResult {
  target: string;
  /** The zone's first read, which builds the summary. */
  buildMs: number;
  /** The first window read, which builds the day rows in slices, and /healthz meanwhile. */
  daysBuildMs: number;
  daysBuild: Health;
  idle: Health;
  before: Health;
  after: Health;
  beforeRead: Stats;
  afterRead: Stats;
}

async function runTarget(target: string, options: Parameters<typeof openDatabase>[0]): Promise<TargetResult> {
  const db = await openDatabase(options);
  const app = express();
  app.use(healthRoutes(db));
  const server: Server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  try {
    const { caller, accountId } = await seed(db);
    const services = createDomainServices(db);
    const inputs = await Promise.all(windows().map((w) => parseInput(TradeStatsInput, { accountId, timeZone: ZONE, ...w })));
    // The zone's first read builds the summary and its day rows (one statement, not sliced): timed apart.
    const buildStart = performance.now();
    await services.trades.stats(caller, await parseInput(TradeStatsInput, { accountId, timeZone: ZONE }));
    const buildMs = performance.now() - buildStart;
    // The first window read builds the summary's day rows (back to the window's first whole day), a slice of trades a
    // statement: /healthz probed meanwhile.
    let daysBuildMs = 0;
    const daysBuild = await probeDuring(url, async () => {
      const start = performance.now();
      await services.trades.stats(
        caller,
        await parseInput(TradeStatsInput, { accountId, timeZone: ZONE, from: new Date(START).toISOString() }),
      );
      daysBuildMs = performance.now() - start;
    });
    // The reads alone first, alternating call by call (no probe: serving it takes this process's time too), each
    // sliced answer checked against the one-statement one.
    const beforeTimes: number[] = [];
    const afterTimes: number[] = [];
    const timed = async <T>(into: number[], read: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const answer = await read();
      into.push(performance.now() - start);
      return answer;
    };
    for (const [i, input] of inputs.entries()) {
      const live = async () => JSON.stringify(await timed(beforeTimes, () => readTradeStats(db, caller, input)));
      const kept = async () => JSON.stringify(await timed(afterTimes, () => services.trades.stats(caller, input)));
      // Alternate which goes first, so neither always runs on the other's warm cache.
      const answers = i % 2 === 0 ? [await live(), await kept()] : [await kept(), await live()];
      if (answers[0] !== answers[1]) throw new Error(`window ${JSON.stringify(input)}: the service's read differs from the live one`);
    }
    // Then /healthz while the same windows are read back to back, one way and then the other.
    const idle = await probeDuring(url, () => new Promise<void>((r) => setTimeout(r, 3000)));
    const before = await probeDuring(url, async () => {
      for (const input of inputs) {
        await nextRequest();
        await readTradeStats(db, caller, input);
      }
    });
    const after = await probeDuring(url, async () => {
      for (const input of inputs) {
        await nextRequest();
        await services.trades.stats(caller, input);
      }
    });
    return {
      target,
      buildMs,
      daysBuildMs,
      daysBuild,
      idle,
      before,
      after,
      beforeRead: summarize('before', beforeTimes),
      afterRead: summarize('after', afterTimes),
    };
  } finally {
    await new Promise((done) => server.close(done));
    await db.close();
  }
}

/** A new database beside the one BENCH_DATABASE_URL or TEST_DATABASE_URL names, or null when neither is set. */
async function scratchDatabase(): Promise<{ url: string; release(): Promise<void> } | null> {
  const named = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!named) return null;
  const name = `pf_bench_range_${String(process.pid)}`;
  const admin = new pg.Client({ connectionString: named });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: Object.assign(new URL(named), { pathname: `/${name}` }).href,
    release: async () => {
      const drop = new pg.Client({ connectionString: named });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

const ms = (v: number) => v.toFixed(1);

export default async function statsRangeBench(): Promise<boolean> {
  console.log(machineLine());
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  const targets: [string, Parameters<typeof openDatabase>[0]][] = wanted.includes('pglite') ? [['pglite', { memory: true }]] : [];
  const scratch = wanted.includes('postgres') ? await scratchDatabase() : null;
  if (scratch) targets.push(['postgres', { databaseUrl: scratch.url }]);
  const results: TargetResult[] = [];
  try {
    for (const [name, options] of targets) results.push(await runTarget(name, options));
  } finally {
    await scratch?.release();
  }
  let ok = true;
  console.log(
    `\n## /healthz while get_trade_stats reads ${ROUNDS} varied windows over ${POSITIONS.toLocaleString('en')} positions (target: p99 < ${HEALTH_TARGET_MS} ms after, on PGlite; load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log('| target | phase | /healthz probes | p50 ms | p99 ms | max ms | p99 ÷ idle p99 | window read p50 ms (no probe) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    if (r.target === 'pglite') ok &&= r.after.p99 < HEALTH_TARGET_MS;
    for (const [phase, health, read] of [
      ['idle', r.idle, null],
      ['before (one statement)', r.before, r.beforeRead],
      ['after (kept days, edges in slices)', r.after, r.afterRead],
      ['first window read (builds the day rows)', r.daysBuild, null],
    ] as const) {
      console.log(
        `| ${r.target} | ${phase} | ${health.probes} | ${ms(health.p50)} | ${ms(health.p99)} | ${ms(health.max)} | ${(health.p99 / r.idle.p99).toFixed(1)} | ${read ? ms(read.p50Ms) : '–'} |`,
      );
    }
  }
  for (const r of results) {
    console.log(
      `${r.target}: the zone's first read (builds the summary) ${ms(r.buildMs)} ms; the first window read (builds the day rows) ${ms(r.daysBuildMs)} ms`,
    );
  }
  return ok;
}
