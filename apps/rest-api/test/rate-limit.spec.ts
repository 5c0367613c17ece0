import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { memoryRateLimiter } from '@propfolio/http';
import { expectProblem, json, RestTestApp, type ChallengeList } from './harness.js';

/** 20 s into a one-minute window, frozen: the budget never refills in the middle of a test. */
const FROZEN = Date.UTC(2026, 2, 15, 12, 0, 20);

describeEachDatabase('REST rate limits', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb(), { rateLimiter: memoryRateLimiter(3, () => FROZEN) });
  });
  afterAll(() => app.close());

  it('counts per key with RateLimit headers, then answers 429 rate_limited with Retry-After', async () => {
    const key = await app.newUserKey();
    for (const remaining of [2, 1, 0]) {
      const res = await app.get('/me/summary', key).expect(200);
      expect(res.headers['ratelimit-policy']).toBe('3;w=60');
      expect(res.headers.ratelimit).toBe(`limit=3, remaining=${remaining}, reset=40`);
    }
    const limited = await app.get('/me/summary', key);
    const problem = expectProblem(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.headers.ratelimit).toBe('limit=3, remaining=0, reset=40');
    expect(problem.detail).toContain('retry after 40 s');
    // the headers' figures, for a client that reads the body
    expect(problem.facts).toEqual({ limit: 3, windowSeconds: 60, resetSeconds: 40 });
    // a limited POST writes nothing
    expectProblem(await app.post('/challenges', { firm: 'F', plan: 'P', price: 1 }, key), 429, 'rate_limited');
  });

  it('gives every key its own budget', async () => {
    const first = await app.newUserKey();
    const second = await app.newUserKey();
    for (let i = 0; i < 3; i++) await app.get('/challenges', first).expect(200);
    expectProblem(await app.get('/challenges', first), 429, 'rate_limited');
    const res = await app.get('/challenges', second).expect(200);
    expect(res.headers.ratelimit).toBe('limit=3, remaining=2, reset=40');
    expect(json<ChallengeList>(res).items).toEqual([]);
  });

  it('limits requests without a key per client IP, public routes included, apart from the key budgets', async () => {
    for (let i = 0; i < 3; i++) await app.get('/plans?limit=1', null).expect(200);
    const limited = await app.get('/articles?limit=1', null);
    expectProblem(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBe('40');
    // the exhausted IP budget does not touch a key's
    const key = await app.newUserKey();
    await app.get('/plans?limit=1', key).expect(200);
  });

  it('counts refused keys against the client IP, so keys cannot be guessed at full speed', async () => {
    const guesser = await RestTestApp.start(getDb(), { rateLimiter: memoryRateLimiter(3, () => FROZEN) });
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await guesser.get('/me/summary', `eakey_guess${i}`);
        expectProblem(refused, 401, 'invalid_token');
        expect(refused.headers['ratelimit-policy']).toBe('3;w=60');
      }
      const limited = await guesser.get('/me/summary', 'eakey_guess9');
      expect(expectProblem(limited, 429, 'rate_limited').facts).toEqual({ limit: 3, windowSeconds: 60, resetSeconds: 40 });
      expect(limited.headers['retry-after']).toBe('40');
    } finally {
      await guesser.close();
    }
  });
});
