/**
 * `npm run bench -- http`: the built server bundle under autocannon (64 connections, bounded runs) on
 * the embedded database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (in a new
 * database beside the one named, dropped at the end); every route is compared with a bare NestJS route
 * (apps-free, no database) measured in the same run.
 *
 * Issue 26's physical anchors: the routes that have one are also run on a second server without the
 * answer cache (ANSWER_CACHE_ENTRIES=0) and on `http/anchor-server.mjs`, a bare NestJS app running the
 * same SQL through the driver on the same data (PGlite: a copy of the seeded directory per process),
 * alternating anchor, uncached, cached, anchor; each product route is printed as its ratio to the anchor,
 * cached and uncached, beside its ratio to the bare route.
 *
 * Also reports the start time to /healthz (first start on an empty database, then on the existing one)
 * and resident memory idle and under load. Env: BENCH_SECONDS (5), BENCH_CONNECTIONS (64),
 * BENCH_TARGETS (pglite,postgres), BENCH_ONLY (a regexp over route labels), BENCH_CPU_PROF (a directory:
 * both product servers run with --cpu-prof and write their profiles there on exit), BENCH_SERVER_ENTRY (another
 * built bundle, e.g. a copy of an older build), BENCH_ANCHOR_ENTRY (the anchor server of that build's statements),
 * BENCH_KEEP (keep the data directory and server logs).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUMMARY_SQL } from '@propfolio/domain';
import { benchDatabase } from '../http/bench-database.ts';
import { CONNECTIONS, runLoad, SECONDS, WARMUP_SECONDS, type LoadResult, type RouteSpec } from '../http/load.ts';
import { machineLine, printAnchorTable, printLoadTable, printTargets, type AnchoredResult } from '../http/report.ts';
import { SEED, seedUser, type SeededUser } from '../http/seed.ts';
import { startBaseline, startServer, type RunningServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const BASELINE_ENTRY = join(root, 'tools/bench/http/baseline-server.mjs');
// Another anchor with BENCH_SERVER_ENTRY's older build: the statements that build ran (an anchor file from that commit).
const ANCHOR_ENTRY = resolve(process.env.BENCH_ANCHOR_ENTRY ?? join(root, 'tools/bench/http/anchor-server.mjs'));

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

const CREATE_BODY = JSON.stringify({ firm: 'FTMO', plan: '2-Step 100k', price: 540, currency: 'EUR' });

/** Every route of the issue, reads first; writes last so that they do not grow what the reads return. */
export function routes(user: SeededUser): RouteSpec[] {
  const auth = { authorization: `Bearer ${user.key}` };
  const [account, , reportAccount] = user.accountIds as [string, string, string];
  let reportNo = 0;
  const today = Date.now();
  return [
    {
      label: 'GET /challenges?limit=20',
      kind: 'read',
      path: '/api/v1/challenges?limit=20',
      headers: auth,
      anchor: { path: '/anchor/challenges?limit=20' },
    },
    {
      label: 'GET /challenges/:id',
      kind: 'read',
      path: `/api/v1/challenges/${user.challengeId}`,
      headers: auth,
      anchor: { path: `/anchor/challenges/${user.challengeId}` },
    },
    { label: 'GET /me/summary', kind: 'read', path: '/api/v1/me/summary', headers: auth, anchor: { path: '/anchor/me/summary' } },
    { label: 'GET /payouts', kind: 'read', path: '/api/v1/payouts', headers: auth, anchor: { path: '/anchor/payouts' } },
    { label: 'GET /accounts', kind: 'read', path: '/api/v1/accounts', headers: auth, anchor: { path: '/anchor/accounts' } },
    {
      label: 'GET /accounts/:id/daily-pnl?days=365',
      kind: 'read',
      path: `/api/v1/accounts/${account}/daily-pnl?days=365`,
      headers: auth,
      anchor: { path: `/anchor/accounts/${account}/daily-pnl?days=365` },
    },
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
      body: CREATE_BODY,
      anchor: { path: '/anchor/challenges', method: 'POST', body: CREATE_BODY },
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

/** Where one target's processes keep their data: PostgreSQL shares one database, PGlite needs a copy per process. */
interface TargetSetup {
  name: string;
  seedTarget: { databaseUrl?: string; dataDir?: string };
  /** The product server's environment: the default answer cache, or none (ANSWER_CACHE_ENTRIES=0). */
  serverEnv(cache: 'cached' | 'uncached'): Record<string, string>;
  anchorEnv(userId: string): Record<string, string>;
  /** Called once the user is seeded, before any server starts on the seeded data (PGlite: copies the directory). */
  afterSeed?(): void;
}

interface TargetRun {
  name: string;
  results: LoadResult[];
  anchored: AnchoredResult[];
  baselineRps: number;
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  loadRssMb: number;
}

/** The mean of two runs of one route (before and after the product's runs), so that drift hits both sides alike. */
function meanOf(a: LoadResult, b: LoadResult): LoadResult {
  return {
    ...a,
    rps: (a.rps + b.rps) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    failures: a.failures + b.failures,
    total: a.total + b.total,
  };
}

async function benchTarget(setup: TargetSetup, workDir: string, baseline: RunningServer): Promise<TargetRun> {
  const { name } = setup;
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const logFile = join(workDir, `${name}.log`);
  const progress = (what: string) => process.stderr.write(`  ${name}: ${what}\n`);
  const cold = await startServer(name, SERVER_ENTRY, setup.serverEnv('cached'), { logFile });
  await cold.stop();
  progress(`first start ${cold.startMs.toFixed(0)} ms; seeding`);
  const user = await seedUser(setup.seedTarget, `bench-${Date.now().toString(36)}`);
  setup.afterSeed?.();
  progress('seeded; starting the servers');
  const server = await startServer(name, SERVER_ENTRY, setup.serverEnv('cached'), { logFile, nodeArgs });
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const selected = routes(user).filter((route) => !only || only.test(route.label));
  const withAnchors = selected.some((route) => route.anchor);
  const uncached = withAnchors
    ? await startServer(`${name} uncached`, SERVER_ENTRY, setup.serverEnv('uncached'), { logFile, nodeArgs })
    : null;
  // The anchor runs the product's own summary statement (it is plain node and cannot import the domain itself).
  const anchorEnv = { ...setup.anchorEnv(user.userId), ANCHOR_SUMMARY_SQL: SUMMARY_SQL };
  const anchor = withAnchors ? await startBaseline(ANCHOR_ENTRY, anchorEnv) : null;
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMb = server.rssMb();
    let loadRssMb = idleRssMb;
    const sampler = setInterval(() => (loadRssMb = Math.max(loadRssMb, server.rssMb())), 250);
    // V8 runs code slowly until it has optimized it, so the first route through a front door (REST, MCP)
    // paid for warming the whole door: every read runs once, unmeasured, before any is measured (on each
    // server, and on the anchors). Writes keep only their own warm-up, so that the reads are measured on
    // the seeded data alone.
    for (const route of selected) {
      if (route.kind === 'write') continue;
      await runLoad(server.base, route, WARMUP_SECONDS, false);
      if (uncached && route.anchor) await runLoad(uncached.base, route, WARMUP_SECONDS, false);
      if (anchor && route.anchor) await runLoad(anchor.base, { ...route, ...route.anchor }, WARMUP_SECONDS, false);
    }
    const before = await runLoad(baseline.base, BASELINE_ROUTE);
    const results: LoadResult[] = [];
    const anchored: AnchoredResult[] = [];
    for (const route of selected) {
      if (route.anchor && uncached && anchor) {
        // Alternating, anchor first and last: anchor, product without the answer cache, product with it, anchor.
        const anchorRoute: RouteSpec = { ...route, ...route.anchor, label: `${route.label} (anchor)`, headers: {} };
        const first = await runLoad(anchor.base, anchorRoute);
        const bare = await runLoad(uncached.base, route);
        const cached = await runLoad(server.base, route);
        const last = await runLoad(anchor.base, anchorRoute);
        results.push(cached);
        anchored.push({ label: route.label, kind: route.kind, anchor: meanOf(first, last), uncached: bare, cached });
        process.stderr.write(
          `  ${name}: ${route.label} anchor ${first.rps.toFixed(0)}/${last.rps.toFixed(0)}, uncached ${bare.rps.toFixed(0)}, cached ${cached.rps.toFixed(0)} req/s\n`,
        );
        continue;
      }
      const result = await runLoad(server.base, route);
      results.push(result);
      process.stderr.write(`  ${name}: ${route.label} ${result.rps.toFixed(0)} req/s\n`);
    }
    const after = await runLoad(baseline.base, BASELINE_ROUTE);
    clearInterval(sampler);
    // The baseline is measured before and after the routes; their mean absorbs slow drift of a shared machine.
    const base = meanOf(before, after);
    return {
      name,
      results: [base, ...results],
      anchored,
      baselineRps: base.rps,
      coldStartMs: cold.startMs,
      warmStartMs: server.startMs,
      idleRssMb,
      loadRssMb,
    };
  } finally {
    await Promise.all([server.stop(), uncached?.stop(), anchor?.stop()]);
  }
}

export default async function run(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'propfolio-bench-'));
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  console.log(`\n${machineLine()}; autocannon ${CONNECTIONS} connections, ${SECONDS} s per route after 1 s warm-up.`);
  console.log(
    `Seeded user: ${SEED.challenges} challenges, ${SEED.payouts} payouts, ${SEED.accounts} EA accounts × ${SEED.reportDays} daily reports.`,
  );
  console.log(
    `Machine load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
  const baseline = await startBaseline(BASELINE_ENTRY);
  const runs: TargetRun[] = [];
  try {
    if (wanted.includes('pglite')) {
      const dataDir = join(workDir, 'data');
      const copy = (role: string) => `${dataDir}-${role}`;
      runs.push(
        await benchTarget(
          {
            name: 'embedded PGlite',
            seedTarget: { dataDir },
            serverEnv: (cache): Record<string, string> =>
              cache === 'cached'
                ? { DATA_DIR: dataDir, DATABASE_URL: '' }
                : { DATA_DIR: copy('uncached'), DATABASE_URL: '', ANSWER_CACHE_ENTRIES: '0' },
            anchorEnv: (userId) => ({ ANCHOR_PGLITE_DIR: copy('anchor'), DATABASE_URL: '', ANCHOR_USER_ID: userId }),
            // One PGlite directory belongs to one process: the uncached server and the anchors each get a copy.
            afterSeed: () => {
              for (const role of ['uncached', 'anchor']) cpSync(dataDir, copy(role), { recursive: true });
            },
          },
          workDir,
          baseline,
        ),
      );
    }
    if (wanted.includes('postgres')) {
      const postgres = await benchDatabase();
      if (!postgres) console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
      else {
        try {
          runs.push(
            await benchTarget(
              {
                name: 'PostgreSQL',
                seedTarget: { databaseUrl: postgres.url },
                serverEnv: (cache) => ({ DATABASE_URL: postgres.url, ...(cache === 'uncached' ? { ANSWER_CACHE_ENTRIES: '0' } : {}) }),
                anchorEnv: (userId) => ({ DATABASE_URL: postgres.url, ANCHOR_USER_ID: userId }),
              },
              workDir,
              baseline,
            ),
          );
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
  console.log(
    `Machine load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
  for (const r of runs) {
    printLoadTable(`${r.name}: req/s and latency (answer cache on), ratio to the bare NestJS route`, r.results, r.baselineRps);
    if (r.anchored.length > 0)
      printAnchorTable(`${r.name}: each route against its SQL anchor (same database, alternating)`, r.anchored, r.baselineRps);
    console.log(
      `\nstart to /healthz: ${r.coldStartMs.toFixed(0)} ms on an empty database, ${r.warmStartMs.toFixed(0)} ms on the existing one; RSS ${r.idleRssMb.toFixed(0)} MB idle, ${r.loadRssMb.toFixed(0)} MB peak under load.`,
    );
    printTargets(r.name, r.results, r.baselineRps, r.anchored);
  }
}
