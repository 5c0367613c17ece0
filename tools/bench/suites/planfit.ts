/**
 * `npm run bench -- planfit` (issue 43): replay_plans' cost, a year of a trader's days replayed under every catalog
 * plan for every start date of the year (365 start dates × every plan), against an anchor measured in the same run,
 * alternating call by call: the coach suite's subject, `simulateChallenge` at 10,000 paths × 60 days in process (its
 * target is 100 ms), so the ratio stays comparable across machines.
 *
 * Per database (PGlite in memory; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, a scratch
 * database beside it), with the catalog imported, the service's replay (PlanFitService.replay: the plans the filter
 * keeps and their rule versions read from the database, the history sent with the request) run two ways:
 *
 * (a) in process (the domain's default replayer);
 * (b) through the CPU pool's child process (kind `replay`), what a request waits for: the plans' rules and the
 *     history sent over IPC, every start date's outcome sent back.
 *
 * Target: under 1 s (p95) for (b). The history is seeded (weekdays move by up to ±1.2 % with a dip of up to 2 %,
 * weekends flat), as in libs/catalog/test/replays.spec.ts. Env: BENCH_TARGETS (pglite,postgres), PLANFIT_ROUNDS (10).
 * Not measured here: a tracked history read from the database.
 *
 * fit_plans (PlanFitService.fit): every catalog plan at 10,000 paths from a 40-day series (the coach suite's), at the
 * current risk and over the risk-scale search, in process and through the pool (two children: a signed-in caller's
 * plans are shared between two jobs). Target: under 3 s (p95) through the pool. Env: FIT_ROUNDS (5).
 *
 * Other callers meanwhile: this process serves `/healthz` (the app's own route) on a loopback port, probed from a child
 * process (tools/chaos/healthz-probe.ts) while the pooled calls run back to back, each answer serialised as the HTTP
 * layer would (idle first, as the anchor). What a request's own thread does around the pool shows there: the plans'
 * rules read and sent, the answer received and ranked. Target: /healthz p99 under 100 ms during each.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import express from 'express';
import { simulateChallenge, Xoshiro128 } from '@propfolio/coach';
import { CatalogService, importCatalog } from '@propfolio/catalog';
import { openDatabase } from '@propfolio/db';
import { createDomainServices, type FitPlansInput, type ReplayPlansInput } from '@propfolio/domain';
import { createCpuPool } from '@propfolio/domain/workers';
import { healthRoutes } from '@propfolio/http';
import { probeDuring } from '../../chaos/healthz-probe.ts';
import { summarize, type Stats } from '../harness.ts';
import { benchDatabase } from '../http/bench-database.ts';
import { machineLine } from '../http/report.ts';
import { simulationInput } from './coach.ts';

const ROUNDS = Number(process.env.PLANFIT_ROUNDS ?? 10);
const FIT_ROUNDS = Number(process.env.FIT_ROUNDS ?? 5);
const FIT_TARGET_MS = 3000;
const HEALTH_TARGET_MS = 100;
const WARMUP = 2;
const TARGET_MS = 1000;
const INITIAL = 100_000;
const DAY_MS = 86_400_000;
const MEMBER = { caller: { userId: 'bench', userName: 'bench', credentialId: 'key:bench', scope: 'full' as const } };

/** 365 UTC days from 2025-01-01 as replay_plans takes them in a request. */
function yearOfDays(seed: number): NonNullable<ReplayPlansInput['history']> {
  const rng = new Xoshiro128(seed);
  rng.reseed(seed, 0);
  let balance = INITIAL;
  const days = Array.from({ length: 365 }, (_, i) => {
    const startMs = Date.UTC(2025, 0, 1) + i * DAY_MS;
    const weekday = new Date(startMs).getUTCDay() % 6 !== 0;
    const pnl = weekday ? Math.round((rng.next() - 0.47) * 2400) : 0;
    const dip = weekday ? Math.round(rng.next() * 2000) : 0;
    const day = { day: new Date(startMs).toISOString().slice(0, 10), closedPnl: pnl, lowestEquity: balance - Math.max(dip, -pnl, 0) };
    balance += pnl;
    return day;
  });
  return { initialBalance: INITIAL, days };
}

type Health = Omit<Awaited<ReturnType<typeof probeDuring>>, 'result'>;

/** One turn of the event loop between two calls, as between two requests: the probe's requests are served there. */
const nextRequest = () => new Promise<void>((done) => setImmediate(done));

interface TargetResult {
  target: string;
  plans: number;
  replayed: number;
  anchor: Stats;
  inProcess: Stats;
  pooled: Stats;
  fitInProcess: Stats;
  fitPooled: Stats;
  fitSimulated: number;
  health: { idle: Health; replay: Health; fit: Health };
}

async function runTarget(target: string, options: Parameters<typeof openDatabase>[0]): Promise<TargetResult> {
  const db = await openDatabase(options);
  // Two children, as a server has at least: a signed-in job runs on the kept one, at normal priority (with one child it
  // is the shared one, niced below anonymous work's peers, which on a loaded machine measures the niceness).
  // Children kept for the whole run: an in-process round under load can leave one idle past the pool's 60 s, and a
  // job dispatched in the turn its idle stop is sent went to the dying child (job_aborted, SIGTERM; seen at load 18).
  const pool = createCpuPool({ workers: 2, queueLimit: 2, jobTimeoutMs: 60_000, idleMs: 3_600_000 });
  const app = express();
  app.use(healthRoutes(db));
  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const healthz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  try {
    await importCatalog(db);
    const catalog = new CatalogService(db, { staleAfterDays: 90 });
    const local = createDomainServices(db, { planRules: catalog });
    const pooled = createDomainServices(db, {
      planRules: catalog,
      replay: (input, who) => pool.run({ kind: 'replay', input }, who),
      fit: (input, who) => pool.run({ kind: 'fit', input }, who),
    });
    const input: ReplayPlansInput = { history: yearOfDays(43), from: '2025-01-01', to: '2025-12-31' };
    const anchorInput = simulationInput();
    const times = { anchor: [] as number[], inProcess: [] as number[], pooled: [] as number[] };
    let plans = 0;
    let replayed = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const t0 = performance.now();
      simulateChallenge(anchorInput);
      const t1 = performance.now();
      const a = await local.planFit.replay(input, MEMBER);
      const t2 = performance.now();
      const b = await pooled.planFit.replay(input, MEMBER);
      const t3 = performance.now();
      plans = a.plans.length;
      replayed = a.plans.filter((p) => p.replayed).length;
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the pool answered differently from the in-process replay');
      if (i >= WARMUP) {
        times.anchor.push(t1 - t0);
        times.inProcess.push(t2 - t1);
        times.pooled.push(t3 - t2);
      }
    }
    const fitInput: FitPlansInput = { dailyPnlPercent: anchorInput.dailyPnlPercent as number[], paths: 10_000 };
    const fitTimes = { inProcess: [] as number[], pooled: [] as number[] };
    let fitSimulated = 0;
    for (let i = 0; i < 1 + FIT_ROUNDS; i++) {
      const t0 = performance.now();
      const a = await local.planFit.fit(fitInput, MEMBER);
      const t1 = performance.now();
      const b = await pooled.planFit.fit(fitInput, MEMBER);
      const t2 = performance.now();
      fitSimulated = a.plans.filter((p) => p.simulated).length;
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the pool answered fit_plans differently from the in-process run');
      if (i >= 1) {
        fitTimes.inProcess.push(t1 - t0);
        fitTimes.pooled.push(t2 - t1);
      }
    }
    // Other callers meanwhile: the pooled calls back to back, each answer serialised as a response would be.
    const probed = (times: number, call: () => Promise<unknown>) =>
      probeDuring(healthz, async () => {
        for (let i = 0; i < times; i++) {
          await nextRequest();
          JSON.stringify(await call());
        }
      }).then(({ result: _result, ...health }) => health);
    const health = {
      idle: await probeDuring(healthz, () => new Promise<void>((done) => setTimeout(done, 5000))).then(({ result: _r, ...h }) => h),
      replay: await probed(ROUNDS, () => pooled.planFit.replay(input, MEMBER)),
      fit: await probed(FIT_ROUNDS, () => pooled.planFit.fit(fitInput, MEMBER)),
    };
    return {
      target,
      plans,
      health,
      replayed,
      fitSimulated,
      fitInProcess: summarize('fit_plans 10,000 paths, in process (one core)', fitTimes.inProcess),
      fitPooled: summarize('fit_plans 10,000 paths, through the CPU pool (two jobs)', fitTimes.pooled),
      anchor: summarize('anchor: simulateChallenge 10,000 paths × 60 days', times.anchor),
      inProcess: summarize('replay_plans, in process', times.inProcess),
      pooled: summarize('replay_plans, through the CPU pool (round trip)', times.pooled),
    };
  } finally {
    await new Promise((done) => server.close(done));
    await pool.close();
    await db.close();
  }
}

const ms = (v: number) => v.toFixed(1);

export default async function planfitBench(): Promise<boolean> {
  console.log(`${machineLine()}, load ${loadavg()[0]?.toFixed(2) ?? '?'}`);
  // The pool's children do not hold the process open while one starts (a server's listener does): this timer does.
  const alive = setInterval(() => undefined, 1000);
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  const targets: [string, Parameters<typeof openDatabase>[0]][] = wanted.includes('pglite') ? [['pglite', { memory: true }]] : [];
  const scratch = wanted.includes('postgres') ? await benchDatabase() : null;
  if (scratch) targets.push(['postgres', { databaseUrl: scratch.url }]);
  const results: TargetResult[] = [];
  try {
    for (const [name, options] of targets) results.push(await runTarget(name, options));
  } finally {
    clearInterval(alive);
    await scratch?.release();
  }
  console.log('\n## replay_plans: 365 days of history, 365 start dates, every catalog plan');
  console.log('| database | case | samples | p50 ms | p95 ms | p50 / anchor p50 | target < 1 s (p95) |');
  console.log('|---|---|---|---|---|---|---|');
  let ok = true;
  for (const r of results) {
    for (const s of [r.anchor, r.inProcess, r.pooled]) {
      const target = s === r.pooled ? (s.p95Ms < TARGET_MS ? 'met' : 'NOT met') : '';
      console.log(
        `| ${r.target} (${r.replayed} of ${r.plans} plans replay) | ${s.name} | ${s.samples} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${(s.p50Ms / r.anchor.p50Ms).toFixed(2)} | ${target} |`,
      );
    }
    if (r.replayed === 0 || r.plans === 0) ok = false;
  }
  console.log('\n## fit_plans: every catalog plan, 10,000 paths, current risk and the risk-scale search');
  console.log('| database | case | samples | p50 ms | p95 ms | target < 3 s (p95) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    for (const s of [r.fitInProcess, r.fitPooled]) {
      const target = s === r.fitPooled ? (s.p95Ms < FIT_TARGET_MS ? 'met' : 'NOT met') : '';
      console.log(
        `| ${r.target} (${r.fitSimulated} of ${r.plans} plans simulated) | ${s.name} | ${s.samples} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${target} |`,
      );
    }
    if (r.fitSimulated === 0) ok = false;
  }
  console.log(
    `\n## /healthz meanwhile: the pooled calls back to back (target: p99 < ${HEALTH_TARGET_MS} ms; load ${loadavg()[0]?.toFixed(2) ?? '?'})`,
  );
  console.log('| database | phase | probes | p50 ms | p99 ms | max ms | target |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const [phase, h] of [
      ['idle', r.health.idle],
      [`replay_plans × ${ROUNDS}`, r.health.replay],
      [`fit_plans × ${FIT_ROUNDS}`, r.health.fit],
    ] as const) {
      const target = phase === 'idle' ? '' : h.p99 < HEALTH_TARGET_MS ? 'met' : 'NOT met';
      console.log(`| ${r.target} | ${phase} | ${h.probes} | ${ms(h.p50)} | ${ms(h.p99)} | ${ms(h.max)} | ${target} |`);
    }
  }
  return ok;
}
