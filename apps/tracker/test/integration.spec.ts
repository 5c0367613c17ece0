import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FileQueue,
  formatInstant,
  systemClock,
  Tracker,
  TrackerClient,
  type ClosedPosition,
  type Clock,
  type FetchLike,
  type OpenPosition,
  type SnapshotAnswer,
} from '../src/index.js';

/**
 * The reference tracker against the real service: the built combined server (apps/server/dist/main.js,
 * `nx run @propfolio/server:build`) on 127.0.0.1 with its embedded database in a temporary folder. The
 * service is stopped while snapshots queue, then started again on the same database and port, and the
 * queue drains: every snapshot lands once. Waits are on events (the server's "listening" line, its exit,
 * the queue draining), never on fixed delays.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const BUNDLE = process.env.PROPFOLIO_SERVER_BUNDLE ?? join(ROOT, 'apps/server/dist/main.js');
const CLI = join(ROOT, 'apps/tracker/dist/cli.js');
const START_TIMEOUT_MS = 300_000;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** One run of the service process. */
class Service {
  private child: ChildProcess | undefined;
  output = '';

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once it logs that it listens. */
  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [BUNDLE], {
      cwd: this.dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: join(this.dataDir, 'db'),
        LOG_LEVEL: 'info',
        SIGNUP: 'open',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no "listening" within ${START_TIMEOUT_MS} ms:\n${this.output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (/"msg":"propfolio listening"/.test(this.output)) {
          clearTimeout(timer);
          ready();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the service exited (${code}) before listening:\n${this.output}`));
      });
    });
  }

  /** Stops the process (SIGTERM) and resolves on its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

/** A dashboard session: signs up, then issues API keys as the EA integration panel does. */
async function issueKeys(base: string): Promise<{ tracker: string; full: string }> {
  const origin = { origin: base, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/app/api/auth/sign-up`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'trader@example.com', password: 'correct horse battery staple', name: 'Trader' }),
  });
  expect(signUp.status).toBe(201);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await signUp.json()) as { csrfToken: string };
  const issue = async (scope: string) => {
    const res = await fetch(`${base}/app/api/keys`, {
      method: 'POST',
      headers: { ...origin, cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ name: `${scope} key`, scope }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { secret: string }).secret;
  };
  return { tracker: await issue('tracker'), full: await issue('full') };
}

/** Real time shifted by a settable amount: backoffs really elapse, and the test picks the instants the figures are read at. */
class ShiftedClock implements Clock {
  private shift = 0;
  now(): number {
    return Date.now() + this.shift;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return systemClock.sleep(ms, signal);
  }
  /** From now on, `now()` reads `instant` plus the real time elapsed. */
  set(instant: string): void {
    this.shift = Date.parse(instant) - Date.now();
  }
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const D = day(-3);
const D1 = day(-2);
const D2 = day(-1);

const suite = existsSync(BUNDLE) ? describe : describe.skip;
if (!existsSync(BUNDLE))
  process.stderr.write(`tracker integration test skipped: build the service first (npx nx run @propfolio/server:build)\n`);

suite('the reference tracker against the real service, which goes away and comes back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pf-tracker-e2e-'));
  let service: Service;
  let keys: { tracker: string; full: string };

  beforeAll(async () => {
    service = new Service(await freePort(), dir);
    await service.start();
    keys = await issueKeys(service.base);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'registers, pushes snapshots and daily reports, queues while the service is down and drains once it is back, losing and repeating nothing',
    async () => {
      const clock = new ShiftedClock();
      const queuePath = join(dir, 'tracker', 'queue.jsonl');
      mkdirSync(join(dir, 'tracker'));
      // One answer is lost on the way back (the service did the work): the retry must answer `unchanged`.
      let loseNextSnapshotAnswer = false;
      const fetchWithLoss: FetchLike = async (url, init) => {
        const res = await fetch(url, init);
        if (loseNextSnapshotAnswer && url.endsWith('/snapshots')) {
          loseNextSnapshotAnswer = false;
          await res.text();
          throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
        }
        return res;
      };
      const answers: SnapshotAnswer[] = [];
      const makeTracker = () => {
        const tracker = new Tracker({
          client: new TrackerClient({
            baseUrl: service.base,
            apiKey: keys.tracker,
            platform: 'test',
            fetch: fetchWithLoss,
            now: () => clock.now(),
          }),
          queue: new FileQueue(queuePath),
          login: '5012345',
          server: 'FTMO Demo 2',
          currency: 'USD',
          initialBalance: 100_000,
          name: 'FTMO 100k phase 1',
          clock,
          backoff: { baseMs: 20, capMs: 400 },
        });
        tracker.on('snapshot', (_item, answer) => answers.push(answer));
        return tracker;
      };
      /** Sends until the queue is empty; resolves on the tracker's `drained` event. */
      const drain = async (tracker: Tracker) => {
        const drained = tracker.whenDrained();
        await tracker.drain();
        await drained;
      };

      let tracker = makeTracker();
      clock.set(`${D}T23:40:00Z`);
      tracker.observe({ balance: 100_000, equity: 100_000, closedPnlToday: 0 });
      await drain(tracker);
      expect(tracker.account).toMatch(/^[0-9a-f-]{36}$/);
      clock.set(`${D}T23:41:00Z`);
      tracker.observe({ balance: 100_000, equity: 99_800, closedPnlToday: 0 });
      clock.set(`${D}T23:42:00Z`);
      tracker.observe({ balance: 100_150, equity: 100_150, closedPnlToday: 150 });
      loseNextSnapshotAnswer = true;
      await drain(tracker);
      expect(answers.map((a) => `${a.day} ${a.outcome}`)).toEqual([`${D} created`, `${D} unchanged`, `${D} updated`]);
      expect(tracker.stats.retries).toBe(1);

      // The service goes away. Readings go on and queue; sends fail and back off.
      await service.stop();
      clock.set(`${D}T23:50:00Z`);
      tracker.observe({ balance: 100_150, equity: 99_700, closedPnlToday: 150 });
      expect(await tracker.step()).toBe('sent');
      expect(tracker.stats.retries).toBe(2);
      clock.set(`${D}T23:55:00Z`);
      tracker.observe({ balance: 100_150, equity: 100_400, closedPnlToday: 150 });

      // The terminal restarts too: a new tracker on the same files carries on with the queue.
      tracker = makeTracker();
      expect(tracker.queue.size).toBe(2);
      clock.set(`${D1}T00:00:30Z`);
      tracker.observe({ balance: 100_150, equity: 100_400, closedPnlToday: 0 }); // unchanged, but the day's first reading
      clock.set(`${D1}T00:10:00Z`);
      tracker.observe({ balance: 100_900, equity: 100_900, closedPnlToday: 750 });
      clock.set(`${D1}T00:20:00Z`);
      tracker.observe({ balance: 100_900, equity: 100_850, closedPnlToday: 750 });
      expect(tracker.queue.size).toBe(5);
      expect(await tracker.step()).toBe('sent'); // the lookup fails: the service is down

      // The service comes back on the same database and port; the queue drains in order.
      await service.start();
      await drain(tracker);
      expect(tracker.queue.size).toBe(0);

      // The next roll-over: the ended day's report, and the new day's first snapshot.
      clock.set(`${D2}T00:01:00Z`);
      tracker.observe({ balance: 100_900, equity: 100_850, closedPnlToday: 0 });
      await drain(tracker);

      // Every snapshot answered once as created or updated; the one whose answer was lost, once as unchanged.
      expect(answers.map((a) => `${formatInstant(Date.parse(a.at))} ${a.outcome}`)).toEqual([
        `${D}T23:40:00Z created`,
        `${D}T23:41:00Z unchanged`,
        `${D}T23:42:00Z updated`,
        `${D}T23:50:00Z updated`,
        `${D}T23:55:00Z updated`,
        `${D1}T00:00:30Z created`,
        `${D1}T00:10:00Z updated`,
        `${D1}T00:20:00Z updated`,
        `${D2}T00:01:00Z created`,
      ]);
      // The retry of the lost one found it stored once: the day's figures are the ones it carried.
      expect(answers[1]).toMatchObject({ balance: 100_000, equity: 99_800, minEquity: 99_800, maxEquity: 100_000 });

      // What the service stored per firm day: the latest figures and the day's lowest and highest equity.
      const client = new TrackerClient({ baseUrl: service.base, apiKey: keys.tracker, platform: 'test' });
      const accountId = tracker.account!;
      const stored = async (at: string, balance: number, equity: number) => {
        const result = await client.snapshot(accountId, { at, balance, equity });
        expect(result.kind).toBe('ok');
        return (result as { body: SnapshotAnswer }).body;
      };
      expect(await stored(`${D}T23:55:00Z`, 100_150, 100_400)).toMatchObject({
        outcome: 'unchanged',
        day: D,
        balance: 100_150,
        equity: 100_400,
        minEquity: 99_700,
        maxEquity: 100_400,
      });
      expect(await stored(`${D1}T00:20:00Z`, 100_900, 100_850)).toMatchObject({
        outcome: 'unchanged',
        day: D1,
        balance: 100_900,
        equity: 100_850,
        minEquity: 100_400,
        maxEquity: 100_900,
      });

      // One report per ended day, with that day's closing figures and closed P&L.
      expect(tracker.stats.reports).toEqual({ created: 2, updated: 0, unchanged: 0 });
      const series = await fetch(`${service.base}/api/v1/accounts/${accountId}/daily-pnl?days=7`, {
        headers: { authorization: `Bearer ${keys.full}` },
      });
      expect(series.status).toBe(200);
      const days = (
        (await series.json()) as { days: { date: string; balance: number | null; equity: number | null; closedPnl: number | null }[] }
      ).days;
      const reported = days
        .filter((d) => d.balance !== null)
        .map(({ date, balance, equity, closedPnl }) => ({ date, balance, equity, closedPnl }));
      expect(reported).toEqual([
        { date: D, balance: 100_150, equity: 100_400, closedPnl: 150 },
        { date: D1, balance: 100_900, equity: 100_850, closedPnl: 750 },
      ]);

      // The account was registered once, with the name and initial balance given.
      const lookup = await client.lookup('5012345', 'FTMO Demo 2');
      expect(lookup).toMatchObject({ kind: 'ok', body: { id: accountId, initialBalance: 100_000, archived: false } });
    },
    START_TIMEOUT_MS,
  );

  it(
    'sends closed positions with a tracker key: the service stores each once, with the figures sent, and answers a resend unchanged',
    async () => {
      mkdirSync(join(dir, 'positions'));
      const client = new TrackerClient({ baseUrl: service.base, apiKey: keys.tracker, platform: 'test' });
      const tracker = new Tracker({
        client,
        queue: new FileQueue(join(dir, 'positions', 'queue.jsonl')),
        login: '6000001',
        server: 'Positions-Demo',
        currency: 'USD',
        initialBalance: 100_000,
        clock: systemClock,
      });
      // A close price averaged over two exits has more decimals than the service keeps: the tracker writes 8.
      const position: ClosedPosition = {
        position: '123456',
        symbol: 'EURUSD',
        side: 'buy',
        volume: 0.5,
        openedAt: `${D}T07:00:00Z`,
        closedAt: `${D}T09:30:00Z`,
        openPrice: 1.08312,
        closePrice: (1.08455 * 0.3 + 1.08511 * 0.2) / 0.5,
        stopLoss: 1.0811,
        takeProfit: null,
        commission: -3.5,
        swap: 0,
        fee: 0,
        profit: 71.5,
        comment: 'breakout',
        magic: 20260305,
        mae: -42.1,
        mfe: 88.3,
      };
      tracker.observe({ balance: 100_071.5, equity: 100_071.5, closedPositions: [position] });
      const drained = tracker.whenDrained();
      await tracker.drain();
      await drained;
      expect(tracker.stats).toMatchObject({ positions: { accepted: 1, unchanged: 0 }, refused: 0 });
      expect(await client.positions(tracker.account!, { positions: [position] })).toMatchObject({
        kind: 'ok',
        body: { accepted: 0, unchanged: 1 },
      });

      const trades = await fetch(`${service.base}/api/v1/trades?accountId=${tracker.account!}`, {
        headers: { authorization: `Bearer ${keys.full}` },
      });
      expect(trades.status).toBe(200);
      expect(((await trades.json()) as { items: unknown[] }).items).toEqual([
        expect.objectContaining({
          position: '123456',
          symbol: 'EURUSD',
          side: 'buy',
          openPrice: 1.08312,
          closePrice: 1.084774,
          commission: -3.5,
          mae: -42.1,
          mfe: 88.3,
        }),
      ]);
    },
    START_TIMEOUT_MS,
  );

  it(
    'sends the open positions with a snapshot: the service judges each stop against the plan’s risk per trade',
    async () => {
      mkdirSync(join(dir, 'open'));
      // The account is linked to a The5ers plan (2 % risk per trade of 100,000) with the full key; the tracker finds it.
      const full = { authorization: `Bearer ${keys.full}`, 'content-type': 'application/json' };
      const created = await fetch(`${service.base}/api/v1/challenges`, {
        method: 'POST',
        headers: full,
        body: JSON.stringify({ firm: 'The5ers', plan: 'Bootcamp 100k', price: 95, purchasedAt: D, planId: 'the5ers-bootcamp-100000' }),
      });
      expect(created.status).toBe(201);
      const challenge = (await created.json()) as { id: string };
      const linked = await fetch(`${service.base}/api/v1/accounts`, {
        method: 'POST',
        headers: full,
        body: JSON.stringify({
          login: '6000002',
          server: 'Open-Demo',
          currency: 'USD',
          initialBalance: 100_000,
          challengeId: challenge.id,
        }),
      });
      expect(linked.status).toBe(201);
      const client = new TrackerClient({ baseUrl: service.base, apiKey: keys.tracker, platform: 'test' });
      const tracker = new Tracker({
        client,
        queue: new FileQueue(join(dir, 'open', 'queue.jsonl')),
        login: '6000002',
        server: 'Open-Demo',
        currency: 'USD',
        clock: systemClock,
      });
      const openedAt = formatInstant(Date.now() - 3_600_000);
      const over: OpenPosition = { position: '7001', symbol: 'XAUUSD', side: 'buy', volume: 1, openedAt, stopLoss: 2590, lossAtStop: 2100 };
      const bare: OpenPosition = {
        position: '7002',
        symbol: 'EURUSD',
        side: 'sell',
        volume: 0.5,
        openedAt,
        stopLoss: null,
        lossAtStop: null,
      };
      tracker.observe({ balance: 100_000, equity: 99_800, openPositions: [over, bare] });
      const drained = tracker.whenDrained();
      await tracker.drain();
      await drained;
      expect(tracker.stats).toMatchObject({ snapshots: { created: 1 }, refused: 0 });
      const headroom = await fetch(`${service.base}/api/v1/challenges/${challenge.id}/headroom`, { headers: full });
      expect(headroom.status).toBe(200);
      const body = (await headroom.json()) as { tradeRules?: { maxRiskPerTrade?: unknown } };
      expect(body.tradeRules?.maxRiskPerTrade).toMatchObject({
        limit: 2000,
        status: 'breached',
        open: [
          { position: '7001', stopLoss: 2590, lossAtStop: 2100, status: 'breached', openedAt },
          { position: '7002', stopLoss: null, lossAtStop: null, status: 'warning' },
        ],
      });
    },
    START_TIMEOUT_MS,
  );

  (existsSync(CLI) ? it : it.skip)(
    'runs as the built propfolio-tracker command (--once): registers the account and sends the figures file',
    async () => {
      const figures = join(dir, 'cli-figures.json');
      writeFileSync(figures, JSON.stringify({ balance: 50_000, equity: 49_875.25, closedPnlToday: -124.75 }));
      const args = [
        CLI,
        '--url',
        service.base,
        '--login',
        '7000001',
        '--server',
        'Broker-Live 3',
        '--currency',
        'jpy',
        '--figures',
        figures,
      ];
      const run = () =>
        new Promise<{ code: number; out: string }>((done) => {
          execFile(
            process.execPath,
            [...args, '--once', '--queue', join(dir, 'cli', 'queue.jsonl'), '--name', 'CLI account'],
            { env: { PATH: process.env.PATH ?? '', PROPFOLIO_KEY: keys.tracker } },
            (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
          );
        });
      const first = await run();
      expect(first).toMatchObject({ code: 0 });
      expect(first.out).toMatch(/registered account 7000001 on Broker-Live 3 \(JPY, initial balance 50000\)/);
      // One line per item sent, with the service's answer.
      expect(first.out).toMatch(
        /info {2}snapshot \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(balance 50000, equity 49875\.25\): created \(firm day \d{4}-\d\d-\d\d\)\n/,
      );
      expect(first.out).toMatch(/info {2}sent 1 snapshot \(1 created\) and 0 reports\n/);
      const client = new TrackerClient({ baseUrl: service.base, apiKey: keys.tracker, platform: 'test' });
      const found = await client.lookup('7000001', 'Broker-Live 3');
      expect(found).toMatchObject({ kind: 'ok', body: { currency: 'JPY', initialBalance: 50_000, archived: false } });
      // A second run with the same figures has nothing new to send.
      const second = await run();
      expect(second.code).toBe(0);
      expect(second.out).toMatch(/\(0 items queued\)/);
      expect(second.out).toMatch(/info {2}sent 0 snapshots and 0 reports\n/);
    },
    START_TIMEOUT_MS,
  );
});
