// The reference tracker's open positions (docs/tracker-protocol.md, message 3): read from the figures file, sent with
// each snapshot in the documented bytes, left out when the file does not list them (not known), a moved stop queueing a
// snapshot of its own, at most 200, and an opening never after the snapshot's instant.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  FileQueue,
  ManualClock,
  parseFigures,
  snapshotBody,
  Tracker,
  TrackerClient,
  type Logger,
  type OpenPosition,
} from '../src/index.js';
import { FakeService } from './fake-service.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const T0 = Date.UTC(2026, 2, 5, 14, 3, 0);
const MINUTE = 60_000;
const WITH_STOP: OpenPosition = {
  position: '5001',
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.5,
  openedAt: '2026-03-05T07:00:00Z',
  stopLoss: 1.0811,
  lossAtStop: 102.2,
};
const WITHOUT_STOP: OpenPosition = {
  position: '5002',
  symbol: 'XAUUSD',
  side: 'sell',
  volume: 1.25,
  openedAt: '2026-03-05T08:15:30Z',
  stopLoss: null,
  lossAtStop: null,
};

describe('the protocol writes open positions', () => {
  it('writes the documented example byte for byte', () => {
    expect(snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 101250.4, equity: 101180, openPositions: [WITH_STOP, WITHOUT_STOP] })).toBe(
      '{"at":"2026-03-05T14:03:00Z","balance":101250.4,"equity":101180,"openPositions":[' +
        '{"position":"5001","symbol":"EURUSD","side":"buy","volume":0.5,"openedAt":"2026-03-05T07:00:00Z","stopLoss":1.0811,"lossAtStop":102.2},' +
        '{"position":"5002","symbol":"XAUUSD","side":"sell","volume":1.25,"openedAt":"2026-03-05T08:15:30Z","stopLoss":null,"lossAtStop":null}]}',
    );
    // docs/tracker-protocol.md, message 3.
    expect(snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 101250.4, equity: 101180, openPositions: [WITH_STOP] })).toBe(
      '{"at":"2026-03-05T14:03:00Z","balance":101250.4,"equity":101180,"openPositions":[{"position":"5001","symbol":"EURUSD","side":"buy","volume":0.5,"openedAt":"2026-03-05T07:00:00Z","stopLoss":1.0811,"lossAtStop":102.2}]}',
    );
    expect(snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 1, equity: 1, openPositions: [] })).toBe(
      '{"at":"2026-03-05T14:03:00Z","balance":1,"equity":1,"openPositions":[]}',
    );
  });

  it('writes no loss without a stop, and refuses more than 200 positions', () => {
    const body = snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 1, equity: 1, openPositions: [{ ...WITHOUT_STOP, lossAtStop: 5 }] });
    expect(body).toContain('"stopLoss":null,"lossAtStop":null');
    const many = Array.from({ length: 201 }, (_, i) => ({ ...WITH_STOP, position: String(i) }));
    expect(() => snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 1, equity: 1, openPositions: many })).toThrow(/at most 200/);
  });
});

describe('the figures file lists open positions', () => {
  it('reads them with instants in UTC and a missing stop or loss as null', () => {
    const figures = parseFigures(
      JSON.stringify({
        balance: 1,
        equity: 1,
        openPositions: [
          {
            position: 5001,
            symbol: 'EURUSD',
            side: 'buy',
            volume: 0.5,
            openedAt: '2026-03-05T09:00:00+02:00',
            stopLoss: 1.0811,
            lossAtStop: 102.2,
          },
          { position: '5002', symbol: 'XAUUSD', side: 'sell', volume: 1.25, openedAt: '2026-03-05T08:15:30.250Z' },
        ],
      }),
    );
    expect(figures.openPositions).toEqual([WITH_STOP, WITHOUT_STOP]);
    expect(parseFigures('{"balance":1,"equity":1}').openPositions).toBeUndefined();
  });

  it('names what is wrong in one', () => {
    const read = (p: object) => () =>
      parseFigures(JSON.stringify({ balance: 1, equity: 1, openPositions: [{ ...WITH_STOP, ...p }] }), 'f.json');
    expect(read({ openedAt: '2026-03-05 07:00' })).toThrow(
      /f\.json: openPositions\[0\]: "openedAt" must be an ISO 8601 instant with its zone/,
    );
    expect(read({ side: 'long' })).toThrow(/openPositions\[0\]: "side" must be "buy" or "sell"/);
    expect(read({ volume: 0 })).toThrow(/openPositions\[0\]: "volume" must be above 0/);
    expect(read({ lossAtStop: '12' })).toThrow(/openPositions\[0\]: "lossAtStop" must be a number/);
    expect(() => parseFigures('{"balance":1,"equity":1,"openPositions":{}}', 'f.json')).toThrow(/"openPositions" must be an array/);
  });
});

describe('the tracker sends open positions with its snapshots', () => {
  function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'pf-tracker-open-'));
    dirs.push(dir);
    const service = new FakeService();
    const clock = new ManualClock(T0);
    const warnings: string[] = [];
    const logger: Logger = { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined };
    const client = new TrackerClient({ baseUrl: 'https://propfolio.example.com', apiKey: 'k', platform: 'test', fetch: service.fetch });
    const tracker = new Tracker({
      client,
      queue: new FileQueue(join(dir, 'q.jsonl')),
      login: '5012345',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100_000,
      clock,
      random: () => 0.5,
      logger,
    });
    return { service, clock, tracker, warnings };
  }
  async function settle(tracker: Tracker): Promise<void> {
    for (let i = 0; i < 100; i++) if ((await tracker.step()) !== 'sent') return;
    throw new Error('the tracker never settled');
  }
  const bodies = (service: FakeService) => service.sent('snapshots').map((r) => JSON.parse(r.body ?? '') as Record<string, unknown>);

  it('sends them as listed, queues a snapshot for a moved stop, and leaves them out when the figures do not say', async () => {
    const { service, clock, tracker } = setup();
    tracker.observe({ balance: 100_000, equity: 99_900, openPositions: [WITH_STOP, WITHOUT_STOP] });
    clock.advance(MINUTE);
    tracker.observe({ balance: 100_000, equity: 99_900, openPositions: [WITH_STOP, WITHOUT_STOP] }); // nothing changed
    clock.advance(MINUTE);
    const moved = { ...WITH_STOP, stopLoss: 1.0815, lossAtStop: 82.2 };
    tracker.observe({ balance: 100_000, equity: 99_900, openPositions: [moved, WITHOUT_STOP] }); // the stop moved
    clock.advance(MINUTE);
    tracker.observe({ balance: 100_000, equity: 99_900, openPositions: [] }); // both closed at once, at no profit
    clock.advance(MINUTE);
    tracker.observe({ balance: 100_000, equity: 99_850 }); // a source that does not know them
    await settle(tracker);
    expect(service.sent('snapshots')[0]?.body).toBe(
      snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 100_000, equity: 99_900, openPositions: [WITH_STOP, WITHOUT_STOP] }),
    );
    expect(bodies(service).map((b) => [b.at, b.openPositions])).toEqual([
      ['2026-03-05T14:03:00Z', [WITH_STOP, WITHOUT_STOP]],
      ['2026-03-05T14:05:00Z', [moved, WITHOUT_STOP]],
      ['2026-03-05T14:06:00Z', []],
      ['2026-03-05T14:07:00Z', undefined],
    ]);
  });

  it('writes an opening after the reading (another clock a few seconds ahead) as at the reading', async () => {
    const { service, tracker } = setup();
    tracker.observe({ balance: 100_000, equity: 100_000, openPositions: [{ ...WITH_STOP, openedAt: '2026-03-05T14:03:02Z' }] });
    await settle(tracker);
    expect(bodies(service)[0]?.openPositions).toEqual([{ ...WITH_STOP, openedAt: '2026-03-05T14:03:00Z' }]);
  });

  it('lists the first 200 of more, and says so once', async () => {
    const { service, clock, tracker, warnings } = setup();
    const many = Array.from({ length: 201 }, (_, i) => ({ ...WITH_STOP, position: String(7000 + i) }));
    tracker.observe({ balance: 100_000, equity: 100_000, openPositions: many });
    clock.advance(MINUTE);
    tracker.observe({ balance: 100_000, equity: 99_999, openPositions: many });
    await settle(tracker);
    expect(bodies(service).map((b) => (b.openPositions as OpenPosition[]).map((p) => p.position))).toEqual([
      many.slice(0, 200).map((p) => p.position),
      many.slice(0, 200).map((p) => p.position),
    ]);
    expect(warnings.filter((w) => w.includes('positions open'))).toEqual([
      '201 positions open: snapshots list the first 200 (the most the service takes); risk per trade is not judged for the others',
    ]);
  });
});
