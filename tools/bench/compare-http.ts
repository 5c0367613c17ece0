/**
 * `npx tsx tools/bench/compare-http.ts <before-bundle> [after-bundle]`: the routes of the http suite on two
 * builds of the server, each on its own database, alternating route by route (before, after) so that
 * both see the same moment of a shared machine; prints each build's req/s and after/before.
 * PostgreSQL instead of PGlite when COMPARE_DATABASE_URLS="<before url> <after url>" is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLoad, SECONDS, CONNECTIONS } from './http/load.ts';
import { machineLine } from './http/report.ts';
import { seedUser } from './http/seed.ts';
import { startServer } from './http/server-process.ts';
import { routes } from './suites/http.ts';

const [beforeEntry, afterEntry = 'apps/server/dist/main.js'] = process.argv.slice(2);
if (!beforeEntry) {
  console.error('usage: compare-http.ts <before-bundle> [after-bundle]');
  process.exit(2);
}
const workDir = mkdtempSync(join(tmpdir(), 'propfolio-compare-'));
const urls = process.env.COMPARE_DATABASE_URLS?.split(/\s+/);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
console.log(`${machineLine()}; ${CONNECTIONS} connections, ${SECONDS} s per route; ${urls ? 'PostgreSQL' : 'embedded PGlite'}`);
const builds = [];
try {
  for (const [i, entry] of [beforeEntry, afterEntry].entries()) {
    const target = urls ? { databaseUrl: urls[i] as string } : { dataDir: join(workDir, `data-${i}`) };
    const env: Record<string, string> = urls
      ? { DATABASE_URL: urls[i] as string }
      : { DATA_DIR: target.dataDir as string, DATABASE_URL: '' };
    const logFile = join(workDir, `${i}.log`);
    await (await startServer(`build ${i}`, resolve(entry), env, { logFile })).stop();
    const user = await seedUser(target, `compare-${i}-${Date.now().toString(36)}`);
    builds.push({ server: await startServer(`build ${i}`, resolve(entry), env, { logFile }), user });
  }
  console.log('| route | before req/s | p99 ms | after req/s | p99 ms | after/before |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const [a, b] = builds as [(typeof builds)[0], (typeof builds)[0]];
  const routesA = routes(a.user);
  const routesB = routes(b.user);
  for (const [i, routeA] of routesA.entries()) {
    if (only && !only.test(routeA.label)) continue;
    const x = await runLoad(a.server.base, routeA);
    const routeB = routesB[i];
    if (!routeB) throw new Error(`no route ${String(i)} on the second server`);
    const y = await runLoad(b.server.base, routeB);
    console.log(
      `| ${routeA.label} | ${x.rps.toFixed(1)} | ${x.p99.toFixed(0)} | ${y.rps.toFixed(1)} | ${y.p99.toFixed(0)} | ${x.rps > 0 ? (y.rps / x.rps).toFixed(2) : 'n/a'} |`,
    );
  }
} finally {
  await Promise.all(builds.map((b) => b.server.stop()));
  rmSync(workDir, { recursive: true, force: true });
}
