/**
 * `npm run bench -- scale`: 1 and then 2 instances of apps/rest-api and apps/mcp-server on one
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and one Redis (REDIS_URL, default local) behind
 * HAProxy on 127.0.0.1. Prints throughput per instance count, then checks across the two instances: a
 * rate limit admits exactly its quota, 20 concurrent POSTs with one Idempotency-Key create one record,
 * and killing an instance mid-load loses no acknowledged write while the health checks take it out.
 * Every load is bounded in time (BENCH_SECONDS, default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy, type Balancer } from '../http/haproxy.ts';
import { CONNECTIONS, runLoad, SECONDS, type LoadResult, type RouteSpec } from '../http/load.ts';
import { machineLine } from '../http/report.ts';
import { seedUser, type SeededUser } from '../http/seed.ts';
import { startServer, type RunningServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REST_ENTRY = join(root, 'apps/rest-api/dist/main.js');
const MCP_ENTRY = join(root, 'apps/mcp-server/dist/main.js');
const QUOTA = 40;
const UA = { 'user-agent': 'propfolio-bench/1.0' };

interface Fleet {
  rest: RunningServer[];
  mcp: RunningServer[];
  balancer: Balancer;
  stop(): Promise<void>;
}

async function startFleet(instances: number, env: Record<string, string>, workDir: string): Promise<Fleet> {
  const rest: RunningServer[] = [];
  const mcp: RunningServer[] = [];
  // One at a time: the first applies any migration and imports the catalog, the others find them done.
  for (let i = 0; i < instances; i++) {
    rest.push(await startServer(`rest-${i + 1}`, REST_ENTRY, env, { logFile: join(workDir, `rest-${i + 1}.log`) }));
    mcp.push(await startServer(`mcp-${i + 1}`, MCP_ENTRY, env, { logFile: join(workDir, `mcp-${i + 1}.log`) }));
  }
  const balancer = await startHaproxy(
    workDir,
    rest.map((s) => s.base),
    mcp.map((s) => s.base),
  );
  return {
    rest,
    mcp,
    balancer,
    stop: async () => {
      await balancer.stop();
      await Promise.all([...rest, ...mcp].map((s) => s.stop()));
    },
  };
}

function throughputRoutes(user: SeededUser): RouteSpec[] {
  const auth = { authorization: `Bearer ${user.key}` };
  return [
    { label: 'GET /me/summary', kind: 'read', path: '/api/v1/me/summary', headers: auth },
    { label: 'GET /challenges?limit=20', kind: 'read', path: '/api/v1/challenges?limit=20', headers: auth },
    {
      label: 'MCP get_summary',
      kind: 'mcp',
      method: 'POST',
      path: '/mcp',
      headers: { ...auth, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_summary', arguments: {} } }),
    },
  ];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until at least `seconds` remain in the current fixed rate-limit minute, so a burst falls in one window. */
async function waitForFreshWindow(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await sleep(left * 1000 + 200);
}

async function checkRateLimit(base: string, key: string): Promise<string> {
  await waitForFreshWindow(20);
  const answers = await Promise.all(
    Array.from({ length: QUOTA + 20 }, () =>
      fetch(`${base}/api/v1/me/summary`, { headers: { ...UA, authorization: `Bearer ${key}` } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
      ),
    ),
  );
  const ok = answers.filter((s) => s === 200).length;
  const limited = answers.filter((s) => s === 429).length;
  return `${ok === QUOTA && limited === 20 ? 'PASS' : 'FAIL'} rate limit ${QUOTA}/min across 2 instances: ${QUOTA + 20} requests → ${ok} admitted, ${limited} answered 429`;
}

async function checkIdempotency(base: string, key: string): Promise<string> {
  const plan = `idem-${Date.now().toString(36)}`;
  const headers = { ...UA, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': plan };
  const body = JSON.stringify({ firm: 'ScaleCheck', plan, price: 100 });
  const statuses = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${base}/api/v1/challenges`, { method: 'POST', headers, body }).then(async (r) => (await r.arrayBuffer(), r.status)),
    ),
  );
  const res = await fetch(`${base}/api/v1/challenges?limit=200`, { headers: { ...UA, authorization: `Bearer ${key}` } });
  const list = res.status === 200 ? ((await res.json()) as { items: { plan: string }[] }).items : [];
  const created = list.filter((c) => c.plan === plan).length;
  const tally = Object.entries(statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {}))
    .map(([s, n]) => `${n}×${s}`)
    .join(', ');
  return `${created === 1 ? 'PASS' : 'FAIL'} 20 concurrent POSTs with one Idempotency-Key over 2 instances: ${created} record created (answers ${tally})`;
}

async function checkKill(fleet: Fleet, key: string): Promise<string[]> {
  const base = fleet.balancer.base;
  const headers = { ...UA, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const acknowledged: string[] = [];
  let failed = 0;
  let failedAfterOut = 0;
  let outAt = 0;
  const deadline = Date.now() + SECONDS * 1000 + 3000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const plan = `kill-${n++}`;
      try {
        const res = await fetch(`${base}/api/v1/challenges`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ firm: 'KillCheck', plan, price: 1 }),
        });
        const text = await res.text();
        if (res.status !== 201) throw new Error(String(res.status));
        acknowledged.push((JSON.parse(text) as { id: string }).id);
      } catch {
        failed++;
        if (outAt && Date.now() > outAt) failedAfterOut++;
      }
    }
  };
  const load = Promise.all(Array.from({ length: 16 }, worker));
  await sleep(1500);
  const victim = fleet.rest[1] as RunningServer;
  victim.process.kill('SIGKILL');
  const killedAt = Date.now();
  let status = '';
  while (Date.now() - killedAt < 10_000) {
    const rows = await fleet.balancer.serverStatus();
    status = rows.find((r) => r.backend === 'rest' && r.server === 's2')?.status ?? '?';
    if (status.startsWith('DOWN')) break;
    await sleep(100);
  }
  const detectMs = Date.now() - killedAt;
  outAt = Date.now();
  await load;
  let missing = 0;
  for (const id of acknowledged) {
    const res = await fetch(`${base}/api/v1/challenges/${id}`, { headers: { ...UA, authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    if (res.status !== 200) missing++;
  }
  return [
    `${missing === 0 ? 'PASS' : 'FAIL'} kill -9 of one REST instance mid-load: ${acknowledged.length} writes acknowledged (201), ${missing} of them missing afterwards; ${failed} requests failed in flight`,
    `${status.startsWith('DOWN') ? 'PASS' : 'FAIL'} HAProxy marked the killed instance ${status} ${detectMs} ms after the kill; ${failedAfterOut} requests failed after that`,
  ];
}

export default async function run(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    console.log('\n(scale skipped: it needs PostgreSQL; set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
    return;
  }
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const workDir = mkdtempSync(join(tmpdir(), 'propfolio-scale-'));
  console.log(`\n${machineLine()}; autocannon ${CONNECTIONS} connections through HAProxy, ${SECONDS} s per route after 1 s warm-up.`);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '1000000' };
  const user = await seedUser({ databaseUrl }, `scale-${Date.now().toString(36)}`);
  const results = new Map<number, LoadResult[]>();
  try {
    for (const instances of [1, 2]) {
      const fleet = await startFleet(instances, env, workDir);
      try {
        const rows: LoadResult[] = [];
        for (const route of throughputRoutes(user)) rows.push(await runLoad(fleet.balancer.base, route));
        results.set(instances, rows);
      } finally {
        await fleet.stop();
      }
    }
    console.log('\n## Throughput behind HAProxy (one PostgreSQL, one Redis)');
    console.log('| route | 1 instance req/s | p99 ms | failed | 2 instances req/s | p99 ms | failed | 2 vs 1 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const one = results.get(1) ?? [];
    const two = results.get(2) ?? [];
    one.forEach((a, i) => {
      const b = two[i] as LoadResult;
      console.log(
        `| ${a.label} | ${a.rps.toFixed(0)} | ${a.p99.toFixed(0)} | ${a.failures} | ${b.rps.toFixed(0)} | ${b.p99.toFixed(0)} | ${b.failures} | ${(b.rps / a.rps).toFixed(2)} |`,
      );
    });

    const checks: string[] = [];
    const limited = await startFleet(2, { ...env, RATE_LIMIT_PER_MINUTE: String(QUOTA) }, workDir);
    try {
      const quotaUser = await seedUserKeyOnly(databaseUrl);
      checks.push(await checkRateLimit(limited.balancer.base, quotaUser));
    } finally {
      await limited.stop();
    }
    const fleet = await startFleet(2, env, workDir);
    try {
      checks.push(await checkIdempotency(fleet.balancer.base, user.key));
      checks.push(...(await checkKill(fleet, user.key)));
    } finally {
      await fleet.stop();
    }
    console.log(`\n## Checks across 2 instances\n${checks.map((c) => `- ${c}`).join('\n')}`);
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

/** A fresh key (its own rate-limit bucket) for the quota check. */
async function seedUserKeyOnly(databaseUrl: string): Promise<string> {
  const { openDatabase } = await import('../../../libs/db/src/index.ts');
  const { createDomainServices } = await import('../../../libs/domain/src/index.ts');
  const db = await openDatabase({ databaseUrl });
  try {
    return (await createDomainServices(db).keys.createKey(`quota-${Date.now().toString(36)}`)).key;
  } finally {
    await db.close();
  }
}
