import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { EXIT_CODES, parseCli, startTracker, UsageError, type CliOptions } from '../src/cli.js';
import { ManualClock, silentLogger } from '../src/index.js';
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
