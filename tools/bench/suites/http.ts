/**
 * `npm run bench -- http`: the built server bundle under autocannon (64 connections, bounded runs) on
 * the embedded database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (in a new
 * database beside the one named, dropped at the end); every route is compared with a bare NestJS route
 * (apps-free, no database) measured in the same run.
 *
 * Also reports the start time to /healthz (first start on an empty database, then on the existing one)
 * and resident memory idle and under load. Env: BENCH_SECONDS (5), BENCH_CONNECTIONS (64),
 * BENCH_TARGETS (pglite,postgres), BENCH_ONLY (a regexp over route labels), BENCH_CPU_PROF (a directory:
 * the server runs with --cpu-prof and writes its profile there on exit), BENCH_SERVER_ENTRY (another
 * built bundle, e.g. a copy of an older build), BENCH_KEEP (keep the data directory and server logs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase } from '../http/bench-database.ts';
import { CONNECTIONS, runLoad, SECONDS, WARMUP_SECONDS, type LoadResult, type RouteSpec } from '../http/load.ts';
import { machineLine, printLoadTable, printTargets } from '../http/report.ts';
import { SEED, seedUser, type SeededUser } from '../http/seed.ts';
import { startBaseline, startServer, type RunningServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const BASELINE_ENTRY = join(root, 'tools/bench/http/baseline-server.mjs');

function mcpCall(label: string, tool: string, args: object, restTwin: string, key: string): RouteSpec {
  return {
    label,
    kind: 'mcp',
    method: 'POST',
    path: '/mcp',
    restTwin,
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } }),
  };
}

/** Every route of the issue, reads first; writes last so that they do not grow what the reads return. */
export function routes(user: SeededUser): RouteSpec[] {
  const auth = { authorization: `Bearer ${user.key}` };
  const [account, , reportAccount] = user.accountIds as [string, string, string];
  let reportNo = 0;
  const today = Date.now();
  return [
    { label: 'GET /challenges?limit=20', kind: 'read', path: '/api/v1/challenges?limit=20', headers: auth },
    { label: 'GET /challenges/:id', kind: 'read', path: `/api/v1/challenges/${user.challengeId}`, headers: auth },
    { label: 'GET /me/summary', kind: 'read', path: '/api/v1/me/summary', headers: auth },
    { label: 'GET /payouts', kind: 'read', path: '/api/v1/payouts', headers: auth },
    { label: 'GET /accounts', kind: 'read', path: '/api/v1/accounts', headers: auth },
    { label: 'GET /accounts/:id/daily-pnl?days=365', kind: 'read', path: `/api/v1/accounts/${account}/daily-pnl?days=365`, headers: auth },
    { label: 'GET /plans?firm=ftmo', kind: 'read', path: '/api/v1/plans?firm=ftmo' },
    { label: 'GET /articles?q=トレーリング', kind: 'read', path: `/api/v1/articles?q=${encodeURIComponent('トレーリング')}` },
    mcpCall('MCP get_summary', 'get_summary', {}, 'GET /me/summary', user.key),
    mcpCall('MCP list_challenges', 'list_challenges', { limit: 20 }, 'GET /challenges?limit=20', user.key),
    {
      label: 'POST /challenges',
      kind: 'write',
      method: 'POST',
      path: '/api/v1/challenges',
      headers: auth,
      body: JSON.stringify({ firm: 'FTMO', plan: '2-Step 100k', price: 540, currency: 'EUR' }),
    },
    {
      label: 'POST /accounts/:id/reports',
      kind: 'write',
      method: 'POST',
      path: `/api/v1/accounts/${reportAccount}/reports`,
      headers: auth,
      // Each request reports another of the last 3 years' days with new figures: creates and updates.
      vary: (request) => {
        reportNo++;
        const date = new Date(today - (reportNo % 1000) * 86_400_000).toISOString().slice(0, 10);
        const balance = 100_000 + (reportNo % 977);
        return { ...request, body: JSON.stringify({ date, balance, equity: balance - 3.5, closedPnl: (reportNo % 300) - 150 }) };
      },
      body: '{}',
    },
  ];
}

const BASELINE_ROUTE: RouteSpec = { label: 'bare NestJS GET /hello (baseline)', kind: 'baseline', path: '/hello' };

interface TargetRun {
  name: string;
  results: LoadResult[];
  baselineRps: number;
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  loadRssMb: number;
}

async function benchTarget(
  name: string,
  env: Record<string, string>,
  seedTarget: { databaseUrl?: string; dataDir?: string },
  workDir: string,
  baseline: RunningServer,
): Promise<TargetRun> {
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const logFile = join(workDir, `${name}.log`);
  const cold = await startServer(name, SERVER_ENTRY, env, { logFile });
  await cold.stop();
  const user = await seedUser(seedTarget, `bench-${Date.now().toString(36)}`);
  const server = await startServer(name, SERVER_ENTRY, env, { logFile, nodeArgs });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMb = server.rssMb();
    let loadRssMb = idleRssMb;
    const sampler = setInterval(() => (loadRssMb = Math.max(loadRssMb, server.rssMb())), 250);
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    const selected = routes(user).filter((route) => !only || only.test(route.label));
    // V8 runs code slowly until it has optimized it, so the first route through a front door (REST, MCP)
    // paid for warming the whole door: every read runs once, unmeasured, before any is measured. Writes
    // keep only their own warm-up, so that the reads are measured on the seeded data alone.
    for (const route of selected) if (route.kind !== 'write') await runLoad(server.base, route, WARMUP_SECONDS, false);
    const before = await runLoad(baseline.base, BASELINE_ROUTE);
    const results: LoadResult[] = [];
    for (const route of selected) {
      const result = await runLoad(server.base, route);
      results.push(result);
      process.stderr.write(`  ${name}: ${route.label} ${result.rps.toFixed(0)} req/s\n`);
    }
    const after = await runLoad(baseline.base, BASELINE_ROUTE);
    clearInterval(sampler);
    // The baseline is measured before and after the routes; their mean absorbs slow drift of a shared machine.
    const baselineRps = (before.rps + after.rps) / 2;
    const base: LoadResult = {
      ...before,
      rps: baselineRps,
      p50: (before.p50 + after.p50) / 2,
      p99: Math.max(before.p99, after.p99),
      total: before.total + after.total,
    };
    return { name, results: [base, ...results], baselineRps, coldStartMs: cold.startMs, warmStartMs: server.startMs, idleRssMb, loadRssMb };
  } finally {
    await server.stop();
  }
}

export default async function run(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'propfolio-bench-'));
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  console.log(`\n${machineLine()}; autocannon ${CONNECTIONS} connections, ${SECONDS} s per route after 1 s warm-up.`);
  console.log(
    `Seeded user: ${SEED.challenges} challenges, ${SEED.payouts} payouts, ${SEED.accounts} EA accounts × ${SEED.reportDays} daily reports.`,
  );
  const baseline = await startBaseline(BASELINE_ENTRY);
  const runs: TargetRun[] = [];
  try {
    if (wanted.includes('pglite')) {
      const dataDir = join(workDir, 'data');
      runs.push(await benchTarget('embedded PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { dataDir }, workDir, baseline));
    }
    if (wanted.includes('postgres')) {
      const postgres = await benchDatabase();
      if (!postgres) console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
      else {
        try {
          runs.push(await benchTarget('PostgreSQL', { DATABASE_URL: postgres.url }, { databaseUrl: postgres.url }, workDir, baseline));
        } finally {
          await postgres.release();
        }
      }
    }
  } finally {
    await baseline.stop();
    if (process.env.BENCH_KEEP) console.log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
  for (const r of runs) {
    printLoadTable(`${r.name}: req/s and latency, ratio to the bare NestJS route`, r.results, r.baselineRps);
    console.log(
      `\nstart to /healthz: ${r.coldStartMs.toFixed(0)} ms on an empty database, ${r.warmStartMs.toFixed(0)} ms on the existing one; RSS ${r.idleRssMb.toFixed(0)} MB idle, ${r.loadRssMb.toFixed(0)} MB peak under load.`,
    );
    printTargets(r.name, r.results, r.baselineRps, r.name === 'PostgreSQL' ? 0.5 : 0.35);
  }
}
