/**
 * `npm run bench -- alerts`: what alerting costs a snapshot, and how soon an alert arrives (issue 34, "Fast").
 *
 * (a) Throughput: `SnapshotService.push` with alert evaluation on (the rules' lanes, the fired log, the delivery
 *     rows of one webhook channel, the worker sending them) against the product's own upsert statement (SNAPSHOT_SQL)
 *     run bare through the same driver with the same figures, in the same run: BENCH_CONNECTIONS loops each, phases alternated twice, BENCH_SECONDS each.
 *     The evaluation runs off the write's answer, so the subject's window ends only after `alerts.idle()`: its cost
 *     is counted, not deferred. Snapshots hover above every threshold (nothing fires) so the cost is the
 *     evaluation's; target ≥ 0.5 of the bare upsert's rate.
 * (b) Latency: 100 snapshots per second for ALERTS_LATENCY_SECONDS (10), each on its own account and crossing 50 %
 *     of the daily loss left, so each fires one alert to a webhook receiver on 127.0.0.1 (verified signature);
 *     from the push's start to the receiver's request. Target: p99 under 2 s.
 *
 * On PGlite (in this process) and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { Webhook } from 'standardwebhooks';
import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { SNAPSHOT_SQL, createDomainServices, type DomainServices } from '@propfolio/domain';
import { summarize } from '../harness.ts';
import { onEachDatabase } from '../http/bench-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const LATENCY_SECONDS = Number(process.env.ALERTS_LATENCY_SECONDS ?? 10);
const RATE = 100;
const KEY = Buffer.alloc(32, 9);

interface Receiver {
  url: string;
  arrivals: Map<string, number>;
  bad: number;
  close(): void;
}

/** The webhook receiver: checks each signature by the specification's rules and notes when each account's alert came. */
async function receiver(secret: () => string): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const state = { bad: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = new Webhook(secret()).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as {
          data: { accountId: string };
        };
        if (!arrivals.has(body.data.accountId)) arrivals.set(body.data.accountId, at);
      } catch {
        state.bad += 1;
      }
      res.statusCode = 204;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    get bad() {
      return state.bad;
    },
    close: () => server.close(),
  };
}

/** A user with a challenge whose own rules put the daily floor at 5 % of the initial balance, and `n` accounts on it. */
async function seed(s: DomainServices, n: number): Promise<{ caller: Caller; accounts: string[] }> {
  const { key } = await s.keys.createKey(`alerts-bench-${Date.now().toString(36)}`, 'bench');
  const caller = await s.keys.authenticate(key);
  const today = new Date().toISOString().slice(0, 10);
  const challenge = await s.challenges.create(caller, {
    firm: 'FTMO',
    plan: '2-Step 100k',
    price: 540,
    currency: 'EUR',
    purchasedAt: today,
  });
  await s.coach.rules.set(caller, {
    id: challenge.id,
    rules: {
      dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
      maxLoss: { percent: 10, type: 'static' },
    },
  } as never);
  const accounts: string[] = [];
  for (let i = 0; i < n; i++) {
    const account = await s.accounts.register(caller, {
      login: String(7_000_000 + i),
      server: 'Bench-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    accounts.push(account.id);
  }
  return { caller, accounts };
}

/** Runs `op` in `CONNECTIONS` loops for `seconds`; the operations per second, after `settle` (work the ops left queued). */
async function rate(seconds: number, op: (loop: number, i: number) => Promise<unknown>, settle: () => Promise<void>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      for (let i = 0; performance.now() < end; i++) {
        await op(loop, i);
        done += 1;
      }
    }),
  );
  await settle();
  return done / ((performance.now() - start) / 1000);
}

async function onDatabase(label: string, db: Database): Promise<boolean> {
  let secret = '';
  const hook = await receiver(() => secret);
  const services = createDomainServices(db, {
    alertChannels: { secretKey: KEY, allowPrivateDestinations: true, smtpUrl: undefined, smtpFrom: '', deliveryTimeoutMs: 10_000 },
  });
  // When each account's alert was handed to the delivery side: splits the latency into evaluation and delivery.
  const queuedAt = new Map<string, number>();
  services.alerts.useSink(async (events, tx) => {
    for (const event of events) if (!queuedAt.has(event.accountId)) queuedAt.set(event.accountId, performance.now());
    await services.alertDelivery.sink(events, tx);
  });
  services.alertDelivery.start();
  try {
    const latencyCount = RATE * LATENCY_SECONDS;
    const { caller, accounts } = await seed(services, CONNECTIONS + latencyCount);
    const created = await services.alertChannels.create(caller, { kind: 'webhook', name: 'bench', url: hook.url } as never);
    secret = created.secret ?? '';
    const loopAccounts = accounts.slice(0, CONNECTIONS);
    const now = () => new Date().toISOString();

    // (a) Each loop writes its own account; equity 98,000 to 99,999 leaves 40 % to 100 % of the daily loss: no alert.
    const subject = () =>
      rate(
        SECONDS,
        (loop, i) =>
          services.snapshots.push(caller, {
            id: loopAccounts[loop] ?? '',
            at: now(),
            balance: 100000,
            equity: 98000 + (i % 2000),
          }),
        () => services.alerts.idle(),
      );
    // The anchor is the product's own statement (SNAPSHOT_SQL), run bare on the driver with the figures the subject
    // writes: what a snapshot costs beyond it is the service around it and the alert evaluation.
    const [link] = await db.driverQuery<{ challengeId: string; updatedAt: string }>(
      `SELECT a."challengeId", to_char(c."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
       FROM "EaAccount" a JOIN "Challenge" c ON c."id" = a."challengeId" WHERE a."id" = $1`,
      [loopAccounts[0]],
    );
    const day = new Date().toISOString().slice(0, 10);
    const bare = () =>
      rate(
        SECONDS,
        (loop, i) =>
          db.driverQuery(SNAPSHOT_SQL, [
            loopAccounts[loop],
            caller.userId,
            link?.challengeId ?? null,
            link?.updatedAt ?? null,
            day,
            now(),
            '100000',
            String(98000 + (i % 2000)),
            null,
          ]),
        () => Promise.resolve(),
      );
    const bareRates: number[] = [];
    const subjectRates: number[] = [];
    for (let round = 0; round < 2; round++) {
      bareRates.push(await bare());
      subjectRates.push(await subject());
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const bareRate = mean(bareRates);
    const subjectRate = mean(subjectRates);
    const ratio = subjectRate / bareRate;

    // (b) 100 pushes a second, each crossing 50 % on a fresh account (97,400: 48 % left), one alert each.
    const crossing = accounts.slice(CONNECTIONS);
    const sentAt = new Map<string, number>();
    const started = performance.now();
    const pushes: Promise<unknown>[] = [];
    for (let i = 0; i < crossing.length; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const id = crossing[i] ?? '';
      sentAt.set(id, performance.now());
      pushes.push(services.snapshots.push(caller, { id, at: now(), balance: 100000, equity: 97400 }));
    }
    await Promise.all(pushes);
    await services.alerts.idle();
    // Wait on the receiver, not a clock: every alert in, or a minute without progress.
    let seen = -1;
    while (hook.arrivals.size < crossing.length && hook.arrivals.size !== seen) {
      seen = hook.arrivals.size;
      await services.alertDelivery.drain();
      if (hook.arrivals.size === seen) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const latencies = crossing.flatMap((id) => {
      const arrived = hook.arrivals.get(id);
      const sent = sentAt.get(id);
      return arrived === undefined || sent === undefined ? [] : [arrived - sent];
    });
    const stats = summarize('snapshot → webhook', latencies);
    const delivery = summarize(
      'queued → webhook',
      crossing.flatMap((id) => {
        const arrived = hook.arrivals.get(id);
        const queued = queuedAt.get(id);
        return arrived === undefined || queued === undefined ? [] : [arrived - queued];
      }),
    );
    const achieved = crossing.length / ((performance.now() - started) / 1000);
    console.log(`\n## ${label}`);
    console.log(`(a) snapshots/s at ${CONNECTIONS} loops, ${SECONDS} s per phase, alternated twice:`);
    console.log(
      `    the snapshot statement bare on the driver: ${bareRates.map((r) => r.toFixed(0)).join(', ')} (mean ${bareRate.toFixed(0)})`,
    );
    console.log(
      `    push + alert evaluation + delivery: ${subjectRates.map((r) => r.toFixed(0)).join(', ')} (mean ${subjectRate.toFixed(0)})`,
    );
    console.log(`    ratio ${ratio.toFixed(2)} (target ≥ 0.5)`);
    console.log(`(b) ${crossing.length} crossing snapshots at ${RATE}/s: ${latencies.length} alerts received, ${hook.bad} bad signatures`);
    console.log(
      `    snapshot → receiver ms: p50 ${stats.p50Ms.toFixed(0)}, p95 ${stats.p95Ms.toFixed(0)}, p99 ${stats.p99Ms.toFixed(0)}, max ${Math.max(...latencies).toFixed(0)} (target p99 < 2000)`,
    );
    console.log(
      `    of which queued (fired log committed) → receiver ms: p50 ${delivery.p50Ms.toFixed(0)}, p95 ${delivery.p95Ms.toFixed(0)}, p99 ${delivery.p99Ms.toFixed(0)}`,
    );
    console.log(`    pushes sent at ${achieved.toFixed(0)}/s`);
    // The machine is shared: the load at the end says whether the run had the cores it assumed.
    console.log(
      `    load at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    return ratio >= 0.5 && latencies.length === crossing.length && hook.bad === 0 && stats.p99Ms < 2000 && achieved > 0;
  } finally {
    await services.alertDelivery.stop();
    hook.close();
  }
}

export default async function alertsBench(): Promise<boolean> {
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = await onEachDatabase('alerts-bench', onDatabase);
  const ok = results.every(Boolean);
  return ok;
}
