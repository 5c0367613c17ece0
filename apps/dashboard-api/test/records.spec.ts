import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { describeEachDatabase } from '@propfolio/db/testing';
import { SESSION_COOKIE } from '../src/http/cookies.js';
import { body, expectProblem, TestService, type Browser, type Listing } from './harness.js';

/**
 * Issue 25 item 5: the record routes of /app/api run through the runner /api/v1 uses, so they answer
 * ETag and If-None-Match, and honour Idempotency-Key, as REST does.
 */
describeEachDatabase('dashboard record routes share the REST runner', (getDb) => {
  let service: TestService;
  let person: Browser;
  let key: string;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    person = await service.signUp();
    key = await person.issueKey();
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  /** A request of `person`'s browser with headers of our own (the harness's Browser sets only its own). */
  const signedIn = (test: Test): Test =>
    test
      .set('Origin', person.origin)
      .set('Cookie', `${SESSION_COOKIE}=${String(person.cookie)}`)
      .set('X-CSRF-Token', String(person.csrfToken));
  const get = (path: string, headers: Record<string, string> = {}) => signedIn(service.http().get(`/app/api${path}`)).set(headers);
  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    signedIn(service.http().post(`/app/api${path}`))
      .set(headers)
      .send(payload);
  const idem = (value: string) => ({ 'Idempotency-Key': value });
  const challengeCount = async () => body<Listing<unknown>>(await get('/challenges?limit=200')).items.length;

  it('GET answers carry the same ETag as /api/v1; a revalidation gets 304 until a write', async () => {
    await post('/challenges', { firm: 'FTMO', plan: '2-Step', price: 540 }).expect(201);
    const first = await get('/challenges').expect(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const rest = await service.http().get('/api/v1/challenges').set('Authorization', `Bearer ${key}`).expect(200);
    expect(rest.headers.etag).toBe(etag);
    await get('/challenges', { 'If-None-Match': etag }).expect(304);
    await post('/challenges', { firm: 'FTMO', plan: '1-Step', price: 99 }).expect(201);
    const after = await get('/challenges', { 'If-None-Match': etag }).expect(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('POST honours Idempotency-Key: a retry replays without a second record, another body is 422, a malformed key 400', async () => {
    const before = await challengeCount();
    const payload = { firm: 'Idem', plan: 'P', price: 10 };
    const created = await post('/challenges', payload, idem('dash-create-1')).expect(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post('/challenges', payload, idem('dash-create-1')).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(created.body);
    expect(await challengeCount()).toBe(before + 1);

    expectProblem(await post('/challenges', { ...payload, price: 11 }, idem('dash-create-1')), 422, 'idempotency_key_reused');
    const malformed = await post('/challenges', payload, idem('has space'));
    expectProblem(malformed, 400, 'validation_failed');
    expect(body<{ errors: { field: string }[] }>(malformed).errors[0]?.field).toBe('Idempotency-Key');
    expect(await challengeCount()).toBe(before + 1);
  });

  it('keeps the tax-year CSV inside the JSON (the page makes the download), where /api/v1 answers text/csv', async () => {
    const dashboard = await get('/me/tax-year/2026?currency=USD&format=csv').expect(200);
    expect(String(dashboard.headers['content-type'])).toBe('application/json; charset=utf-8');
    expect(typeof body<{ csv: unknown }>(dashboard).csv).toBe('string');
    const rest = await service
      .http()
      .get('/api/v1/me/tax-year/2026?currency=USD&format=csv')
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(rest.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(rest.text).toBe(body<{ csv: string }>(dashboard).csv);
  });
});
