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
