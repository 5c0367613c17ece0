import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { EXIT_CODES, parseCli, startTracker, UsageError, type CliOptions } from '../src/cli.js';
import { ManualClock, silentLogger, type FetchLike } from '../src/index.js';
import { FakeService } from './fake-service.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pf-tracker-cli-'));
  dirs.push(dir);
  return dir;
};

const REQUIRED = [
  '--url',
  'https://propfolio.example.com/',
  '--login',
  '5012345',
  '--server',
  'FTMO-Demo',
  '--currency',
  'usd',
  '--figures',
  'f.json',
];

describe('propfolio-tracker arguments', () => {
  it('reads the options, the key from PROPFOLIO_KEY, and defaults the rest', () => {
    const options = parseCli(REQUIRED, { PROPFOLIO_KEY: 'eakey_env' }) as CliOptions;
    expect(options).toMatchObject({
      url: 'https://propfolio.example.com',
      key: 'eakey_env',
      currency: 'USD',
      intervalMs: 60_000,
      queueCap: 10_000,
      once: false,
      initialBalance: undefined,
    });
    expect(options.queue).toMatch(/\.propfolio-tracker[/\\]5012345-FTMO-Demo\.jsonl$/);
    const explicit = parseCli(
      [...REQUIRED, '--key', 'eakey_flag', '--interval', '15', '--initial-balance', '100000', '--once', '--queue', 'q.jsonl'],
      {
        PROPFOLIO_KEY: 'eakey_env',
      },
    ) as CliOptions;
    expect(explicit).toMatchObject({ key: 'eakey_flag', intervalMs: 15_000, initialBalance: 100_000, once: true, queue: 'q.jsonl' });
    expect(parseCli(['--help'], {})).toBe('help');
  });

  it('names what is missing or wrong', () => {
    expect(() => parseCli(REQUIRED, {})).toThrow(new UsageError('missing --key (or PROPFOLIO_KEY)'));
    expect(() => parseCli(['--url', 'x'], { PROPFOLIO_KEY: 'k' })).toThrow(/missing --login, --server, --currency, --figures/);
    expect(() => parseCli([...REQUIRED, '--interval', '0'], { PROPFOLIO_KEY: 'k' })).toThrow(/--interval must be a positive number/);
    expect(() => parseCli([...REQUIRED.slice(0, 7), 'dollars', '--figures', 'f'], { PROPFOLIO_KEY: 'k' })).toThrow(/3-letter/);
    expect(() => parseCli([...REQUIRED, '--bogus'], { PROPFOLIO_KEY: 'k' })).toThrow(UsageError);
    expect(() => parseCli(['--url', 'propfolio.example.com', ...REQUIRED.slice(2)], { PROPFOLIO_KEY: 'k' })).toThrow(/address/);
  });
});

describe('propfolio-tracker --once', () => {
  it('reads the figures file, sends what is queued and exits 0; with the service down it keeps the queue and exits 75', async () => {
    const dir = tempDir();
    const figures = join(dir, 'figures.json');
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_950.5 }));
    const service = new FakeService();
    const clock = new ManualClock(Date.UTC(2026, 2, 5, 14, 3));
    const options = parseCli(
      [...REQUIRED.slice(0, 8), '--figures', figures, '--key', 'eakey_x', '--once', '--queue', join(dir, 'q.jsonl')],
      {},
    ) as CliOptions;
    const deps = { fetch: service.fetch, clock, logger: silentLogger };
    expect(await startTracker(options, deps)).toBe('drained');
    expect(service.sent('snapshots').map((r) => r.body)).toEqual(['{"at":"2026-03-05T14:03:00Z","balance":100000,"equity":99950.5}']);
    expect(service.sent('accounts').map((r) => r.body)).toEqual([
      '{"login":"5012345","server":"FTMO-Demo","currency":"USD","initialBalance":100000}',
    ]);

    clock.advance(60_000);
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_900, closedPnlToday: 0 }));
    service.failures.push('network');
    const end = await startTracker(options, deps);
    expect([end, EXIT_CODES[end]]).toEqual(['queued', 75]);
    expect(readFileSync(join(dir, 'q.jsonl'), 'utf8')).toContain('"equity":99900');

    clock.advance(60_000);
    expect(await startTracker(options, deps)).toBe('drained');
    expect(service.sent('snapshots').at(-1)!.body).toBe('{"at":"2026-03-05T14:04:00Z","balance":100000,"equity":99900}');
  });

  it('skips an unreadable figures file with a warning and goes on', async () => {
    const dir = tempDir();
    const figures = join(dir, 'figures.json');
    writeFileSync(figures, '{"balance": "a lot"}');
    const warnings: string[] = [];
    const options = parseCli(
      [...REQUIRED.slice(0, 8), '--figures', figures, '--key', 'k', '--once', '--queue', join(dir, 'q.jsonl')],
      {},
    ) as CliOptions;
    const logger = { ...silentLogger, warn: (m: string) => warnings.push(m) };
    await startTracker(options, { fetch: new FakeService().fetch, clock: new ManualClock(0), logger });
    expect(warnings.join('\n')).toMatch(/figures not read this time: .*"balance" must be a number/);
  });
});

describe('propfolio-tracker logs what it sends', () => {
  /** Three --once runs over a day's end: a sent snapshot, one that waits for a retry, and the next day's with the report. */
  async function runs(quiet: boolean): Promise<string[]> {
    const dir = tempDir();
    const figures = join(dir, 'figures.json');
    const service = new FakeService();
    const clock = new ManualClock(Date.UTC(2026, 2, 5, 14, 3));
    const args = [...REQUIRED.slice(0, 8), '--figures', figures, '--key', 'eakey_x', '--once', '--queue', join(dir, 'q.jsonl')];
    const options = parseCli(quiet ? [...args, '--quiet'] : args, {}) as CliOptions;
    // The second run's snapshot meets a network error (its lookup passes).
    let failSnapshot = false;
    const fetch: FetchLike = (url, init) => {
      if (!failSnapshot || !url.endsWith('/snapshots')) return service.fetch(url, init);
      failSnapshot = false;
      return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    };
    const lines: string[] = [];
    const deps = { fetch, clock, write: (line: string) => lines.push(line) };

    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_950.5 }));
    expect(await startTracker(options, deps)).toBe('drained');
    clock.advance(60_000);
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_900, closedPnlToday: 0 }));
    failSnapshot = true;
    expect(await startTracker(options, deps)).toBe('queued');
    clock.set(Date.UTC(2026, 2, 6, 0, 0, 30));
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 100_020 }));
    expect(await startTracker(options, deps)).toBe('drained');
    return lines;
  }

  it('writes one line per snapshot and report sent, with the service answer or the error, and a summary per run', async () => {
    const lines = await runs(false);
    const items = lines.filter((line) => / (info |warn |error) (snapshot|report|sent) /.test(line));
    expect(items).toEqual([
      '2026-03-05T14:03:00.000Z info  snapshot 2026-03-05T14:03:00Z (balance 100000, equity 99950.5): created (firm day 2026-03-05)',
      '2026-03-05T14:03:00.000Z info  sent 1 snapshot (1 created) and 0 reports',
      expect.stringMatching(
        /^2026-03-05T14:04:00\.000Z warn {2}snapshot 2026-03-05T14:04:00Z \(balance 100000, equity 99900\): POST \/api\/v1\/accounts\/acc-1\/snapshots: ECONNREFUSED; attempt 1 failed, next in [\d.]+ s \(1 item queued\)$/,
      ),
      '2026-03-05T14:04:00.000Z info  sent 0 snapshots and 0 reports',
      '2026-03-06T00:00:30.000Z info  snapshot 2026-03-05T14:04:00Z (balance 100000, equity 99900): updated (firm day 2026-03-05)',
      '2026-03-06T00:00:30.000Z info  snapshot 2026-03-06T00:00:30Z (balance 100000, equity 100020): created (firm day 2026-03-06)',
      '2026-03-06T00:00:30.000Z info  report 2026-03-05 (balance 100000, equity 99900, closed P&L 0): created',
      '2026-03-06T00:00:30.000Z info  sent 2 snapshots (1 created, 1 updated) and 1 report (1 created)',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/warn {2}1 item queued in .*q\.jsonl: they go with the next run$/));
  });

  it('--quiet keeps only the warnings and errors', async () => {
    const lines = await runs(true);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !/^\S+ (warn |error) /.test(line))).toEqual([]);
    expect(lines.join('\n')).toMatch(/warn {2}snapshot 2026-03-05T14:04:00Z \(balance 100000, equity 99900\): POST .*ECONNREFUSED/);
  });

  it('names the item that was refused, and the item at which the tracker stopped', async () => {
    const dir = tempDir();
    const figures = join(dir, 'figures.json');
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_950.5 }));
    const service = new FakeService();
    const clock = new ManualClock(Date.UTC(2026, 2, 5, 14, 3));
    const options = parseCli(
      [...REQUIRED.slice(0, 8), '--figures', figures, '--key', 'eakey_x', '--once', '--queue', join(dir, 'q.jsonl')],
      {},
    ) as CliOptions;
    let snapshotAnswer = { status: 400, body: { code: 'validation_failed', detail: 'at is in the future' } };
    const fetch: FetchLike = (url, init) =>
      url.endsWith('/snapshots')
        ? Promise.resolve(new Response(JSON.stringify(snapshotAnswer.body), { status: snapshotAnswer.status }))
        : service.fetch(url, init);
    const lines: string[] = [];
    const deps = { fetch, clock, write: (line: string) => lines.push(line) };

    expect(await startTracker(options, deps)).toBe('drained');
    expect(lines.filter((line) => / (warn |error) /.test(line) || / info {2}sent /.test(line))).toEqual([
      '2026-03-05T14:03:00.000Z warn  snapshot 2026-03-05T14:03:00Z (balance 100000, equity 99950.5) refused and dropped: POST /api/v1/accounts/acc-1/snapshots: 400 validation_failed (at is in the future)',
      '2026-03-05T14:03:00.000Z info  sent 0 snapshots and 0 reports; 1 refused and dropped',
    ]);

    lines.length = 0;
    clock.advance(60_000);
    writeFileSync(figures, JSON.stringify({ balance: 100_000, equity: 99_800 }));
    snapshotAnswer = { status: 409, body: { code: 'account_archived', detail: 'archived' } };
    expect(await startTracker(options, deps)).toBe('stopped');
    expect(lines.filter((line) => / error /.test(line))).toEqual([
      '2026-03-05T14:04:00.000Z error snapshot 2026-03-05T14:04:00Z (balance 100000, equity 99800): not sent; stopped: POST /api/v1/accounts/acc-1/snapshots: 409 account_archived (archived): the account is archived; register the new trading account instead (1 item queued kept)',
    ]);
  });
});
