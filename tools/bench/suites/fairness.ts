/**
 * `npm run bench -- fairness` (issue 31 item 3): is the CPU pool fair under an anonymous flood?
 *
 * The built server on the embedded database (a fresh data directory), its pool at the automatic size. A signed-in
 * user (the local owner's key) alternates a 10,000-path public simulation and a 30-day statement import (MT5
 * report, 4 deals a day, real write: after the first, every day reads unchanged), FAIR_ROUNDS times each:
 *
 * 1. on the idle server;
 * 2. while FAIR_FLOODERS anonymous clients (one client address each, X-Forwarded-For behind TRUST_PROXY) flood
 *    the largest public simulation the pool accepts at 60 days (100,000 paths), each at the default public rate
 *    (120 a minute, paced by the client; the server's own limit is raised so that it does not refuse the
 *    signed-in user's measured requests). The flood starts before the measurement, stops when it ends, and is
 *    bounded by FAIR_FLOOD_SECONDS whatever happens. Loopback only.
 *
 * Prints p50/p99 of both cases in both phases, their ratio (flood ÷ idle), and what the flood got (answered,
 * refused 429, 503). Target: signed-in p99 under 1 s under the flood.
 *
 * Env: FAIR_ROUNDS (60), FAIR_FLOODERS (16), FAIR_FLOOD_SECONDS (300), BENCH_SERVER_ENTRY.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dailyStatement, STATEMENT_LOGIN } from '../../chaos/daily-statement.ts';
import { summarize, type Stats } from '../harness.ts';
import { machineLine } from '../http/report.ts';
import { startServer, type RunningServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const ROUNDS = Number(process.env.FAIR_ROUNDS ?? 60);
const FLOODERS = Number(process.env.FAIR_FLOODERS ?? 16);
const FLOOD_SECONDS = Number(process.env.FAIR_FLOOD_SECONDS ?? 300);
const PUBLIC_PER_MINUTE = 120;
const TARGET_MS = 1000;

/** A catalog plan (FTMO 2-Step 100k, phase 1) over a small-edge series of 20 days. */
const PLAN = 'ftmo-2-step-100000';
const SERIES = [0.4, -0.3, 0.6, 0, -0.8, 0.5, 0.2, -0.2, 0.9, -1.1, 0.3, 0.1, 0.7, -0.4, 0.2, 0, 0.5, -0.6, 0.4, 0.3];
const memberSimulation = { planId: PLAN, dailyPnlPercent: SERIES, paths: 10_000 };
const floodSimulation = { planId: PLAN, dailyPnlPercent: SERIES, paths: 100_000, horizonDays: 60 };

interface Client {
  server: RunningServer;
  key: string;
  accountId: string;
  statement: string;
}

async function post(client: Client, path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${client.server.base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'user-agent': 'propfolio-bench/1.0', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

async function timed(work: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const status = await work();
  if (status !== 200) throw new Error(`signed-in request answered ${status}`);
  return performance.now() - started;
}

/** The signed-in user's requests, alternating, one at a time. */
async function measureMember(client: Client): Promise<{ simulation: Stats; importing: Stats }> {
  const signedIn = { authorization: `Bearer ${client.key}` };
  const simulations: number[] = [];
  const imports: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    simulations.push(await timed(() => post(client, '/simulations', memberSimulation, signedIn)));
    imports.push(await timed(() => post(client, `/accounts/${client.accountId}/statements`, { content: client.statement }, signedIn)));
  }
  return { simulation: summarize('simulation', simulations), importing: summarize('import', imports) };
}

interface FloodCounts {
  sent: number;
  answered: number;
  refused: number;
  busy: number;
  other: number;
}

/** Anonymous clients at the public rate until `stop()` (or FLOOD_SECONDS), each from its own address. */
function flood(client: Client): { counts: FloodCounts; stop: () => Promise<void> } {
  const counts: FloodCounts = { sent: 0, answered: 0, refused: 0, busy: 0, other: 0 };
  const deadline = Date.now() + FLOOD_SECONDS * 1000;
  let stopped = false;
  const gap = 60_000 / PUBLIC_PER_MINUTE;
  const one = async (n: number): Promise<void> => {
    const from = { 'x-forwarded-for': `198.51.${String(100 + Math.floor(n / 250))}.${String((n % 250) + 1)}` };
    while (!stopped && Date.now() < deadline) {
      const next = Date.now() + gap;
      counts.sent++;
      const status = await post(client, '/simulations', floodSimulation, from).catch(() => 0);
      if (status === 200) counts.answered++;
      else if (status === 429) counts.refused++;
      else if (status === 503) counts.busy++;
      else counts.other++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  };
  const running = Promise.all(Array.from({ length: FLOODERS }, (_, n) => one(n)));
  return {
    counts,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

async function setUp(server: RunningServer, logFile: string): Promise<Client> {
  const key = /eakey_[A-Za-z0-9]+/.exec(readFileSync(logFile, 'utf8'))?.[0];
  if (!key) throw new Error('the local owner key was not printed');
  const client: Client = { server, key, accountId: '', statement: Buffer.from(dailyStatement(30, 4)).toString('base64') };
  const res = await fetch(`${server.base}/api/v1/accounts`, {
    method: 'POST',
    headers: { 'user-agent': 'propfolio-bench/1.0', 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ login: STATEMENT_LOGIN, server: 'Bench-Live', currency: 'usd', initialBalance: 100000 }),
  });
  client.accountId = ((await res.json()) as { id: string }).id;
  return client;
}

const ms = (x: number): string => (x < 10 ? x.toFixed(1) : x.toFixed(0));

export default async function run(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-fair-'));
  const logFile = join(dir, 'server.log');
  const server = await startServer(
    'server',
    SERVER_ENTRY,
    { DATA_DIR: join(dir, 'data'), TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
    { logFile },
  );
  try {
    const client = await setUp(server, logFile);
    // Warm-up, unmeasured: children started, code optimized, the account's days written once.
    for (let i = 0; i < 3; i++) await measureMemberOnce(client);
    const load = loadavg()[0] ?? 0;
    const idle = await measureMember(client);
    const flooding = flood(client);
    // The flood is on once the pool has answered anonymous work.
    while (flooding.counts.answered < 2 && flooding.counts.other === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    if (flooding.counts.other > 0) {
      await flooding.stop();
      throw new Error('the flood got answers other than 200, 429 and 503: see the server log');
    }
    const underFlood = await measureMember(client);
    await flooding.stop();
    const { counts } = flooding;

    console.log(`\n## Fairness: a signed-in user beside ${FLOODERS} anonymous clients flooding public simulations`);
    console.log(`${machineLine()}, load average ${load.toFixed(1)} at the start; ${ROUNDS} of each request per phase, one at a time`);
    console.log(
      '| signed-in request | idle p50 ms | idle p99 ms | under flood p50 ms | under flood p99 ms | p99 ÷ idle | target p99 < 1 s |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---|');
    let met = true;
    for (const [label, a, b] of [
      ['simulation, 10,000 paths × 60 days', idle.simulation, underFlood.simulation],
      ['statement import, 30 days (MT5, 120 deals)', idle.importing, underFlood.importing],
    ] as const) {
      const ok = b.p99Ms < TARGET_MS;
      met &&= ok;
      console.log(
        `| ${label} | ${ms(a.p50Ms)} | ${ms(a.p99Ms)} | ${ms(b.p50Ms)} | ${ms(b.p99Ms)} | ${(b.p99Ms / a.p99Ms).toFixed(2)} | ${ok ? 'met' : 'not met'} |`,
      );
    }
    console.log(
      `\nThe flood (100,000 paths × 60 days each, ${PUBLIC_PER_MINUTE}/min per client): ${counts.sent} sent, ${counts.answered} answered, ` +
        `${counts.refused} refused 429 (one job per address, half the queue), ${counts.busy} 503, ${counts.other} other.`,
    );
    return met && counts.other === 0;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureMemberOnce(client: Client): Promise<void> {
  const signedIn = { authorization: `Bearer ${client.key}` };
  await timed(() => post(client, '/simulations', memberSimulation, signedIn));
  await timed(() => post(client, `/accounts/${client.accountId}/statements`, { content: client.statement }, signedIn));
}
