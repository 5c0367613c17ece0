// Message 6 (docs/tracker-protocol.md): closed positions, their bytes, and how the tracker queues and sends them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  FileQueue,
  formatQuantity,
  ManualClock,
  parseFigures,
  positionsBody,
  Tracker,
  TrackerClient,
  type ClosedPosition,
} from '../src/index.js';
import { EXAMPLE_POSITION } from './example-position.js';
import { FakeService } from './fake-service.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const EXAMPLE = EXAMPLE_POSITION;
const EXAMPLE_BODY =
  '{"positions":[{"position":"123456","symbol":"EURUSD","side":"buy","volume":0.5,"openedAt":"2026-03-05T07:00:00Z",' +
  '"closedAt":"2026-03-05T09:30:00Z","openPrice":1.08312,"closePrice":1.08455,"stopLoss":1.0811,"takeProfit":null,' +
  '"commission":-3.5,"swap":0,"fee":0,"profit":71.5,"comment":"","magic":0,"mae":-42.1,"mfe":88.3}]}';

const position = (id: number, overrides: Partial<ClosedPosition> = {}): ClosedPosition => ({
  ...EXAMPLE,
  position: String(id),
  ...overrides,
});

describe('the closed-positions message', () => {
  it('writes the documented example byte for byte', () => {
    expect(positionsBody({ positions: [EXAMPLE] })).toBe(EXAMPLE_BODY);
  });

  it('writes prices and volumes to at most 8 decimals, half away from zero, without trailing zeros', () => {
    expect(formatQuantity(1.0831)).toBe('1.0831');
    expect(formatQuantity(151.234)).toBe('151.234');
    expect(formatQuantity(65000)).toBe('65000');
    expect(formatQuantity(0.01)).toBe('0.01');
    // A volume-weighted close price of two exits has more decimals than the service keeps.
    expect(formatQuantity((1.08455 * 0.3 + 1.0851 * 0.2) / 0.5)).toBe('1.08477');
    expect(formatQuantity(1.234567895)).toBe('1.2345679');
    expect(formatQuantity(-0.000000001)).toBe('0');
    expect(() => formatQuantity(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('carries 1 to 1,000 positions and a magic number that is a whole number', () => {
    expect(() => positionsBody({ positions: [] })).toThrow(/1 to 1000 positions \(got 0\)/);
    expect(() => positionsBody({ positions: Array.from({ length: 1001 }, (_, i) => position(i)) })).toThrow(/got 1001/);
    expect(() => positionsBody({ positions: [position(1, { magic: 1.5 })] })).toThrow(/magic/);
    expect(positionsBody({ positions: [position(1, { stopLoss: null, mae: null, mfe: null, comment: 'a "b"' })] })).toContain(
      '"stopLoss":null,"takeProfit":null,"commission":-3.5,"swap":0,"fee":0,"profit":71.5,"comment":"a \\"b\\"","magic":0,"mae":null,"mfe":null}',
    );
  });
});

describe('closed positions in the figures file', () => {
  it('reads them with the protocol defaults and instants in UTC', () => {
    const figures = parseFigures(
      JSON.stringify({
        balance: 1,
        equity: 1,
        closedPositions: [
          {
            position: 123456,
            symbol: 'EURUSD',
            side: 'sell',
            volume: 1,
            openedAt: '2026-03-05T16:00:00+09:00',
            closedAt: '2026-03-05T07:30:00.250Z',
            openPrice: 1.1,
            closePrice: 1.09,
            profit: 1000,
          },
        ],
      }),
    );
    expect(figures.closedPositions).toEqual([
      {
        position: '123456',
        symbol: 'EURUSD',
        side: 'sell',
        volume: 1,
        openedAt: '2026-03-05T07:00:00Z',
        closedAt: '2026-03-05T07:30:00Z',
        openPrice: 1.1,
        closePrice: 1.09,
        stopLoss: null,
        takeProfit: null,
        commission: 0,
        swap: 0,
        fee: 0,
        profit: 1000,
        comment: '',
        magic: 0,
        mae: null,
        mfe: null,
      },
    ]);
  });

  it('names what is wrong in a position', () => {
    const read = (p: Record<string, unknown>) => () =>
      parseFigures(JSON.stringify({ balance: 1, equity: 1, closedPositions: [{ ...EXAMPLE, ...p }] }), 'f.json');
    expect(read({ openedAt: '2026-03-05T07:00:00' })).toThrow(
      /f\.json: closedPositions\[0\]: "openedAt" must be an ISO 8601 instant with its zone/,
    );
    expect(read({ side: 'long' })).toThrow(/"side" must be "buy" or "sell"/);
    expect(read({ volume: 0 })).toThrow(/"volume" must be above 0/);
    expect(read({ closedAt: '2026-03-05T06:00:00Z' })).toThrow(/"closedAt" is before "openedAt"/);
    expect(read({ profit: '71.5' })).toThrow(/"profit" must be a number/);
    expect(() => parseFigures('{"balance":1,"equity":1,"closedPositions":{}}', 'f.json')).toThrow(/"closedPositions" must be an array/);
  });
});

describe('the tracker sends closed positions', () => {
  function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'pf-tracker-positions-'));
    dirs.push(dir);
    const service = new FakeService();
    const clock = new ManualClock(Date.UTC(2026, 2, 5, 10, 0));
    const client = new TrackerClient({ baseUrl: 'https://propfolio.example.com', apiKey: 'k', platform: 'test', fetch: service.fetch });
    const make = () =>
      new Tracker({
        client,
        queue: new FileQueue(join(dir, 'q.jsonl')),
        login: '5012345',
        server: 'FTMO-Demo',
        currency: 'USD',
        initialBalance: 100_000,
        clock,
        random: () => 0.5,
      });
    return { dir, service, clock, make };
  }
  async function settle(tracker: Tracker): Promise<void> {
    for (let i = 0; i < 100; i++) if ((await tracker.step()) !== 'sent') return;
    throw new Error('the tracker never settled');
  }

  it('queues each position once, however often the figures list it, and sends the documented bytes', async () => {
    const { service, clock, make } = setup();
    const tracker = make();
    tracker.observe({ balance: 100_071.5, equity: 100_071.5, closedPositions: [EXAMPLE] });
    await settle(tracker);
    expect(service.sent('positions').map((r) => [r.url, r.body])).toEqual([
      ['https://propfolio.example.com/api/v1/accounts/acc-1/positions', EXAMPLE_BODY],
    ]);
    expect(tracker.stats.positions).toEqual({ accepted: 1, unchanged: 0 });

    // The next readings list it again, with a newer one: only the newer one goes, also after a restart.
    clock.advance(60_000);
    tracker.observe({ balance: 100_100, equity: 100_100, closedPositions: [EXAMPLE, position(123457)] });
    await settle(tracker);
    const restarted = make();
    clock.advance(60_000);
    restarted.observe({ balance: 100_100, equity: 100_100, closedPositions: [EXAMPLE, position(123457)] });
    await settle(restarted);
    expect(
      service.sent('positions').map((r) => (JSON.parse(r.body!) as { positions: ClosedPosition[] }).positions.map((p) => p.position)),
    ).toEqual([['123456'], ['123457']]);
  });

  it('refuses, when queueing, a position the protocol cannot carry, and queues nothing of that batch', () => {
    const { make } = setup();
    const tracker = make();
    expect(() => tracker.queuePositions([position(1), position(2, { magic: -1 })])).toThrow(/magic must be a whole number/);
    expect(() => tracker.queuePositions([position(3, { openPrice: Number.NaN })])).toThrow(RangeError);
    expect(tracker.queue.size).toBe(0);
    expect(tracker.queuePositions([position(1)])).toBe(1);
  });

  it('splits more than 1,000 new positions into messages of 1,000, in order with the snapshots', async () => {
    const { service, make } = setup();
    const tracker = make();
    expect(tracker.queuePositions(Array.from({ length: 1001 }, (_, i) => position(200_000 + i)))).toBe(1001);
    tracker.observe({ balance: 100_000, equity: 100_000 });
    expect(tracker.queue.list().map((item) => item.kind)).toEqual(['positions', 'positions', 'snapshot']);
    await settle(tracker);
    const messages = service.sent('positions').map((r) => (JSON.parse(r.body!) as { positions: unknown[] }).positions.length);
    expect(messages).toEqual([1000, 1]);
    expect(service.positions.size).toBe(1001);
    expect(tracker.stats.positions).toEqual({ accepted: 1001, unchanged: 0 });
  });

  it('keeps a message through network errors and 5xx, resends one whose answer was lost (unchanged), and never drops it for the cap', async () => {
    const { dir, service, clock, make } = setup();
    const tracker = make();
    await settle(tracker); // the account is registered
    tracker.queuePositions([EXAMPLE]);
    // A network error, a 503, then the service stores the message but its answer is lost.
    service.failures.push('network', { status: 503 }, 'lost-answer');
    for (let attempt = 0; attempt < 3; attempt++) {
      await settle(tracker);
      expect(tracker.queue.size).toBe(1);
      clock.advance(tracker.retryAt - clock.now());
    }
    await settle(tracker);
    expect(tracker.queue.size).toBe(0);
    expect(tracker.stats.positions).toEqual({ accepted: 0, unchanged: 1 });
    expect(service.positions.size).toBe(1);

    const small = new FileQueue(join(dir, 'capped.jsonl'), { cap: 10 });
    small.enqueue({ kind: 'positions', positions: [EXAMPLE] });
    for (let i = 0; i < 20; i++)
      small.enqueue({ kind: 'snapshot', at: `2026-03-05T10:00:${String(i).padStart(2, '0')}Z`, balance: 1, equity: 1 });
    expect(small.list()[0]).toMatchObject({ kind: 'positions' });
    expect(new FileQueue(join(dir, 'capped.jsonl')).list()[0]).toEqual({ kind: 'positions', positions: [EXAMPLE], seq: 1 });
    expect(readFileSync(join(dir, 'capped.jsonl'), 'utf8').split('\n')[0]).toContain('"kind":"positions"');
  });

  it('drops a message the service refuses (422 position_rejected) and goes on', async () => {
    const { service, make } = setup();
    const tracker = make();
    await settle(tracker); // the account is registered
    tracker.queuePositions([EXAMPLE]);
    tracker.observe({ balance: 100_000, equity: 100_000 });
    const warnings: string[] = [];
    tracker.on('refused', (_item, message) => warnings.push(message));
    service.failures.push({ status: 422, body: { code: 'position_rejected', detail: 'position 123456 closes before it opens' } });
    await settle(tracker);
    expect(warnings).toEqual(['POST /api/v1/accounts/acc-1/positions: 422 position_rejected (position 123456 closes before it opens)']);
    expect(tracker.queue.size).toBe(0);
    expect(service.sent('snapshots')).toHaveLength(1);
  });
});
