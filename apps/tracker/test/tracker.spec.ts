import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { FileQueue, ManualClock, Tracker, TrackerClient, type Figures, type TrackerOptions } from '../src/index.js';
import { FakeService } from './fake-service.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const T0 = Date.UTC(2026, 2, 5, 23, 50, 0);
const MINUTE = 60_000;

function setup(options: Partial<TrackerOptions> & { dir?: string; service?: FakeService; clock?: ManualClock; cap?: number } = {}) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'pf-tracker-'));
  if (!options.dir) dirs.push(dir);
  const service = options.service ?? new FakeService();
  const clock = options.clock ?? new ManualClock(T0);
  const client = new TrackerClient({
    baseUrl: 'https://propfolio.example.com',
    apiKey: 'eakey_test',
    platform: 'test',
    fetch: service.fetch,
    now: () => clock.now(),
  });
  const queue = new FileQueue(join(dir, 'q.jsonl'), options.cap ? { cap: options.cap } : {});
  const tracker = new Tracker({
    client,
    queue,
    login: '5012345',
    server: 'FTMO-Demo',
    currency: 'USD',
    initialBalance: 100_000,
    clock,
    random: () => 0.5,
    ...options,
  });
  return { dir, service, clock, tracker, queue };
}

/** Steps until nothing is left to send right now (a test of logic, not of timing). */
async function settle(tracker: Tracker): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const result = await tracker.step();
    if (result !== 'sent') return;
  }
  throw new Error('the tracker never settled');
}

const figures = (balance: number, equity: number, closedPnlToday?: number): Figures => ({
  balance,
  equity,
  ...(closedPnlToday === undefined ? {} : { closedPnlToday }),
});

describe('the tracker', () => {
  it('finds or registers the account, then sends a snapshot only when the figures change', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    expect(service.sent('lookup')).toHaveLength(1);
    expect(service.sent('accounts').map((r) => r.body)).toEqual([
      '{"login":"5012345","server":"FTMO-Demo","currency":"USD","initialBalance":100000}',
    ]);
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 100_000)); // unchanged: nothing queued
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_950.5));
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_950.504)); // the same in cents
    await settle(tracker);
    expect(service.sent('snapshots').map((r) => r.body)).toEqual([
      '{"at":"2026-03-05T23:50:00Z","balance":100000,"equity":100000}',
      '{"at":"2026-03-05T23:52:00Z","balance":100000,"equity":99950.5}',
    ]);
    expect(tracker.stats.snapshots).toEqual({ created: 1, updated: 1, unchanged: 0 });
  });

  it('sends the documented headers', async () => {
    const { service, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    const [lookup] = service.sent('lookup');
    const [snapshot] = service.sent('snapshots');
    expect(lookup!.url).toBe('https://propfolio.example.com/api/v1/accounts/lookup?login=5012345&server=FTMO-Demo');
    expect(lookup!.headers).toEqual({
      Authorization: 'Bearer eakey_test',
      Accept: 'application/json',
      'User-Agent': 'PropfolioTracker/1.0.0 (test)',
    });
    expect(snapshot!.url).toBe('https://propfolio.example.com/api/v1/accounts/acc-1/snapshots');
    expect(snapshot!.headers).toEqual({
      Authorization: 'Bearer eakey_test',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'User-Agent': 'PropfolioTracker/1.0.0 (test)',
    });
  });

  it('reports a firm day once it has ended, with its last figures, and opens the next day with a snapshot', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000, 0));
    await settle(tracker);
    clock.advance(5 * MINUTE);
    tracker.observe(figures(100_300, 100_250, 300));
    await settle(tracker);
    clock.set(Date.UTC(2026, 2, 6, 0, 0, 30)); // past the roll-over; figures unchanged
    tracker.observe(figures(100_300, 100_250, 0));
    await settle(tracker);
    expect(service.sent('reports').map((r) => r.body)).toEqual(['{"date":"2026-03-05","balance":100300,"equity":100250,"closedPnl":300}']);
    // The first figures of the new day are sent although unchanged: the day's opening figures.
    expect(service.sent('snapshots').at(-1)!.body).toBe('{"at":"2026-03-06T00:00:30Z","balance":100300,"equity":100250}');
    expect(tracker.stats.reports.created).toBe(1);
    clock.advance(MINUTE);
    tracker.observe(figures(100_300, 100_250, 0));
    await settle(tracker);
    expect(service.sent('snapshots')).toHaveLength(3);
    expect(service.sent('reports')).toHaveLength(1);
  });

  it('without closedPnlToday reports the day balance change', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    clock.advance(MINUTE);
    tracker.observe(figures(99_870.25, 99_870.25));
    clock.set(Date.UTC(2026, 2, 6, 0, 1));
    tracker.observe(figures(99_870.25, 99_900));
    await settle(tracker);
    expect(service.sent('reports').map((r) => r.body)).toEqual([
      '{"date":"2026-03-05","balance":99870.25,"equity":99870.25,"closedPnl":-129.75}',
    ]);
  });

  it('waits out a backoff after 5xx and network errors, honours Retry-After, and loses nothing', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    service.failures.push('network', { status: 503, headers: { 'retry-after': '30' } }, { status: 429 });
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_000));
    expect(await tracker.step()).toBe('sent'); // network error
    expect(tracker.retryAt - clock.now()).toBe(1_000);
    expect(await tracker.step()).toBe('waiting');
    clock.advance(1_000);
    expect(await tracker.step()).toBe('sent'); // 503, Retry-After 30 s beats the 2 s backoff
    expect(tracker.retryAt - clock.now()).toBe(30_000);
    clock.advance(30_000);
    expect(await tracker.step()).toBe('sent'); // 429 without Retry-After: 4 s
    expect(tracker.retryAt - clock.now()).toBe(4_000);
    clock.advance(4_000);
    await settle(tracker);
    expect(tracker.queue.size).toBe(0);
    expect(tracker.stats.retries).toBe(3);
    expect(
      service
        .sent('snapshots')
        .map((r) => JSON.parse(r.body!) as { equity: number })
        .map((b) => b.equity),
    ).toEqual([100_000, 99_000, 99_000, 99_000, 99_000]);
    expect(tracker.stats.snapshots).toEqual({ created: 1, updated: 1, unchanged: 0 });
  });

  it('sends a snapshot whose answer was lost again, and the service answers unchanged', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    service.failures.push('lost-answer');
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_000));
    await tracker.step();
    clock.advance(1_000);
    await settle(tracker);
    expect(tracker.stats.snapshots).toEqual({ created: 1, updated: 0, unchanged: 1 });
    expect(service.days.get('acc-1 2026-03-05')!.ats.size).toBe(2);
  });

  it('drops an item the service refuses (400) and goes on with the next', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    service.failures.push({ status: 400, body: { code: 'validation_failed', detail: 'at is in the future' } });
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_000));
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 98_000));
    await settle(tracker);
    expect(tracker.stats.refused).toBe(1);
    expect(tracker.queue.size).toBe(0);
    expect(service.days.get('acc-1 2026-03-05')!.equity).toBe(98_000);
  });

  it('stops on an archived account and keeps the queue', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    service.accounts.get('acc-1')!.archived = true;
    clock.advance(MINUTE);
    tracker.observe(figures(100_000, 99_000));
    const stopped = new Promise<string>((resolve) => tracker.once('stopped', resolve));
    expect(await tracker.step()).toBe('stopped');
    expect(await stopped).toMatch(/account_archived/);
    expect(tracker.queue.size).toBe(1);
    expect(await tracker.step()).toBe('stopped');
    // A restart finds the account archived at the lookup and stops before sending anything.
    const restarted = setup({ dir: dirs[0]!, service, clock });
    expect(await restarted.tracker.step()).toBe('stopped');
    expect(restarted.tracker.stopped).toMatch(/archived/);
  });

  it('stops on a refused key (401) with a hint, without dropping anything', async () => {
    const { service, tracker } = setup();
    service.failures.push({ status: 401, body: { code: 'unauthorized' } });
    tracker.observe(figures(100_000, 100_000));
    expect(await tracker.step()).toBe('stopped');
    expect(tracker.stopped).toMatch(/wrong or revoked/);
    expect(tracker.queue.size).toBe(1);
  });

  it('finds the account again after a 409 on registration (registered meanwhile)', async () => {
    const { service, tracker } = setup();
    service.failures.push({ status: 404, body: { code: 'not_found' } });
    service.accounts.set('acc-9', {
      id: 'acc-9',
      login: '5012345',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 1,
      archived: false,
    });
    tracker.observe(figures(100_000, 100_000));
    await settle(tracker);
    expect(service.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/v1/accounts/lookup',
      'POST /api/v1/accounts',
      'GET /api/v1/accounts/lookup',
      'POST /api/v1/accounts/acc-9/snapshots',
    ]);
  });

  it('restarts from its files: the queue, the last figures and the open day survive', async () => {
    const first = setup();
    first.tracker.observe(figures(100_000, 100_000, 0));
    await settle(first.tracker);
    first.service.failures.push('network');
    first.clock.advance(MINUTE);
    first.tracker.observe(figures(100_100, 100_100, 100));
    await first.tracker.step(); // fails: the snapshot stays queued
    const second = setup({ dir: first.dir, service: first.service, clock: first.clock });
    expect(second.queue.size).toBe(1);
    second.tracker.observe(figures(100_100, 100_100, 100)); // same figures as queued before the restart: nothing new
    expect(second.queue.size).toBe(1);
    first.clock.set(Date.UTC(2026, 2, 6, 0, 0, 10));
    second.tracker.observe(figures(100_100, 100_100, 0));
    await settle(second.tracker);
    expect(first.service.sent('reports').map((r) => r.body)).toEqual([
      '{"date":"2026-03-05","balance":100100,"equity":100100,"closedPnl":100}',
    ]);
    expect(first.service.sent('snapshots').map((r) => (JSON.parse(r.body!) as { at: string }).at)).toEqual([
      '2026-03-05T23:50:00Z',
      '2026-03-05T23:51:00Z',
      '2026-03-05T23:51:00Z',
      '2026-03-06T00:00:10Z',
    ]);
  });

  it('while offline across a roll-over, reports the ended day from the answers once they come', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe(figures(100_000, 100_000, 0));
    await settle(tracker);
    // Offline: every request fails until the service is back.
    const down = () => service.failures.push(...Array.from({ length: 5 }, () => 'network' as const));
    down();
    for (const [minute, equity] of [
      [3, 100_050],
      [7, 100_020],
    ] as const) {
      clock.set(T0 + minute * MINUTE);
      tracker.observe(figures(100_000, equity, 0));
      await tracker.step();
    }
    clock.set(Date.UTC(2026, 2, 6, 0, 5));
    tracker.observe(figures(100_000, 100_010, 0));
    clock.set(Date.UTC(2026, 2, 6, 1, 0));
    tracker.observe(figures(100_000, 99_990, 0));
    expect(service.sent('reports')).toHaveLength(0);
    service.failures.length = 0;
    clock.advance(600_000);
    await settle(tracker);
    expect(service.sent('reports').map((r) => r.body)).toEqual(['{"date":"2026-03-05","balance":100000,"equity":100020,"closedPnl":0}']);
    expect(service.days.get('acc-1 2026-03-05')).toMatchObject({ minEquity: 100_000, maxEquity: 100_050, equity: 100_020 });
    expect(service.days.get('acc-1 2026-03-06')).toMatchObject({ minEquity: 99_990, maxEquity: 100_010, equity: 99_990 });
  });

  it('drain() sleeps out backoffs on the clock and resolves once the queue is empty', async () => {
    const { service, clock, tracker } = setup();
    service.failures.push('network', 'network');
    tracker.observe(figures(100_000, 100_000));
    const drained = tracker.whenDrained();
    const draining = tracker.drain();
    // Each time the tracker falls asleep on the clock, move time to its deadline.
    const wake = async () => {
      while (tracker.queue.size > 0 || tracker.account === null) {
        await new Promise((resolve) => setImmediate(resolve));
        if (clock.pending > 0) clock.set(tracker.retryAt);
      }
    };
    await Promise.all([drained, draining, wake()]);
    expect(service.sent('snapshots')).toHaveLength(1);
    expect(tracker.stats.retries).toBe(2);
  });
});
