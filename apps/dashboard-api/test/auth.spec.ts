import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { sha256 } from '@propfolio/domain';
import { memoryRateLimiter } from '@propfolio/http';
import { body, expectProblem, TestService, type Browser, type Me } from './harness.js';

const PASSWORD = 'correct horse battery';
let ipCounter = 0;
/** A client address of its own per test (TRUST_PROXY=true), so per-IP throttling stays per test. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const email = () => `auth-${Math.random().toString(36).slice(2)}@Example.com`;

describeEachDatabase('dashboard auth and sessions', (getDb) => {
  let service: TestService;
  const logs: string[] = [];
  beforeAll(async () => {
    service = await TestService.start(getDb(), {
      env: { TRUST_PROXY: 'true', SESSION_DAYS: '30' },
      logger: createLogger('debug', {}, (line) => logs.push(line)),
      // A fixed clock: every attempt in this file falls in the same window, whatever the wall clock does.
      signInLimiters: { perAccount: memoryRateLimiter(5, () => 0), perIp: memoryRateLimiter(20, () => 0) },
    });
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  const signUp = (address = email()) => service.signUp(address, PASSWORD, freshIp());
  const signIn = async (browser: Browser, address: string, password = PASSWORD) =>
    browser.post('/auth/sign-in', { email: address, password }, false);

  describe('the session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain HTTP', async () => {
      const browser = service.browser();
      browser.ip = freshIp();
      const res = await browser.post('/auth/sign-up', { email: email(), password: PASSWORD }, false);
      expect(res.status).toBe(201);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^propfolio_session=[A-Za-z0-9_-]+;/);
      expect(cookie).toContain('; HttpOnly');
      expect(cookie).toContain('; SameSite=Lax');
      expect(cookie).toContain('; Path=/');
      expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(2_592_000 - 60);
      expect(cookie).not.toContain('Secure');
    });

    it('is Secure when the request came over HTTPS (X-Forwarded-Proto with TRUST_PROXY)', async () => {
      const address = email();
      await signUp(address);
      const res = await service
        .http()
        .post('/app/api/auth/sign-in')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', freshIp())
        .set('Origin', service.origin.replace('http:', 'https:'))
        .send({ email: address, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    });

    it('carries at least 128 random bits and only its SHA-256 is stored', async () => {
      const browser = await signUp();
      const token = browser.cookie as string;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const db = getDb().prisma;
      expect(await db.session.count({ where: { tokenHash: token } })).toBe(0);
      expect(await db.session.count({ where: { tokenHash: sha256(token) } })).toBe(1);
      const rows = await db.session.findMany();
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('is rotated at sign-in: a new id, and the old session no longer works', async () => {
      const address = email();
      const browser = await signUp(address);
      const before = browser.cookie as string;
      const res = await signIn(browser, address);
      expect(res.status).toBe(200);
      expect(browser.cookie).toBeDefined();
      expect(browser.cookie).not.toBe(before);
      const stale = await service.http().get('/app/api/me').set('Cookie', `propfolio_session=${before}`);
      expect([stale.status, stale.body]).toEqual([200, { signedIn: false }]);
      expect((await browser.get('/me')).status).toBe(200);
    });

    it('slides: use pushes the expiry forward (at most every few minutes); an unused session expires', async () => {
      const sessions = service.context.domain.sessions;
      const user = (await getDb().prisma.user.findFirst({ where: { emailNormalized: { not: null } } }))!;
      const t0 = new Date('2030-01-01T00:00:00Z');
      const created = await sessions.create(user.id, t0);
      const day = 86_400_000;
      const early = await sessions.resolve(created.token, new Date(t0.getTime() + 60_000));
      expect(early?.expiresAt.toISOString()).toBe(created.expiresAt.toISOString());
      const later = new Date(t0.getTime() + 20 * day);
      const slid = await sessions.resolve(created.token, later);
      expect(slid?.expiresAt.getTime()).toBe(later.getTime() + 30 * day);
      expect(await sessions.resolve(created.token, new Date(later.getTime() + 29 * day))).not.toBeNull();
      const other = await sessions.create(user.id, t0);
      expect(await sessions.resolve(other.token, new Date(t0.getTime() + 30 * day + 1))).toBeNull();
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-origin POST that carries a valid cookie and token', async () => {
      const browser = await signUp();
      browser.origin = 'https://evil.example';
      expectProblem(await browser.post('/keys', { name: 'x', scope: 'full' }), 403, 'forbidden');
      expectProblem(await browser.post('/auth/sign-in', { email: 'a@b.co', password: PASSWORD }, false), 403, 'forbidden');
    });

    it('refuses a state-changing request with neither Origin nor Referer, and accepts a same-origin Referer', async () => {
      const browser = await signUp();
      const bare = await service
        .http()
        .post('/app/api/keys')
        .set('Cookie', `propfolio_session=${browser.cookie}`)
        .set('X-CSRF-Token', browser.csrfToken as string)
        .send({ name: 'x', scope: 'full' });
      expectProblem(bare, 403, 'forbidden');
      const referred = await service
        .http()
        .post('/app/api/keys')
        .set('Cookie', `propfolio_session=${browser.cookie}`)
        .set('X-CSRF-Token', browser.csrfToken as string)
        .set('Referer', `${service.origin}/keys`)
        .send({ name: 'x', scope: 'full' });
      expect(referred.status).toBe(201);
    });

    it('requires the session X-CSRF-Token on state-changing requests (missing or wrong → 403)', async () => {
      const browser = await signUp();
      expectProblem(await browser.post('/keys', { name: 'x', scope: 'full' }, false), 403, 'forbidden');
      const right = browser.csrfToken as string;
      browser.csrfToken = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
      expectProblem(await browser.post('/keys', { name: 'x', scope: 'full' }), 403, 'forbidden');
      expectProblem(await browser.delete('/challenges/00000000-0000-4000-8000-000000000000'), 403, 'forbidden');
      browser.csrfToken = right;
      expect((await browser.post('/keys', { name: 'x', scope: 'full' })).status).toBe(201);
      expect(body<Me>(await browser.get('/me')).csrfToken).toBe(right);
    });
  });

  describe('credentials', () => {
    it('refuses an API key on /app/api, even a valid one', async () => {
      const browser = await signUp();
      const key = await browser.issueKey();
      const res = await service.http().get('/app/api/me').set('Authorization', `Bearer ${key}`);
      expectProblem(res, 401, 'session_required');
      const withBoth = await service
        .http()
        .get('/app/api/keys')
        .set('Authorization', `Bearer ${key}`)
        .set('Cookie', `propfolio_session=${browser.cookie}`);
      expectProblem(withBoth, 401, 'session_required');
    });

    it('answers an unknown email and a wrong password identically', async () => {
      const address = email();
      await signUp(address);
      const unknown = service.browser();
      unknown.ip = freshIp();
      const a = await signIn(unknown, `nobody-${address}`);
      const b = await signIn(unknown, address, 'wrong password!!');
      expectProblem(a, 401, 'invalid_credentials');
      expect(b.status).toBe(a.status);
      expect(b.text).toBe(a.text);
      expect(b.headers['set-cookie']).toBeUndefined();
    });

    it('matches the email case-insensitively and refuses a second account with the same address', async () => {
      const address = email();
      await signUp(address);
      const browser = service.browser();
      browser.ip = freshIp();
      expect((await signIn(browser, address.toUpperCase())).status).toBe(200);
      const again = await browser.post('/auth/sign-up', { email: address.toLowerCase(), password: PASSWORD }, false);
      expectProblem(again, 409, 'conflict');
    });

    it('throttles sign-in per account (429 with Retry-After), whatever the client address', async () => {
      const address = email();
      await signUp(address);
      for (let i = 0; i < 5; i++) {
        const browser = service.browser();
        browser.ip = freshIp();
        expectProblem(await signIn(browser, address, `wrong password ${i}`), 401, 'invalid_credentials');
      }
      const browser = service.browser();
      browser.ip = freshIp();
      const res = await signIn(browser, address);
      const { facts } = expectProblem(res, 429, 'rate_limited');
      expect(facts).toEqual({ limit: 5, windowSeconds: 60, resetSeconds: Number(res.headers['retry-after']) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('throttles sign-in per client IP across accounts (429 with Retry-After)', async () => {
      const browser = service.browser();
      browser.ip = freshIp();
      for (let i = 0; i < 20; i++) expectProblem(await signIn(browser, email()), 401, 'invalid_credentials');
      const res = await signIn(browser, email());
      const { facts } = expectProblem(res, 429, 'rate_limited');
      expect(facts).toEqual({ limit: 20, windowSeconds: 60, resetSeconds: Number(res.headers['retry-after']) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }, 120_000);

    it('signs out this session, and everywhere', async () => {
      const address = email();
      const first = await signUp(address);
      const second = service.browser();
      second.ip = freshIp();
      await signIn(second, address);
      const third = service.browser();
      third.ip = freshIp();
      await signIn(third, address);
      expect((await first.post('/auth/sign-out')).status).toBe(204);
      expect((await first.get('/me')).body).toEqual({ signedIn: false });
      expect((await second.get('/me')).body).toMatchObject({ signedIn: true });
      expect((await second.post('/auth/sign-out-everywhere')).status).toBe(204);
      expect((await third.get('/me')).body).toEqual({ signedIn: false });
    });

    it('updates the profile (name, language) and refuses sign-up when the password is too short', async () => {
      const browser = await signUp();
      const res = await browser.patch('/me', { name: '山田', language: 'en' });
      expect(res.status).toBe(200);
      expect(body<Me>(res).user).toMatchObject({ name: '山田', language: 'en', admin: false });
      const short = service.browser();
      short.ip = freshIp();
      expectProblem(await short.post('/auth/sign-up', { email: email(), password: 'short' }, false), 400, 'validation_failed');
    });
  });

  it('never logs a password, session id or CSRF token', async () => {
    const address = email();
    const browser = await signUp(address);
    await signIn(browser, address);
    await browser.get('/me');
    await browser.post('/keys', { name: 'log check', scope: 'full' });
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(browser.cookie);
    expect(text).not.toContain(browser.csrfToken);
  });
});
