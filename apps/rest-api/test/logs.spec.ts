import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createLogger } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createChallenge, RestTestApp } from './harness.js';

const KEY_IN_TEXT = /eakey_[A-Za-z0-9]{10}/;

describeEachDatabase('REST logs', (getDb) => {
  let app: RestTestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await RestTestApp.start(getDb(), { logger: createLogger('debug', {}, (line) => lines.push(line)) });
  });
  afterAll(() => app.close());

  it('write one access line per request and never a key, wherever a client puts it', async () => {
    const key = app.ownerKey;
    const other = await app.newUserKey();
    lines.length = 0;
    const challenge = await createChallenge(app);
    await app.get('/me/summary').expect(200);
    await app.get('/me/summary', other).expect(200);
    await app.get(`/challenges/${challenge.id}`, key, { 'X-Request-Id': 'logs-test-1' }).expect(200);
    await app.post('/challenges', { firm: 'F', plan: 'P', price: 1, note: key }).expect(400);
    await app.post(`/challenges/${challenge.id}/memos`, { content: `my key is ${key}` }).expect(201);
    await app.get(`/challenges/${key}`).expect(404);
    await app.get(`/me/summary?api_key=${key}`, null).expect(401);
    await app.get('/me/summary', `${key}x`).expect(401);
    await app.post(`/challenges/${challenge.id}/memos`, { content: `nul\u0000 ${key}` });
    await app.raw().delete(`/api/v1/challenges/${key}`).set('Authorization', `Bearer ${key}`).expect(405);

    const access = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(access).toHaveLength(11);
    expect(access.find((entry) => entry.requestId === 'logs-test-1')).toMatchObject({ method: 'GET', status: 200 });
    expect(access.map((entry) => entry.status)).toEqual([201, 200, 200, 200, 400, 201, 404, 401, 401, expect.any(Number), 405]);
    const leaks = lines.filter((line) => KEY_IN_TEXT.test(line) || line.includes(key.slice(6, 20)) || line.includes(other.slice(6, 20)));
    expect(leaks).toEqual([]);
  });
});
