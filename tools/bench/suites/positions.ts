/**
 * `npm run bench -- positions` (issue 40 item 9): do back-to-back maximum tracker messages stall other users?
 *
 * The built server in its own process (PGlite in a fresh data directory; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set: a scratch database beside it). User A's account has its stats summary kept (a read built
 * it, so every write also keeps it: the costly case). Then, measured from this process:
 *
 * 1. idle: user B reads GET /challenges (POS_READS times) while a child process probes /healthz every 50 ms;
 * 2. busy: user A sends POS_MESSAGES maximum positions messages back to back — 10,000 positions each with as many
 *    exits as fit the route's 8 MiB body (new positions, then new ones again, then a resend of the first: unchanged)
 *    — while B keeps reading the same way and the probe keeps probing.
 *
 * Prints /healthz p50/p99/max and B's read p50/p99 in both phases and their ratios (busy ÷ idle, same run).
 * Targets: /healthz p99 under 100 ms; B's read p50 within 2× of idle. Loopback only; bounded by the messages.
 *
 * Env: POS_MESSAGES (3), POS_READS (40), POS_TARGETS (pglite,postgres), POS_NODE_ARGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` for the server), BENCH_SERVER_ENTRY (apps/server/dist/main.js).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { closedPosition } from '@propfolio/domain/testing';
import { probeDuring } from '../../chaos/healthz-probe.ts';
import { summarize, type Stats } from '../harness.ts';
import pg from 'pg';
import { machineLine } from '../http/report.ts';
import { startServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const MESSAGES = Number(process.env.POS_MESSAGES ?? 3);
const READS = Number(process.env.POS_READS ?? 40);
const TARGETS = (process.env.POS_TARGETS ?? 'pglite,postgres').split(',');
const NODE_ARGS = (process.env.POS_NODE_ARGS ?? '').split(' ').filter(Boolean);
const POSITIONS = 10_000;
const BODY_LIMIT = 8 * 1_048_576;
const HEALTHZ_P99_TARGET_MS = 100;
const READ_RATIO_TARGET = 2;

/**
 * A new database beside the one BENCH_DATABASE_URL or TEST_DATABASE_URL names, dropped at the end (not
 * @propfolio/db/testing's helper: it needs Jest's globals, and the bench runs under plain tsx).
 */
async function scratchDatabase(): Promise<{ url: string; release: () => Promise<void> } | null> {
  const named = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!named) return null;
  const name = `pf_bench_positions_${process.pid}`;
  const admin = new pg.Client({ connectionString: named });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(named), { pathname: `/${name}` }).href,
    release: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Users {
  a: string;
  b: string;
  accountId: string;
}

/** Two users written through the domain services before the server opens the database: A with an account, B with challenges. */
async function seed(target: { dataDir?: string; databaseUrl?: string }): Promise<Users> {
  const db = await openDatabase(target);
  try {
    const s = createDomainServices(db);
    const a = await s.keys.createKey('positions-a', 'bench');
    const b = await s.keys.createKey('positions-b', 'bench');
    const callerA = await s.keys.authenticate(a.key);
    const callerB = await s.keys.authenticate(b.key);
    const account = await s.accounts.register(callerA, {
      login: '7001',
      server: 'Bench-Live',
      currency: 'USD',
      initialBalance: 100000,
    });
    for (let i = 0; i < 20; i++) {
      await s.challenges.create(callerB, {
        firm: 'FTMO',
        plan: `2-Step ${[10, 25, 50, 100][i % 4]}k`,
        price: 155 + i,
        currency: 'USD',
        billing: 'one_time',
        paymentMethod: 'card',
        purchasedAt: '2026-01-05',
      } as never);
    }
    return { a: a.key, b: b.key, accountId: account.id };
  } finally {
    await db.close();
  }
}

/** A maximum message: 10,000 positions from `from` on, one a minute, each with as many exits as keep the body under 8 MiB. */
function maximumMessage(from: number): { text: string; exits: number } {
  const build = (exitCount: number): string =>
    JSON.stringify({
      positions: Array.from({ length: POSITIONS }, (_, i) => {
        const opened = Date.UTC(2026, 2, 2) + (from + i) * 60_000;
        const exits = Array.from({ length: exitCount }, (_, k) => ({
          at: new Date(opened + 30_000).toISOString(),
          volume: 0.01,
          price: 1.1,
          profit: k - 2,
        }));
        return closedPosition(String(from + i), {
          openedAt: new Date(opened).toISOString(),
          closedAt: new Date(opened + 45_000).toISOString(),
          profit: ((from + i) % 7) * 10 - 30,
          exits,
        });
      }),
    });
  let exits = 0;
  while (build(exits + 1).length < BODY_LIMIT) exits++;
  return { text: build(exits), exits };
}

async function send(base: string, key: string, method: string, path: string, body?: string): Promise<number> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    // A new connection each time, as the probe's: a stall longer than the server's keep-alive would reset a kept one.
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'user-agent': 'propfolio-bench/1.0',
      connection: 'close',
    },
    body,
  }).catch((error: unknown) => {
    throw new Error(`${method} ${path} failed`, { cause: error });
  });
  await res.arrayBuffer();
  return res.status;
}

/** B's reads, one after another, until `until` says stop (at least `min` of them). */
async function reads(base: string, key: string, min: number, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (times.length < min || !until()) {
    const started = performance.now();
    const status = await send(base, key, 'GET', '/challenges');
    if (status !== 200) throw new Error(`GET /challenges answered ${status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Phase {
  healthz: { p50: number; p99: number; max: number; probes: number };
  read: Stats;
}

async function onTarget(name: string, env: Record<string, string>, seedTarget: { dataDir?: string; databaseUrl?: string }, dir: string) {
  const users = await seed(seedTarget);
  // Built before the server starts: building them holds this process seconds, in which a kept-alive connection the
  // server closed meanwhile went unnoticed and the next request failed on it ("other side closed").
  const first = maximumMessage(1);
  const second = maximumMessage(1 + POSITIONS);
  const bodies = [first.text, second.text, first.text];
  const server = await startServer(
    name,
    SERVER_ENTRY,
    { ...env, LOG_LEVEL: 'warn', ANSWER_CACHE_ENTRIES: '0' },
    {
      logFile: join(dir, `${name}.log`),
      nodeArgs: NODE_ARGS,
    },
  );
  try {
    const { base } = server;
    // A's stats read builds the account's summary: from then on every write of the account keeps it.
    if ((await send(base, users.a, 'GET', `/trades/stats?accountId=${users.accountId}`)) !== 200) throw new Error('stats read failed');
    // Warm-up, unmeasured: the code paths optimised (a small message, a few reads). Its position is one no message
    // carries: the first message gave position 1 other figures, which drops the account's kept summary (a changed
    // figure may have been a cell's extreme), so every write after it ran without the summary, the cheap case.
    await send(base, users.a, 'POST', `/accounts/${users.accountId}/positions`, JSON.stringify({ positions: [closedPosition('0')] }));
    await reads(base, users.b, 10, () => true);
    const idle: Phase = await probeDuring(`${base}/healthz`, async () => reads(base, users.b, READS, () => true)).then(
      ({ result, ...healthz }) => ({ healthz, read: summarize('idle', result) }),
    );
    const statuses: number[] = [];
    let messagesMs = 0;
    const busy: Phase = await probeDuring(`${base}/healthz`, async () => {
      let sending = true;
      const reader = reads(base, users.b, 1, () => !sending).then(
        (times) => ({ times }),
        (error: unknown) => ({ times: [] as number[], error }),
      );
      const started = performance.now();
      for (let i = 0; i < MESSAGES; i++) {
        statuses.push(await send(base, users.a, 'POST', `/accounts/${users.accountId}/positions`, bodies[i % bodies.length]));
      }
      messagesMs = performance.now() - started;
      sending = false;
      const read = await reader;
      if ('error' in read) throw read.error;
      return read.times;
    }).then(({ result, ...healthz }) => ({ healthz, read: summarize('busy', result) }));
    // A refused or failed message is a finding of its own: the server's log says which and why.
    if (statuses.some((s) => s !== 200))
      console.log(`${name}: answers ${statuses.join(' ')}; the server's log ends:\n${logTail(dir, name)}`);
    return { idle, busy, statuses, messagesMs, exits: first.exits, mib: first.text.length / 1_048_576 };
  } catch (error) {
    console.log(`${name}: the server's log ends:\n${logTail(dir, name)}`);
    throw error;
  } finally {
    await server.stop();
  }
}

function logTail(dir: string, name: string): string {
  return readFileSync(join(dir, `${name}.log`), 'utf8').slice(-3000);
}

const fixed = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));

export default async function run(): Promise<boolean> {
  console.log(`${machineLine()}, load ${(loadavg()[0] ?? 0).toFixed(2)}`);
  let ok = true;
  const rows: string[] = [];
  const targets: {
    name: string;
    open: (
      dir: string,
    ) => Promise<{ env: Record<string, string>; seed: { dataDir?: string; databaseUrl?: string }; release: () => Promise<void> } | null>;
  }[] = [
    {
      name: 'pglite',
      open: async (dir) => ({ env: { DATA_DIR: join(dir, 'data') }, seed: { dataDir: join(dir, 'data') }, release: async () => undefined }),
    },
    {
      name: 'postgres',
      open: async () => {
        const scratch = await scratchDatabase();
        return scratch && { env: { DATABASE_URL: scratch.url }, seed: { databaseUrl: scratch.url }, release: scratch.release };
      },
    },
  ];
  for (const target of targets.filter((t) => TARGETS.includes(t.name))) {
    const dir = mkdtempSync(join(tmpdir(), `pf-bench-positions-${target.name}-`));
    const opened = await target.open(dir);
    if (!opened) {
      console.log(`(${target.name}: no BENCH_DATABASE_URL or TEST_DATABASE_URL, skipped)`);
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    try {
      const r = await onTarget(target.name, opened.env, opened.seed, dir);
      const readRatio = r.busy.read.p50Ms / r.idle.read.p50Ms;
      // The probe's busy p99 over its idle p99 in the same run: on a loaded machine the idle p99 alone passes 100 ms.
      const healthzRatio = r.busy.healthz.p99 / r.idle.healthz.p99;
      const met = r.busy.healthz.p99 < HEALTHZ_P99_TARGET_MS && readRatio <= READ_RATIO_TARGET && r.statuses.every((s) => s === 200);
      ok &&= met;
      console.log(
        `${target.name}: ${MESSAGES} messages of ${POSITIONS} positions × ${r.exits} exits (${r.mib.toFixed(2)} MiB) in ${(r.messagesMs / 1000).toFixed(1)} s, answers ${r.statuses.join(' ')}`,
      );
      rows.push(
        `| ${target.name} | ${fixed(r.idle.healthz.p50)} / ${fixed(r.idle.healthz.p99)} | ${fixed(r.busy.healthz.p50)} / ${fixed(r.busy.healthz.p99)} / ${fixed(r.busy.healthz.max)} | ${fixed(r.idle.read.p50Ms)} / ${fixed(r.idle.read.p99Ms)} | ${fixed(r.busy.read.p50Ms)} / ${fixed(r.busy.read.p99Ms)} (${r.busy.read.samples}) | ${healthzRatio.toFixed(2)}× | ${readRatio.toFixed(2)}× | ${met ? 'met' : 'MISSED'} |`,
      );
    } finally {
      await opened.release();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n## Back-to-back maximum positions messages (targets: /healthz p99 < ${HEALTHZ_P99_TARGET_MS} ms, B's read p50 ≤ ${READ_RATIO_TARGET}× idle)`,
  );
  console.log(
    "| target | /healthz idle p50 / p99 ms | /healthz busy p50 / p99 / max ms | B's read idle p50 / p99 ms | B's read busy p50 / p99 ms (reads) | /healthz p99 busy ÷ idle | B p50 busy ÷ idle | |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  return ok;
}
