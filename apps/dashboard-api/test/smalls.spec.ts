import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { body, expectProblem, TestService, type Browser } from './harness.js';

/** Issue 24 item 8, the server side: the session state without an error, optional EA changes, the money message. */
describeEachDatabase('small answers (issue 24 item 8)', (getDb) => {
  let service: TestService;
  let person: Browser;
  let key: string;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    person = await service.signUp();
    key = await person.issueKey();
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  it('GET /app/api/me answers the session state: 200 { signedIn: false } signed out, the user and CSRF token signed in', async () => {
    const signedOut = await service.browser().get('/me');
    expect([signedOut.status, signedOut.body]).toEqual([200, { signedIn: false }]);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const signedIn = await person.get('/me');
    expect(signedIn.status).toBe(200);
    expect(body<{ signedIn: boolean; csrfToken: string }>(signedIn)).toMatchObject({ signedIn: true, csrfToken: person.csrfToken });
  });

  it('POST /api/v1/ea/build needs no `changes` (none is the base as it is)', async () => {
    const built = await service.http().post('/api/v1/ea/build').send({ preset: 'prop-challenge' });
    expect(built.status).toBe(200);
    expect(body<{ fileName: string }>(built).fileName).toMatch(/\.set$/);
    expect((await service.http().post('/api/v1/ea/build').send({})).status).toBe(200);
  });

  it('a price with 5 decimals says "at most 4 decimals", over REST and /app/api alike', async () => {
    const challenge = { firm: 'FTMO', plan: '2-Step', price: 540.12345 };
    const rest = await service.http().post('/api/v1/challenges').set('Authorization', `Bearer ${key}`).send(challenge);
    expectProblem(rest, 400, 'validation_failed');
    expect(body<{ errors: unknown[] }>(rest).errors).toEqual([{ field: 'price', message: 'must be a number with at most 4 decimals' }]);
    const dashboard = await person.post('/challenges', challenge);
    expectProblem(dashboard, 400, 'validation_failed');
    expect(dashboard.body).toEqual(rest.body);
  });
});
