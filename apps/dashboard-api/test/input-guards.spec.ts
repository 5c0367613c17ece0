import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { expectProblem, TestService, type Browser, type Response } from './harness.js';
import type { Problem } from './api-types.js';

const PASSWORD = 'correct horse battery';
const NUL = '\u0000';
const email = () => `guard-${Math.random().toString(36).slice(2)}@example.com`;

/** The fields a 400 names. */
const fields = (res: Response) => ((JSON.parse(res.text) as Problem).errors ?? []).map((e) => e.field);

/** Issue 24 item 11: the dashboard's own routes get the API's input guards, on both databases. */
describeEachDatabase('dashboard input guards', (getDb) => {
  let service: TestService;
  let person: Browser;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    person = await service.signUp();
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  it('answers a NUL byte in a dashboard field with 400 naming the field, never 500', async () => {
    const cases: [string, () => Promise<Response>, string][] = [
      [
        'sign-in email',
        () => service.browser().post('/auth/sign-in', { email: `a${NUL}@example.com`, password: PASSWORD }, false),
        'email',
      ],
      [
        'sign-up email',
        () => service.browser().post('/auth/sign-up', { email: `b${NUL}@example.com`, password: PASSWORD }, false),
        'email',
      ],
      [
        'sign-up name',
        () => service.browser().post('/auth/sign-up', { email: email(), password: PASSWORD, name: `n${NUL}` }, false),
        'name',
      ],
      ['profile name', () => person.patch('/me', { name: `me${NUL}` }), 'name'],
      ['key name', () => person.post('/keys', { name: `key${NUL}` }), 'name'],
    ];
    for (const [what, send, field] of cases) {
      const res = await send();
      expect([what, res.status]).toEqual([what, 400]);
      expectProblem(res, 400, 'validation_failed');
      expect([what, fields(res)]).toEqual([what, [field]]);
    }
  });

  it('refuses JSON nested deeper than 32 levels, as the API does', async () => {
    const deep = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const send = (text: string) =>
      service.http().post('/app/api/auth/sign-in').set('Origin', service.origin).set('Content-Type', 'application/json').send(text);
    expectProblem(await send(deep(40)), 400, 'validation_failed');
    expectProblem(await send(deep(100_000)), 400, 'validation_failed');
    expectProblem(await send(deep(3)), 401, 'invalid_credentials');
  });

  it('refuses a body over the limit with 413, naming the limit in bytes as the API does', async () => {
    const res = await person.patch('/me', { name: 'x'.repeat(1_100_000) });
    expect(expectProblem(res, 413, 'payload_too_large').facts).toEqual({ limitBytes: 1_048_576 });
  });

  it('refuses a body in another charset than UTF-8 (charset=utf-7) with 415', async () => {
    const send = (charset: string) =>
      service
        .http()
        .post('/app/api/auth/sign-in')
        .set('Origin', service.origin)
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(JSON.stringify({ email: email(), password: PASSWORD }));
    for (const charset of ['utf-7', 'UTF-7', 'utf-16', 'latin1']) expectProblem(await send(charset), 415, 'unsupported_media_type');
    expectProblem(await send('UTF-8'), 401, 'invalid_credentials');
  });

  it('refuses a body that is not JSON with 415, as the API does, instead of reading it as an empty object', async () => {
    const send = (type: string, body: string) =>
      service.http().post('/app/api/auth/sign-in').set('Origin', service.origin).set('Content-Type', type).send(body);
    const json = JSON.stringify({ email: email(), password: PASSWORD });
    expectProblem(await send('text/plain', json), 415, 'unsupported_media_type');
    expectProblem(await send('application/x-www-form-urlencoded', 'email=a%40b.c&password=x'), 415, 'unsupported_media_type');
    expectProblem(await send('application/json', json), 401, 'invalid_credentials');
  });
});
