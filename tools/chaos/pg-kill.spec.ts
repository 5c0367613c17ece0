import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createLogger } from '@propfolio/core';
import { RestTestApp, createChallenge, registerAccount } from '@propfolio/rest-api/testing';
import { listenOnLoopback, openChaosDatabase, report, serverUrl, type ChaosDatabase } from './support.js';

const REQUESTS = Number(process.env.CHAOS_REQUESTS ?? 2000);
const CONCURRENCY = 16;
const KILL_EVERY_MS = 1000;

/** Issue 14 item 7: PostgreSQL backends terminated under load must not surface as 5xx. */
(serverUrl ? describe : describe.skip)('PostgreSQL connections killed under load [postgres]', () => {
  let chaos: ChaosDatabase;
  let app: RestTestApp;
  let base: string;
  const errors: string[] = [];
  beforeAll(async () => {
    chaos = await openChaosDatabase(10);
    app = await RestTestApp.start(chaos.db, { logger: createLogger('error', {}, (line) => errors.push(line)) });
    base = await listenOnLoopback(app.server);
  });
  afterAll(async () => {
    await app.close();
    await chaos.close();
  });

  it(`answers ${REQUESTS} requests without a 5xx while backends are terminated every ${KILL_EVERY_MS} ms`, async () => {
    const challenge = await createChallenge(app);
    // One EA pushes for one account: spread the reports over 20 accounts, as real trackers would.
    const accounts = await Promise.all(Array.from({ length: 20 }, () => registerAccount(app)));
    const headers = { authorization: `Bearer ${app.ownerKey}`, 'content-type': 'application/json', 'user-agent': 'propfolio-chaos/1.0' };
    const requests: (() => Promise<Response>)[] = [
      () => fetch(`${base}/api/v1/challenges?limit=20`, { headers }),
      () => fetch(`${base}/api/v1/me/summary`, { headers }),
      () => fetch(`${base}/api/v1/challenges/${challenge.id}`, { headers }),
      () => fetch(`${base}/api/v1/challenges`, { method: 'POST', headers, body: JSON.stringify({ firm: 'F', plan: 'load', price: 1 }) }),
      (day = 1 + Math.floor(Math.random() * 28)) =>
        fetch(`${base}/api/v1/accounts/${(accounts[day % accounts.length] as { id: string }).id}/reports`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ date: `2026-02-${String(day).padStart(2, '0')}`, balance: 1000 + day, equity: 1000, closedPnl: day }),
        }),
      () => fetch(`${base}/api/v1/plans?limit=5`, { headers: { 'user-agent': 'propfolio-chaos/1.0' } }),
    ];

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    let killed = 0;
    // Widened: the killer loop reads it while the test body flips it after an await.
    let done = false as boolean;
    const killer = (async () => {
      while (!done) {
        const result = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [chaos.name],
        );
        killed += result.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
      }
    })();

    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        const res = await (requests[index % requests.length] as () => Promise<Response>)();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const started = Date.now();
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      done = true;
      await killer;
      await admin.end();
    }
    const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    report('backends killed under load', {
      requests: REQUESTS,
      backendsKilled: killed,
      fiveXx,
      statuses: Object.fromEntries(statuses),
      seconds: (Date.now() - started) / 1000,
    });
    if (fiveXx > 0) process.stdout.write(`[chaos] errors by kind:\n${JSON.stringify(errorKinds(errors), null, 1)}\n`);
    expect(killed).toBeGreaterThan(0);
    // Every write runs in an explicit transaction (retried whole on a fresh connection) or is one statement
    // (retried by the adapter): nothing may fail. What escapes is printed above, by kind and place.
    expect(fiveXx).toBe(0);
  });
});

/** What escaped the retries, counted by the error's name and the first line of its message (where it ends). */
function errorKinds(lines: string[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of lines) {
    const error = (JSON.parse(line) as { error?: { name?: string; message?: string; code?: string; stack?: string } }).error;
    const message =
      (error?.message ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(-1)[0] ?? '';
    const where = /(?:libs|apps)\/[\w./-]+:\d+/.exec(`${error?.message ?? ''}\n${error?.stack ?? ''}`)?.[0] ?? '?';
    const kind = `${error?.name ?? '?'} ${error?.code ?? ''} ${message.slice(0, 120)} at ${where}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}
