/**
 * `npm run bench -- scale`: 1 and then 2 instances of apps/rest-api and apps/mcp-server on one
 * PostgreSQL (a new database beside the one BENCH_DATABASE_URL or TEST_DATABASE_URL names) and one Redis (REDIS_URL, default local) behind
 * HAProxy on 127.0.0.1. Prints req/s, p50 and p99 per route and instance count with each instance's
 * share of the requests (HAProxy's counters), then checks across two instances:
 * - every instance of each backend (REST and MCP) gets a fair part of the load;
 * - a rate limit admits exactly its quota;
 * - 20 concurrent identical POSTs with one Idempotency-Key create one record, and all 20 get the same
 *   201 answer (a duplicate waits for the first and replays it);
 * - kill -9 of one instance mid-load loses no acknowledged write, and the health checks take it out.
 * Every load is bounded in time (BENCH_SECONDS, default 5). Resolves false when a check fails (the exit
 * code); slow numbers fail nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase } from '../http/bench-database.ts';
import { startHaproxy, type Balancer, type ServerStats } from '../http/haproxy.ts';
import { CONNECTIONS, drain, runLoad, SECONDS, WARMUP_SECONDS, type LoadResult, type RouteSpec } from '../http/load.ts';
import { machineLine } from '../http/report.ts';
import { seedUser } from '../http/seed.ts';
import { startServer, type RunningServer } from '../http/server-process.ts';
import { routes } from './http.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REST_ENTRY = join(root, 'apps/rest-api/dist/main.js');
const MCP_ENTRY = join(root, 'apps/mcp-server/dist/main.js');
const ROUTES = ['GET /me/summary', 'GET /challenges?limit=20', 'MCP get_summary'];
const QUOTA = 40;
const OVER_QUOTA = 20;
const DUPLICATES = 20;
/** Below this share of a backend's requests an instance does not count as load balanced. */
const MIN_SHARE = 0.1;
const KILL_WRITERS = 16;
const DOWN_WITHIN_MS = 10_000;
const UA = { 'user-agent': 'propfolio-bench/1.0' };

type Backend = 'rest' | 'mcp';

interface Fleet {
  rest: RunningServer[];
  mcp: RunningServer[];
  balancer: Balancer;
  stop(): Promise<void>;
}

interface Row {
  instances: number;
  result: LoadResult;
  /** Requests per server of the route's backend during the measured run. */
  served: Map<string, number>;
  /** Health-check removals per server during the run (a starved instance answering /healthz too late). */
  downs: Map<string, number>;
  load: number;
}

interface Check {
  pass: boolean;
  text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const backendOf = (route: RouteSpec): Backend => (route.kind === 'mcp' ? 'mcp' : 'rest');

async function startFleet(instances: number, env: Record<string, string>, workDir: string): Promise<Fleet> {
  const rest: RunningServer[] = [];
  const mcp: RunningServer[] = [];
  const stopAll = () => Promise.all([...rest, ...mcp].map((s) => s.stop()));
  try {
    // One at a time: the first applies any migration and imports the catalog, the others find them done.
    for (let i = 1; i <= instances; i++) {
      rest.push(await startServer(`rest-${i}`, REST_ENTRY, env, { logFile: join(workDir, `rest-${i}.log`) }));
      mcp.push(await startServer(`mcp-${i}`, MCP_ENTRY, env, { logFile: join(workDir, `mcp-${i}.log`) }));
    }
    const balancer = await startHaproxy(
      workDir,
      rest.map((s) => s.base),
      mcp.map((s) => s.base),
    );
    const stop = async () => {
      await balancer.stop();
      await stopAll();
    };
    return { rest, mcp, balancer, stop };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Per server of `backend`: how much `field` grew between two snapshots. */
function delta(before: ServerStats[], after: ServerStats[], backend: Backend, field: 'requests' | 'downs'): Map<string, number> {
  const start = new Map(before.map((s) => [`${s.backend}/${s.server}`, s[field]]));
  return new Map(
    after.filter((s) => s.backend === backend).map((s) => [s.server, s[field] - (start.get(`${s.backend}/${s.server}`) ?? 0)]),
  );
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const shares = (counts: Map<string, number>) =>
  [...counts].map(([server, n]) => `${server} ${total(counts) > 0 ? Math.round((100 * n) / total(counts)) : 0}%`).join(' · ');
const perServer = (counts: Map<string, number>) => [...counts].map(([server, n]) => `${server} ${n}`).join(', ');
const everyInstanceServed = (counts: Map<string, number>, atLeast: number) =>
  counts.size > 1 && [...counts.values()].every((n) => n > 0 && n >= atLeast * total(counts));

/** Warm-up, then the measured run between two snapshots of HAProxy's counters, each instance drained after. */
async function measure(fleet: Fleet, route: RouteSpec): Promise<Row> {
  const { base } = fleet.balancer;
  const settle = () => Promise.all([...fleet.rest, ...fleet.mcp].map((s) => drain(s.base)));
  // Scaled with the instances, so that each gets as many warm-up requests as a lone one: the MCP instances
  // see no load before their route, and with half of a short warm-up each they were measured colder.
  await runLoad(base, route, WARMUP_SECONDS * fleet.rest.length, false);
  await settle();
  const before = await fleet.balancer.servers();
  const result = await runLoad(base, route, SECONDS, false);
  await settle();
  const after = await fleet.balancer.servers();
  const backend = backendOf(route);
  return {
    instances: fleet.rest.length,
    result,
    served: delta(before, after, backend, 'requests'),
    downs: delta(before, after, backend, 'downs'),
    load: loadavg()[0] ?? 0,
  };
}

function printThroughput(rows: Row[]): void {
  console.log(`\n## Throughput behind HAProxy (one PostgreSQL, one Redis)`);
  console.log('| route | instances | req/s | p50 ms | p99 ms | failed | requests per instance | vs 1 instance | load 1 min |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|');
  const warnings: string[] = [];
  for (const row of rows) {
    const { result: r } = row;
    const one = rows.find((x) => x.instances === 1 && x.result.label === r.label)?.result;
    const gain = row.instances > 1 && one && one.rps > 0 ? `${(r.rps / one.rps).toFixed(2)}×` : '';
    console.log(
      `| ${r.label} | ${row.instances} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.failures} | ${shares(row.served)} | ${gain} | ${row.load.toFixed(1)} |`,
    );
    if (r.total === 0) warnings.push(`${r.label} × ${row.instances}: no answer completed within the ${SECONDS} s run`);
    if (r.failures > 0) warnings.push(`${r.label} × ${row.instances}: ${r.failures} of ${r.total} answers failed or timed out`);
    if (total(row.downs) > 0) warnings.push(`${r.label} × ${row.instances}: health checks took out ${perServer(row.downs)} during the run`);
  }
  if (warnings.length > 0) console.log(`\nWarnings (an overloaded machine?):\n${warnings.map((w) => `- ${w}`).join('\n')}`);
}

function checkBalance(rows: Row[]): Check {
  const spread = rows.filter((r) => r.instances > 1);
  const pass = spread.length > 0 && spread.every((r) => everyInstanceServed(r.served, MIN_SHARE));
  const detail = spread.map((r) => `${r.result.label}: ${shares(r.served)}`).join('; ');
  return {
    pass,
    text: `load balancing: with 2 instances every REST and MCP instance serves ≥ ${MIN_SHARE * 100}% of its route (${detail})`,
  };
}

function request(base: string, key: string, path: string, init: { method?: string; body?: object; headers?: Record<string, string> } = {}) {
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...UA,
      authorization: `Bearer ${key}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** Every challenge id of the key's user, page by page. */
async function challengeIds(base: string, key: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await request(base, key, `/api/v1/challenges?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`listing challenges answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const tally = (values: (number | string)[]) =>
  Object.entries(values.reduce<Record<string, number>>((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {}))
    .map(([v, n]) => `${n}×${v}`)
    .join(', ');

/** Waits until at least `seconds` remain in the current fixed rate-limit minute, so a burst falls in one window. */
async function waitForFreshWindow(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await sleep(left * 1000 + 200);
}

async function checkRateLimit(balancer: Balancer, key: string): Promise<Check> {
  await waitForFreshWindow(20);
  const before = await balancer.servers();
  const statuses = await Promise.all(
    Array.from({ length: QUOTA + OVER_QUOTA }, () =>
      request(balancer.base, key, '/api/v1/me/summary').then(async (r) => (await r.arrayBuffer(), r.status)),
    ),
  );
  const served = delta(before, await balancer.servers(), 'rest', 'requests');
  const admitted = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;
  return {
    pass: admitted === QUOTA && limited === OVER_QUOTA && everyInstanceServed(served, 0),
    text: `rate limit ${QUOTA}/min for one key: ${QUOTA + OVER_QUOTA} concurrent GETs over 2 instances (${perServer(served)}) → ${admitted} admitted, ${limited} answered 429 (expected ${QUOTA} and ${OVER_QUOTA}; answers ${tally(statuses)})`,
  };
}

async function checkIdempotency(balancer: Balancer, key: string): Promise<Check> {
  const headers = { 'idempotency-key': `idem-${Date.now().toString(36)}` };
  const body = { firm: 'ScaleCheck', plan: 'Idempotency', price: 100 };
  const before = await balancer.servers();
  const answers = await Promise.all(
    Array.from({ length: DUPLICATES }, async () => {
      const res = await request(balancer.base, key, '/api/v1/challenges', { method: 'POST', body, headers });
      const answer = (await res.json()) as { id?: string };
      return { status: res.status, id: answer.id ?? '-', replayed: res.headers.get('idempotent-replayed') === 'true' };
    }),
  );
  const served = delta(before, await balancer.servers(), 'rest', 'requests');
  const created = (await challengeIds(balancer.base, key)).length;
  const ids = new Set(answers.map((a) => a.id));
  const replayed = answers.filter((a) => a.replayed).length;
  const all201 = answers.every((a) => a.status === 201);
  return {
    pass: created === 1 && all201 && ids.size === 1 && everyInstanceServed(served, 0),
    text: `${DUPLICATES} concurrent identical POSTs with one Idempotency-Key over 2 instances (${perServer(served)}) → ${created} record created; answers ${tally(answers.map((a) => a.status))} carrying ${ids.size} distinct id(s), ${replayed} marked Idempotent-Replayed (expected 1 record and ${DUPLICATES}×201 with one id, ${DUPLICATES - 1} replayed)`,
  };
}

/** Polls HAProxy until the health checks mark `server` DOWN; its status and the time since `since`. */
async function waitForDown(balancer: Balancer, server: string, since: number): Promise<{ status: string; ms: number }> {
  let status = '?';
  while (Date.now() - since < DOWN_WITHIN_MS) {
    status = (await balancer.servers()).find((s) => s.backend === 'rest' && s.server === server)?.status ?? '?';
    if (status.startsWith('DOWN')) break;
    await sleep(50);
  }
  return { status, ms: Date.now() - since };
}

async function checkKill(fleet: Fleet, key: string): Promise<Check[]> {
  const { balancer } = fleet;
  const acknowledged = new Set<string>();
  const failures: (number | string)[] = [];
  let failedAfterDown = 0;
  let ackAfterDown = 0;
  let downAt = Infinity;
  let sent = 0;
  const deadline = Date.now() + (SECONDS + 3) * 1000;
  const writer = async () => {
    while (Date.now() < deadline) {
      const startedAt = Date.now();
      const body = { firm: 'KillCheck', plan: `kill-${sent++}`, price: 1 };
      try {
        const res = await request(balancer.base, key, '/api/v1/challenges', { method: 'POST', body });
        const text = await res.text();
        if (res.status !== 201) throw new Error(String(res.status));
        acknowledged.add((JSON.parse(text) as { id: string }).id);
        if (startedAt > downAt) ackAfterDown++;
      } catch (error) {
        // A status, or how the socket failed (the balancer may close it instead of answering 502).
        failures.push((error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
        if (startedAt > downAt) failedAfterDown++;
      }
    }
  };
  const before = await balancer.servers();
  const load = Promise.all(Array.from({ length: KILL_WRITERS }, writer));
  await sleep(1500);
  const victim = fleet.rest[1] as RunningServer;
  const servedBeforeKill = delta(before, await balancer.servers(), 'rest', 'requests');
  victim.process.kill('SIGKILL');
  const killedAt = Date.now();
  const down = await waitForDown(balancer, 's2', killedAt);
  if (down.status.startsWith('DOWN')) downAt = Date.now();
  await load;
  const stored = new Set(await challengeIds(balancer.base, key));
  const missing = [...acknowledged].filter((id) => !stored.has(id)).length;
  const unacknowledged = [...stored].filter((id) => !acknowledged.has(id)).length;
  return [
    {
      pass: missing === 0 && acknowledged.size > 0,
      text: `kill -9 of REST instance s2 after 1.5 s of ${KILL_WRITERS} concurrent writers (it had served ${servedBeforeKill.get('s2') ?? 0} of ${total(servedBeforeKill)}): ${acknowledged.size} writes acknowledged with 201, ${missing} of them missing afterwards; ${failures.length} failed in flight (${tally(failures) || 'none'}) and ${unacknowledged} of those were stored all the same`,
    },
    {
      pass: down.status.startsWith('DOWN') && failedAfterDown === 0,
      text: `health checks took s2 out ${down.ms} ms after the kill (status ${down.status}, bound ${DOWN_WITHIN_MS} ms); afterwards s1 acknowledged ${ackAfterDown} writes and ${failedAfterDown} failed`,
    },
  ];
}

/** Fresh keys, one user each, so that every check counts its own records and rate-limit bucket. */
async function freshKeys(databaseUrl: string, names: string[]): Promise<string[]> {
  const { openDatabase } = await import('@propfolio/db');
  const { createDomainServices } = await import('@propfolio/domain');
  const db = await openDatabase({ databaseUrl });
  try {
    const keys = createDomainServices(db).keys;
    const stamp = Date.now().toString(36);
    return await Promise.all(names.map(async (name) => (await keys.createKey(`${name}-${stamp}`)).key));
  } finally {
    await db.close();
  }
}

export default async function run(): Promise<boolean> {
  const database = await benchDatabase();
  if (!database) {
    console.log('\n(scale skipped: it needs PostgreSQL; set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
    return true;
  }
  const databaseUrl = database.url;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const workDir = mkdtempSync(join(tmpdir(), 'propfolio-scale-'));
  console.log(`\n${machineLine()}; load average ${loadAverage()} (1/5/15 min)`);
  console.log(
    `autocannon ${CONNECTIONS} connections through HAProxy, ${SECONDS} s per route after ${WARMUP_SECONDS} s warm-up per instance.`,
  );
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: 'true' };
  const checks: Check[] = [];
  try {
    const user = await seedUser({ databaseUrl }, `scale-${Date.now().toString(36)}`);
    const [quotaKey, idempotencyKey, killKey] = (await freshKeys(databaseUrl, ['quota', 'idempotency', 'kill'])) as [
      string,
      string,
      string,
    ];
    const measured = routes(user).filter((r) => ROUTES.includes(r.label));
    const rows: Row[] = [];
    for (const instances of [1, 2]) {
      const fleet = await startFleet(instances, env, workDir);
      try {
        for (const route of measured) rows.push(await measure(fleet, route));
        if (instances === 2) {
          printThroughput(
            rows.sort((a, b) => ROUTES.indexOf(a.result.label) - ROUTES.indexOf(b.result.label) || a.instances - b.instances),
          );
          checks.push(checkBalance(rows));
          checks.push(await checkIdempotency(fleet.balancer, idempotencyKey));
          checks.push(...(await checkKill(fleet, killKey)));
        }
      } finally {
        await fleet.stop();
      }
    }
    const limited = await startFleet(2, { ...env, RATE_LIMIT_PER_MINUTE: String(QUOTA) }, workDir);
    try {
      checks.push(await checkRateLimit(limited.balancer, quotaKey));
    } finally {
      await limited.stop();
    }
  } finally {
    console.log(`\n## Checks across 2 instances\n${checks.map((c) => `- ${c.pass ? 'PASS' : 'FAIL'} ${c.text}`).join('\n')}`);
    console.log(`\nload average ${loadAverage()} at the end`);
    if (process.env.BENCH_KEEP) console.log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
    await database.release();
  }
  return checks.every((c) => c.pass);
}
