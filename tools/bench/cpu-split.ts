/**
 * `npx tsx tools/bench/cpu-split.ts`: where the machine's CPU goes while one build serves a route at 64
 * connections: the server process, PostgreSQL's processes, the load generator (this process) and the
 * rest, in CPU milliseconds per request, with the machine's busy share. On 2 shared cores it tells which
 * of them bounds a route (a server near one full core is the limit; PostgreSQL's share is what a write
 * costs the other core), which req/s alone cannot.
 * Env: SPLIT_DATABASE_URL (PostgreSQL; else embedded PGlite), BENCH_ONLY (a regexp over route labels,
 * default the two writes and GET /payouts), BENCH_SERVER_ENTRY (another built bundle).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLoad, SECONDS, CONNECTIONS } from './http/load.ts';
import { cpuByGroup, machineTicks } from './http/proc-cpu.ts';
import { machineLine } from './http/report.ts';
import { seedUser } from './http/seed.ts';
import { startServer } from './http/server-process.ts';
import { routes } from './suites/http.ts';

const url = process.env.SPLIT_DATABASE_URL;
const entry = resolve(process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js');
const only = new RegExp(process.env.BENCH_ONLY ?? '^POST|GET /payouts');
const workDir = mkdtempSync(join(tmpdir(), 'propfolio-split-'));
const dataDir = join(workDir, 'data');
const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
const logFile = join(workDir, 'server.log');
console.log(
  `${machineLine()}; ${String(CONNECTIONS)} connections, ${String(SECONDS)} s per route; ${url ? 'PostgreSQL' : 'embedded PGlite'}`,
);
try {
  await (await startServer('split', entry, env, { logFile })).stop(); // migrates and imports the catalog
  const user = await seedUser(url ? { databaseUrl: url } : { dataDir }, `split-${Date.now().toString(36)}`);
  const server = await startServer('split', entry, env, { logFile });
  const groupOf = (pid: number, command: string) =>
    pid === server.process.pid
      ? 'server'
      : pid === process.pid
        ? 'load generator'
        : command.startsWith('postgres')
          ? 'PostgreSQL'
          : 'other';
  try {
    console.log('| route | req/s | machine busy | server ms/req | PostgreSQL ms/req | load generator ms/req | other ms/req |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const route of routes(user).filter((r) => only.test(r.label))) {
      await runLoad(server.base, route, 2, true);
      const [cpu0, ticks0] = [cpuByGroup(groupOf), machineTicks()];
      const result = await runLoad(server.base, route, SECONDS, false);
      const [cpu1, ticks1] = [cpuByGroup(groupOf), machineTicks()];
      const requests = result.rps * SECONDS;
      const per = (group: string) => (((cpu1.get(group) ?? 0) - (cpu0.get(group) ?? 0)) / requests).toFixed(2);
      const busy = 1 - (ticks1.idle - ticks0.idle) / (ticks1.all - ticks0.all);
      console.log(
        `| ${route.label} | ${result.rps.toFixed(0)} | ${(busy * 100).toFixed(0)} % | ${per('server')} | ${per('PostgreSQL')} | ${per('load generator')} | ${per('other')} |`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
