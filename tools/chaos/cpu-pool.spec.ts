import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScratchDatabase, type ScratchDatabase } from '@propfolio/db/testing';
import { ROOT, startApp, stopApp, waitForHealthy, waitForOutput, type RunningApp } from '@propfolio/server/testing';
import { dailyStatement, STATEMENT_LOGIN } from './daily-statement.js';
import { report, serverUrl } from './support.js';

/**
 * The CPU pool under attack (issue 31 items 1 and 3), on the built server:
 *
 * - a statement that makes its reader die with a fatal runtime error (reproduced by a test-only preload,
 *   libs/domain/test/abort-hook.mjs, that aborts the pool's child the way V8 does) costs that one request a
 *   422 job_aborted; the service answers the next import;
 * - anonymous clients flooding public simulations do not starve a signed-in import: fewer anonymous
 *   simulations finish while the import is in flight than the anonymous slice of the pool holds.
 */
const HOOK = pathToFileURL(join(ROOT, 'libs/domain/test/abort-hook.mjs')).href;
const UA = { 'user-agent': 'propfolio-chaos/1.0' };

describe('CPU pool: a crash costs one job, and the pool is fair', () => {
  let app: RunningApp;
  let key: string;
  let accountId: string;
  let scratch: ScratchDatabase | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'pf-chaos-cpu-'));

  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(app.url(`/api/v1${path}`), {
      method: 'POST',
      headers: { ...UA, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const signedIn = { authorization: '' };
  const importStatement = (bytes: Uint8Array) =>
    call(`/accounts/${accountId}/statements`, { content: Buffer.from(bytes).toString('base64'), dryRun: true }, signedIn);

  beforeAll(async () => {
    scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    app = await startApp('server', {
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
      // Test-only: the pool's children inherit the preload; it acts in them only, on a marked statement.
      NODE_OPTIONS: `--import ${HOOK}`,
      CPU_WORKERS: '2',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await waitForHealthy(app);
    await waitForOutput(app, /eakey_[A-Za-z0-9]+/);
    key = /eakey_[A-Za-z0-9]+/.exec(app.output())?.[0] ?? '';
    signedIn.authorization = `Bearer ${key}`;
    const account = await call(
      '/accounts',
      { login: STATEMENT_LOGIN, server: 'Broker-Live', currency: 'usd', initialBalance: 100000 },
      signedIn,
    );
    expect(account.status).toBe(201);
    accountId = ((await account.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('a statement whose reader aborts the process answers 422 job_aborted, and the service imports the next one', async () => {
    const crash = await importStatement(new TextEncoder().encode('PROPFOLIO-TEST-ABORT <html></html>'));
    const problem = (await crash.json()) as { code: string; detail: string };
    expect({ status: crash.status, code: problem.code }).toEqual({ status: 422, code: 'job_aborted' });
    expect(problem.detail).toContain('SIGABRT');
    // Same process (no restart in between), next request: a real 30-day statement.
    const next = await importStatement(dailyStatement(30, 4));
    expect(next.status).toBe(200);
    expect(((await next.json()) as { created: number }).created).toBe(30);
    expect(app.child.exitCode).toBeNull();
    report('fatal error in a statement reader', { crashed: crash.status, next: next.status, serviceUp: app.child.exitCode === null });
  });

  it('an anonymous flood of public simulations does not starve a signed-in import', async () => {
    const flooders = 12;
    // Seconds of work each (most paths stay open to the horizon), well inside the cost limit: the longest a
    // public client may ask for, so a first-come queue of them is long.
    const simulation = {
      rules: {
        profitTargetsPercent: [50],
        dailyLoss: 'none',
        maxLoss: { percent: 10, type: 'static' },
        minTradingDays: { days: 0, perPhase: false },
        timeLimit: 'none',
      },
      dailyPnlPercent: [0.2, -0.1, 0.15, -0.05, 0.1, -0.2],
      paths: 100_000,
      horizonDays: 500,
    };
    let stop = false;
    let finished = 0;
    let refused = 0;
    let unexpected: string | undefined;
    const flooder = async (n: number) => {
      const headers = { 'x-forwarded-for': `198.51.100.${String(n + 1)}` };
      while (!stop && unexpected === undefined) {
        const res = await call('/simulations', simulation, headers);
        if (res.status === 200 || res.status === 429 || res.status === 503) await res.arrayBuffer();
        if (res.status === 200) finished++;
        else if (res.status === 429 || res.status === 503) refused++;
        else {
          unexpected = `flood: unexpected ${String(res.status)}: ${JSON.stringify(await res.text())}`;
          return;
        }
        // A refused client comes back after Retry-After would tell it to; it is the one-job slice that holds it.
        if (res.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const flood = Array.from({ length: flooders }, (_, n) => flooder(n));
    // The flood is on once the pool has finished anonymous work.
    while (finished < 3 && unexpected === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unexpected).toBeUndefined();
    const file = dailyStatement(30, 4);
    const rounds: { status: number; finishedMeanwhile: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const before = finished;
      const res = await importStatement(file);
      await res.arrayBuffer();
      rounds.push({ status: res.status, finishedMeanwhile: finished - before });
    }
    stop = true;
    await Promise.all(flood);
    report('signed-in import under an anonymous simulation flood', { flooders, finished, refused, rounds });
    // Served, not refused: the queue has room for signed-in work whatever anonymous clients send.
    expect(rounds.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Not behind the flood: in a first-come queue each import waits for every simulation queued before it.
    // Here anonymous work holds one of the two children, so at most the one running (and the one that child
    // starts next) finish while an import is in flight.
    expect(Math.max(...rounds.map((r) => r.finishedMeanwhile))).toBeLessThanOrEqual(2);
  });
});
