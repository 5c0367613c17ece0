import { describe, expect, it } from '@jest/globals';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', {}, (line) => lines.push(line)) };
}

describe('log redaction', () => {
  it('drops secret-named fields at any depth (passwords, tokens, cookies, session ids)', () => {
    const { lines, logger } = capture();
    logger.info('sign-in', {
      password: 'hunter2hunter2',
      body: { email: 'a@b.co', password: 'hunter2hunter2', nested: { csrfToken: 'csrf-value-1' } },
      headers: { cookie: 'propfolio_session=abcdef', authorization: 'Bearer x' },
      sessionId: 'sess-123',
      invite: 'invite-token-1',
      requestId: 'kept',
    });
    const text = lines.join('\n');
    for (const secret of ['hunter2hunter2', 'csrf-value-1', 'abcdef', 'sess-123', 'invite-token-1', 'Bearer x'])
      expect(text).not.toContain(secret);
    expect(text).toContain('a@b.co');
    expect(text).toContain('kept');
  });

  it('redacts session cookies, setup and invite tokens inside free text, and API keys', () => {
    const { lines, logger } = capture();
    logger.warn('odd request /setup?token=SETUPSECRET and /sign-up?invite=INVSECRET with propfolio_session=COOKIESECRET', {
      url: '/x?a=1&token=QUERYSECRET',
      error: new Error('failed for eakey_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcd'),
    });
    const text = lines.join('\n');
    for (const secret of ['SETUPSECRET', 'INVSECRET', 'COOKIESECRET', 'QUERYSECRET', 'ABCDEFGHIJKLMNOP'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
