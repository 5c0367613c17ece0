import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';

describe('loadConfig', () => {
  it('has working defaults for the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, dataDir: './data', logLevel: 'info' });
  });

  it('lists every invalid setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(3);
    expect((error as ConfigError).message).toContain('PORT must be an integer');
  });

  it('still reads the EA_* names of the CPU pool, saying each is deprecated; the new name wins when both are set', () => {
    const old = loadConfig({ EA_WORKERS: '3', EA_QUEUE_LIMIT: '7', EA_JOB_TIMEOUT_MS: '2000' });
    expect(old.cpu).toEqual({ workers: 3, queueLimit: 7, jobTimeoutMs: 2000 });
    expect(old.deprecations).toEqual([
      'EA_WORKERS is deprecated: use CPU_WORKERS.',
      'EA_QUEUE_LIMIT is deprecated: use CPU_QUEUE_LIMIT.',
      'EA_JOB_TIMEOUT_MS is deprecated: use CPU_JOB_TIMEOUT_MS.',
    ]);
    const both = loadConfig({ CPU_WORKERS: '2', EA_WORKERS: '5' });
    expect(both.cpu.workers).toBe(2);
    expect(both.deprecations).toEqual(['EA_WORKERS is deprecated: use CPU_WORKERS (set too, so EA_WORKERS is ignored).']);
    expect(loadConfig({ CPU_WORKERS: '2' }).deprecations).toEqual([]);
    expect(() => loadConfig({ EA_WORKERS: 'many' })).toThrow('EA_WORKERS must be an integer');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line and never an API key', () => {
    const lines: string[] = [];
    const log = createLogger('info', { service: 'test' }, (line) => lines.push(line)).child({ requestId: 'r1' });
    log.debug('hidden');
    log.info('got Bearer eakey_abcdefghijklmnopqrstuvwxyz0123456789', { header: 'Bearer eakey_SECRETSECRET' });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'info', service: 'test', requestId: 'r1' });
    expect(lines[0]).not.toMatch(/eakey_[A-Za-z0-9]{5,}/);
  });
});
