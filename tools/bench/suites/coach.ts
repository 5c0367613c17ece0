/**
 * `npm run bench -- coach`: the challenge coach's two costs of issue 26 item 5.
 *
 * (a) Simulation: `simulateChallenge` with 10,000 paths × 60 days (stationary block bootstrap, fixed seed)
 *     on a realistic 40-day series and FTMO-like rules, timed inside a worker thread (the service runs it
 *     on its CPU pool), alternating call by call with `bareLoopBaseline(10000, 60, seed)` (the same PRNG
 *     and loop with no rules) in the same worker; also the round trip through the CPU pool's child process
 *     (libs/domain/src/workers), which is what a request waits for. Target: under
 *     100 ms of worker time.
 * (b) Headroom: the built server without the answer cache (ANSWER_CACHE_ENTRIES=0) answering
 *     `GET /challenges/:id/headroom` against `GET /accounts/:id/daily-pnl` (one uncached read of the same
 *     account's data) on the same seeded data: a challenge on the FTMO 2-Step 100k plan, one account with
 *     60 daily reports and a few intraday snapshots today. Alternating read, headroom, headroom, read at 64
 *     connections. Target: headroom costs no more than that one read (ratio ≥ ~1).
 *
 * Env: BENCH_SECONDS (5), BENCH_CONNECTIONS (64), BENCH_TARGETS (pglite,postgres), BENCH_DATABASE_URL or
 * TEST_DATABASE_URL for PostgreSQL, COACH_ROUNDS (simulation calls measured, 30), BENCH_SERVER_ENTRY.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createCpuPool } from '@propfolio/domain/workers';
import { Xoshiro128, type SimulationInput } from '@propfolio/coach';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { summarize, type Stats } from '../harness.ts';
import { benchDatabase } from '../http/bench-database.ts';
import { CONNECTIONS, runLoad, SECONDS, type LoadResult, type RouteSpec } from '../http/load.ts';
import { machineLine } from '../http/report.ts';
import { startServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const PATHS = 10_000;
const DAYS = 60;
const SEED = 20_260_101;
const TARGET_MS = 100;

/**
 * 40 trading days of a plausible challenge trader, in % of the initial balance: mostly small days, a few
 * flat ones, a couple of bad ones, a slight edge (deterministic: xoshiro128** from a fixed seed).
 */
export function realisticSeries(days = 40): number[] {
  const rng = new Xoshiro128(7);
  rng.reseed(7, 0);
  return Array.from({ length: days }, (_, i) => {
    if (i % 9 === 4) return 0; // no trading that day
    const u = rng.next() + rng.next() + rng.next() - 1.5; // about normal, sd 0.5
    const tail = i % 13 === 7 ? -1.8 : 0; // an occasional bad day
    return Math.round((0.18 + 1.6 * u + tail) * 100) / 100;
  });
}

export function simulationInput(): SimulationInput {
  return {
    state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
    // FTMO 2-Step phase 1: 10 % target, 5 % daily from the day's start, 10 % static maximum, 4 trading days.
    rules: {
      targetPercent: 10,
      dailyLossPercent: 5,
      dailyLossBasis: 'day_start_balance',
      dailyLossAmountOf: 'initial_balance',
      maxLossPercent: 10,
      maxLossType: 'static',
      minTradingDays: 4,
    },
    dailyPnlPercent: realisticSeries(),
    method: 'block',
    blockDays: 5,
    paths: PATHS,
    seed: SEED,
    horizonDays: DAYS,
  };
}

interface WorkerTimes {
  simulation: number[];
  bare: number[];
  passProbability: number;
}

/** The simulation and the bare loop, alternating in one worker thread running the coach's source through tsx. */
async function timeInWorker(rounds: number): Promise<WorkerTimes> {
  // tsx's loader registered from inside the worker (a Worker's execArgv --import does not reach its entry on Node 20).
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('../coach/sim-worker.ts', import.meta.url).href;
  const worker = new Worker(`import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
    eval: true,
    workerData: { input: simulationInput(), paths: PATHS, days: DAYS, seed: SEED, warmup: 5, rounds },
  });
  return new Promise((resolvePromise, reject) => {
    worker.once('message', (m: WorkerTimes) => {
      resolvePromise(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Round trips through the service's CPU pool (one child process), as SimulationService sends them (structured clone both ways). */
async function timeThroughPool(rounds: number): Promise<number[] | null> {
  const pool = createCpuPool({ workers: 1, queueLimit: 1, jobTimeoutMs: 60_000 });
  const member = { caller: { userId: 'bench', userName: 'bench', credentialId: 'key:bench', scope: 'full' as const } };
  try {
    const input = simulationInput();
    const times: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const t0 = performance.now();
      await pool.run({ kind: 'simulate', input }, member);
      if (i >= 5) times.push(performance.now() - t0);
    }
    return times;
  } catch (error) {
    console.log(`(pool round trip skipped: ${String(error)})`);
    return null;
  } finally {
    await pool.close();
  }
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

function printSimulation(sim: Stats, bare: Stats, pool: Stats | null, passProbability: number): void {
  console.log(`\n## Simulation: ${PATHS.toLocaleString('en')} paths × ${DAYS} days, block bootstrap on 40 days, seed ${SEED}`);
  console.log('| case | calls | p50 ms | p95 ms | mean ms | ratio to bare loop (p50) | target |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(
    `| bareLoopBaseline(${PATHS}, ${DAYS}, seed), worker thread | ${bare.samples} | ${ms(bare.p50Ms)} | ${ms(bare.p95Ms)} | ${ms(bare.meanMs)} | 1.00 | |`,
  );
  const met = sim.p95Ms < TARGET_MS;
  console.log(
    `| simulateChallenge, worker thread | ${sim.samples} | ${ms(sim.p50Ms)} | ${ms(sim.p95Ms)} | ${ms(sim.meanMs)} | ${(sim.p50Ms / bare.p50Ms).toFixed(2)} | ${met ? 'met' : 'NOT met'} (< ${TARGET_MS} ms at p95) |`,
  );
  if (pool)
    console.log(
      `| simulateChallenge through the CPU pool's child process (round trip) | ${pool.samples} | ${ms(pool.p50Ms)} | ${ms(pool.p95Ms)} | ${ms(pool.meanMs)} | ${(pool.p50Ms / bare.p50Ms).toFixed(2)} | ${pool.p95Ms < TARGET_MS ? 'met' : 'NOT met'} |`,
    );
  console.log(`pass probability of the simulated series: ${(passProbability * 100).toFixed(1)} %.`);
}

interface HeadroomSeed {
  key: string;
  challengeId: string;
  accountId: string;
}

/**
 * A key made through the domain (before the server holds the database), then the rest over HTTP on the
 * running server, so that snapshots fall on the plan's own firm days (the server has the catalog).
 */
export async function seedHeadroom(base: string, key: string): Promise<Omit<HeadroomSeed, 'key'>> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const post = async (path: string, body: object): Promise<Record<string, unknown>> => {
    const res = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const challenge = await post('/challenges', {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    planId: 'ftmo-2-step-100000',
    phase: 'Phase 1',
    purchasedAt: day(-70),
  });
  const challengeId = (challenge.challenge as { id?: string } | undefined)?.id ?? (challenge.id as string);
  const account = await post('/accounts', {
    login: `7${Date.now() % 1_000_000}`,
    server: 'FTMO-Server',
    currency: 'USD',
    initialBalance: 100_000,
    challengeId,
  });
  const accountId = account.id as string;
  let balance = 100_000;
  const series = realisticSeries(60);
  for (let d = 60; d >= 1; d--) {
    const closedPnl = Math.round((series[60 - d] ?? 0) * 1000) / 10; // 1 % = 1,000 USD, scaled down to a tenth
    balance = Math.round((balance + closedPnl) * 100) / 100;
    await post(`/accounts/${accountId}/reports`, { date: day(-d), balance, equity: balance - 12.5, closedPnl });
  }
  const now = Date.now();
  for (const [hoursAgo, dip] of [
    [3, 150],
    [2, 420],
    [1, 90],
  ] as const) {
    await post(`/accounts/${accountId}/snapshots`, {
      at: new Date(now - hoursAgo * 3_600_000).toISOString(),
      balance,
      equity: balance - dip,
    });
  }
  return { challengeId, accountId };
}

interface HeadroomRun {
  name: string;
  read: LoadResult;
  headroom: LoadResult;
}

async function benchHeadroom(
  name: string,
  env: Record<string, string>,
  target: { databaseUrl?: string; dataDir?: string },
  workDir: string,
): Promise<HeadroomRun> {
  const logFile = join(workDir, `${name}.log`);
  const serverEnv = { ...env, ANSWER_CACHE_ENTRIES: '0' };
  await (await startServer(name, SERVER_ENTRY, serverEnv, { logFile })).stop(); // migrations and the catalog
  const db = await openDatabase(target);
  let key: string;
  try {
    key = (await createDomainServices(db).keys.createKey(`coach-${Date.now().toString(36)}`, 'bench')).key;
  } finally {
    await db.close();
  }
  const server = await startServer(name, SERVER_ENTRY, serverEnv, { logFile });
  try {
    const { challengeId, accountId } = await seedHeadroom(server.base, key);
    const auth = { authorization: `Bearer ${key}` };
    const read: RouteSpec = {
      label: 'GET /accounts/:id/daily-pnl?days=90',
      kind: 'read',
      path: `/api/v1/accounts/${accountId}/daily-pnl?days=90`,
      headers: auth,
    };
    const headroom: RouteSpec = {
      label: 'GET /challenges/:id/headroom',
      kind: 'read',
      path: `/api/v1/challenges/${challengeId}/headroom`,
      headers: auth,
    };
    const check = await fetch(`${server.base}${headroom.path}`, { headers: auth });
    const body = (await check.json()) as { status?: string; accounts?: unknown[] };
    if (check.status !== 200 || body.accounts?.length !== 1)
      throw new Error(`headroom answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    // Alternating, read first and last: read, headroom, headroom, read.
    const r1 = await runLoad(server.base, read);
    const h1 = await runLoad(server.base, headroom);
    const h2 = await runLoad(server.base, headroom);
    const r2 = await runLoad(server.base, read);
    const mean = (a: LoadResult, b: LoadResult): LoadResult => ({
      ...a,
      rps: (a.rps + b.rps) / 2,
      p50: (a.p50 + b.p50) / 2,
      p99: Math.max(a.p99, b.p99),
      failures: a.failures + b.failures,
      total: a.total + b.total,
    });
    process.stderr.write(
      `  ${name}: read ${r1.rps.toFixed(0)}/${r2.rps.toFixed(0)}, headroom ${h1.rps.toFixed(0)}/${h2.rps.toFixed(0)} req/s\n`,
    );
    return { name, read: mean(r1, r2), headroom: mean(h1, h2) };
  } finally {
    await server.stop();
  }
}

function printHeadroom(runs: HeadroomRun[]): void {
  console.log('\n## Headroom against one uncached read of the account (ANSWER_CACHE_ENTRIES=0, alternating)');
  console.log('| database | daily-pnl req/s | p99 ms | headroom req/s | p99 ms | headroom / read | target (≥ ~1) |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of runs) {
    const ratio = r.read.rps > 0 ? r.headroom.rps / r.read.rps : 0;
    const verdict = ratio >= 1 ? 'met' : ratio >= 0.9 ? 'within the ±0.1 run-to-run margin' : 'NOT met';
    console.log(
      `| ${r.name} | ${r.read.rps.toFixed(0)} | ${r.read.p99.toFixed(0)} | ${r.headroom.rps.toFixed(0)} | ${r.headroom.p99.toFixed(0)} | ${ratio.toFixed(2)} | ${verdict} |`,
    );
    for (const x of [r.read, r.headroom])
      if (x.failures > 0) console.log(`WARNING ${r.name} ${x.label}: ${x.failures} of ${x.total} answers failed`);
  }
}

export default async function run(): Promise<void> {
  console.log(
    `\n${machineLine()}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
  const rounds = Number(process.env.COACH_ROUNDS ?? 30);
  const times = await timeInWorker(rounds);
  const poolTimes = await timeThroughPool(rounds);
  printSimulation(
    summarize('simulateChallenge', times.simulation),
    summarize('bareLoopBaseline', times.bare),
    poolTimes ? summarize('pool', poolTimes) : null,
    times.passProbability,
  );

  const workDir = mkdtempSync(join(tmpdir(), 'propfolio-coach-'));
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  const runs: HeadroomRun[] = [];
  console.log(`\nHeadroom: autocannon ${CONNECTIONS} connections, ${SECONDS} s per run after 1 s warm-up.`);
  try {
    if (wanted.includes('pglite')) {
      const dataDir = join(workDir, 'data');
      runs.push(await benchHeadroom('embedded PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { dataDir }, workDir));
    }
    if (wanted.includes('postgres')) {
      const postgres = await benchDatabase();
      if (!postgres) console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
      else {
        try {
          runs.push(await benchHeadroom('PostgreSQL', { DATABASE_URL: postgres.url }, { databaseUrl: postgres.url }, workDir));
        } finally {
          await postgres.release();
        }
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  printHeadroom(runs);
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
}
