import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { MAX_ACTIVE_KEYS_PER_USER } from '@propfolio/domain';
import { hourlyDatabaseLimiter } from '../src/http/sign-up-throttle.js';
import { body, expectProblem, TestService, type Listing } from './harness.js';

const PASSWORD = 'correct horse battery';
const email = () => `limit-${Math.random().toString(36).slice(2)}@example.com`;

/** Issue 24 item 14: open sign-up is throttled per IP in the database, and keys are capped per person. */
describeEachDatabase('open sign-up and key limits', (getDb) => {
  let service: TestService;
  beforeAll(async () => {
    // Three per IP for the test (the default is SIGNUPS_PER_IP_PER_HOUR), counted in the test database.
    service = await TestService.start(getDb(), {
      env: { SIGNUP: 'open', TRUST_PROXY: 'true' },
      // A frozen clock: an hour turning over mid-test would refill the budget the test counts down.
      signUpLimiter: hourlyDatabaseLimiter(getDb(), 3, () => 0),
    });
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  it('refuses open sign-ups past the per-IP limit with 429 and Retry-After; another IP is not affected', async () => {
    const signUp = (ip: string) => {
      const browser = service.browser();
      browser.ip = ip;
      return browser.post('/auth/sign-up', { email: email(), password: PASSWORD }, false);
    };
    for (let i = 0; i < 3; i++) expect((await signUp('203.0.113.7')).status).toBe(201);
    const refused = await signUp('203.0.113.7');
    // an hour's window, the frozen clock at its start
    expect(expectProblem(refused, 429, 'rate_limited').facts).toEqual({ limit: 3, windowSeconds: 3600, resetSeconds: 3600 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await signUp('203.0.113.8')).status).toBe(201);
    const counted = await getDb().prisma.rateCounter.findMany({ where: { bucket: 'signup:ip:203.0.113.7' } });
    expect(counted.map((row) => row.count)).toEqual([4]);
  });

  it(`caps a person's active API keys at ${MAX_ACTIVE_KEYS_PER_USER} (409, parallel requests included); revoking frees a place`, async () => {
    const person = await service.signUp(email(), PASSWORD, '198.51.100.1');
    for (let i = 0; i < MAX_ACTIVE_KEYS_PER_USER - 2; i++) await person.issueKey('full', `key ${i}`);
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => person.post('/keys', { name: `burst ${i}` })));
    expect(burst.map((res) => res.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expectProblem(burst.find((res) => res.status === 409) as (typeof burst)[number], 409, 'conflict');
    expect(burst.find((res) => res.status === 409)?.text).toContain(`${MAX_ACTIVE_KEYS_PER_USER} active API keys`);
    const keys = body<Listing<{ id: string; revokedAt: string | null }>>(await person.get('/keys')).items;
    expect(keys.filter((key) => !key.revokedAt)).toHaveLength(MAX_ACTIVE_KEYS_PER_USER);
    expect((await person.post(`/keys/${keys[0]?.id}/revoke`)).status).toBe(200);
    expect((await person.post('/keys', { name: 'after revoke' })).status).toBe(201);
    expectProblem(await person.post('/keys', { name: 'one too many' }), 409, 'conflict');
  });
});
