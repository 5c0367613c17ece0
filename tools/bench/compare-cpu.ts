/**
 * `npx tsx tools/bench/compare-cpu.ts <before-bundle> [after-bundle]`: the server CPU time each route
 * costs per request, for two builds side by side. On a machine shared with other work, req/s swings
 * with the neighbours' load; the CPU a request costs the server process itself (user + system time
 * from /proc, over a fixed number of requests) moves much less, so it shows what a change saved.
 * With PostgreSQL (COMPARE_DATABASE_URLS="<before url> <after url>", one URL may serve both) it also
 * counts database transactions per request (pg_stat_database), the work the database does for it.
 * Env: CPU_REQUESTS (2000 per route), CPU_CONNECTIONS (16), BENCH_ONLY (a regexp over route labels).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error autocannon ships no types
import autocannonUntyped from 'autocannon';
import pg from 'pg';
import { drain, type RouteSpec } from './http/load.ts';
import { cpuMs } from './http/proc-cpu.ts';
import { machineLine } from './http/report.ts';
import { seedUser } from './http/seed.ts';
import { startServer, type RunningServer } from './http/server-process.ts';
import { routes } from './suites/http.ts';

const autocannon = autocannonUntyped as (options: object) => Promise<{ '2xx': number; non2xx: number }>;
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 16);
async function transactions(client: pg.Client | null): Promise<number> {
  if (!client) return Number.NaN;
  await client.query('SELECT pg_stat_clear_snapshot()');
  const r = await client.query<{ x: string }>(
    'SELECT xact_commit + xact_rollback AS x FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(r.rows[0]?.x);
}

/** Lets the database's statistics collector catch up (backends report about once a second). */
const settle = () => new Promise((r) => setTimeout(r, 1200));

async function measure(
  server: RunningServer,
  route: RouteSpec,
  stats: pg.Client | null,
): Promise<{ cpu: number; xacts: number; ok: number }> {
  const options = {
    url: `${server.base}${route.path}`,
    connections: CONNECTIONS,
    method: route.method ?? 'GET',
    headers: { 'user-agent': 'propfolio-bench/1.0', ...(route.body ? { 'content-type': 'application/json' } : {}), ...route.headers },
    ...(route.body ? { body: route.body } : {}),
    ...(route.vary ? { requests: [{ setupRequest: route.vary }] } : {}),
  };
  await autocannon({ ...options, amount: Math.ceil(REQUESTS / 4) }); // warm-up: JIT, caches, pool
  await drain(server.base);
  await settle();
  const x0 = await transactions(stats);
  const c0 = cpuMs(server.process.pid);
  const r = await autocannon({ ...options, amount: REQUESTS });
  const c1 = cpuMs(server.process.pid);
  await settle();
  const x1 = await transactions(stats);
  return { cpu: (c1 - c0) / REQUESTS, xacts: (x1 - x0) / REQUESTS, ok: r['2xx'] };
}

const [beforeEntry, afterEntry = 'apps/server/dist/main.js'] = process.argv.slice(2);
if (!beforeEntry) {
  console.error('usage: compare-cpu.ts <before-bundle> [after-bundle]');
  process.exit(2);
}
const workDir = mkdtempSync(join(tmpdir(), 'propfolio-cpu-'));
const urls = process.env.COMPARE_DATABASE_URLS?.split(/\s+/);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
console.log(
  `${machineLine()}; ${String(REQUESTS)} requests per route over ${String(CONNECTIONS)} connections; ${urls ? 'PostgreSQL' : 'embedded PGlite'}`,
);
const builds: { server: RunningServer; user: Awaited<ReturnType<typeof seedUser>>; stats: pg.Client | null }[] = [];
try {
  for (const [i, entry] of [beforeEntry, afterEntry].entries()) {
    const url = urls?.[i] ?? urls?.[0];
    const target = url ? { databaseUrl: url } : { dataDir: join(workDir, `data-${String(i)}`) };
    const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: target.dataDir as string, DATABASE_URL: '' };
    const logFile = join(workDir, `${String(i)}.log`);
    await (await startServer(`build ${String(i)}`, resolve(entry), env, { logFile })).stop();
    const user = await seedUser(target, `cpu-${String(i)}-${Date.now().toString(36)}`);
    const stats = url ? new pg.Client({ connectionString: url }) : null;
    await stats?.connect();
    builds.push({ server: await startServer(`build ${String(i)}`, resolve(entry), env, { logFile }), user, stats });
  }
  console.log('| route | before CPU ms/req | db xacts/req | after CPU ms/req | db xacts/req | after/before CPU |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const [a, b] = builds as [(typeof builds)[0], (typeof builds)[0]];
  const routesB = routes(b.user);
  for (const [i, routeA] of routes(a.user).entries()) {
    if (only && !only.test(routeA.label)) continue;
    const x = await measure(a.server, routeA, a.stats);
    const y = await measure(b.server, routesB[i] as RouteSpec, b.stats);
    const note = x.ok < REQUESTS || y.ok < REQUESTS ? ` (2xx: ${String(x.ok)} / ${String(y.ok)})` : '';
    console.log(
      `| ${routeA.label} | ${x.cpu.toFixed(2)} | ${x.xacts.toFixed(2)} | ${y.cpu.toFixed(2)} | ${y.xacts.toFixed(2)} | ${(y.cpu / x.cpu).toFixed(2)}${note} |`,
    );
  }
} finally {
  await Promise.all(
    builds.map(async (b) => {
      await b.stats?.end();
      await b.server.stop();
    }),
  );
  rmSync(workDir, { recursive: true, force: true });
}
