import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createLogger, encodeCursor, loadConfig } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createAppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
import { createRestApp } from '../src/rest-app.js';
import { createChallenge, expectProblem, json, RestTestApp, type AccountBody, type ProblemBody, type RestAnswer } from './harness.js';
import request from 'supertest';

/** Client input that used to reach a 500 (issue 14 items 5 and 6): each is now a 400 with the usual problem. */
describeEachDatabase('REST input bounds', (getDb) => {
  let app: RestTestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await RestTestApp.start(getDb(), { logger: createLogger('debug', {}, (line) => lines.push(line)) });
  });
  afterAll(() => app.close());

  it('answers malformed percent-encoding in a path parameter with 400 validation_failed', async () => {
    for (const path of ['/articles/%', '/articles/%E0%A4%A', '/challenges/%zz', '/accounts/%/daily-pnl', '/ea/params/%C0']) {
      const problem = expectProblem(await app.get(path), 400, 'validation_failed');
      expect(problem.detail).toContain('percent-encoding');
    }
    expectProblem(await app.patch('/challenges/%', { phase: 'X' }), 400, 'validation_failed');
  });

  it('answers forged cursors with 400 validation_failed: huge offsets, impossible dates, NUL in the id', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const forged: [string, (string | number)[]][] = [
      ['/plans', ['plans', 1e300]],
      ['/plans', ['plans', 2 ** 63]],
      ['/articles', ['articles', 2 ** 63]],
      ['/ea/params', [1e300]],
      ['/ea/params', [-5]],
      ['/challenges', ['0000-01-01T00:00:00.000Z', uuid]],
      ['/challenges', ['-271821-04-20T00:00:00.000Z', uuid]],
      ['/challenges', ['+275760-09-13T00:00:00.000Z', uuid]],
      ['/challenges', ['2026-03-01T00:00:00.000Z', 'abc\u0000']],
      ['/challenges', ['2026-03-01T00:00:00.000Z', 'not-a-uuid']],
      ['/payouts', ['0000-01-01T00:00:00.000Z', uuid]],
      ['/accounts', ['2026-03-01', `${uuid}\u0000`]],
    ];
    for (const [path, position] of forged) {
      const res = await app.get(`${path}?cursor=${encodeCursor(position)}`);
      expect(`${path} ${JSON.stringify(position)} ${res.status} ${(JSON.parse(res.text) as ProblemBody).code}`).toBe(
        `${path} ${JSON.stringify(position)} 400 validation_failed`,
      );
    }
  });

  it('refuses JSON nested deeper than the limit with 400, with or without an Idempotency-Key', async () => {
    const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const send = (headers: Record<string, string>) =>
      app
        .raw()
        .post('/api/v1/challenges')
        .set('Authorization', `Bearer ${app.ownerKey}`)
        .set('Content-Type', 'application/json')
        .set(headers)
        .send(deep);
    expect(expectProblem(await send({}), 400, 'validation_failed').detail).toContain('nested');
    expectProblem(await send({ 'Idempotency-Key': 'deep-1' }), 400, 'validation_failed');
    const deepArray = `{"firm":"F","plan":"P","price":1,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expectProblem(
      await app
        .raw()
        .post('/api/v1/challenges')
        .set('Authorization', `Bearer ${app.ownerKey}`)
        .set('Content-Type', 'application/json')
        .send(deepArray),
      400,
      'validation_failed',
    );
    expectProblem(await app.get(`/plans?${'a[b]'.repeat(1)}=1`), 400, 'validation_failed');
  });

  it('refuses amounts that a JSON number cannot carry exactly, and round-trips the largest accepted one', async () => {
    const problem = expectProblem(
      // eslint-disable-next-line no-loss-of-precision -- the point: a price no JSON number carries exactly
      await app.post('/challenges', { firm: 'F', plan: 'P', price: 2123456789009.3458 }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'price' })]);
    const largest = await createChallenge(app, { price: 99999999999.9999 });
    expect(largest.price).toBe(99999999999.9999);
    const account = await app
      .post('/accounts', { login: 'big-1', server: 'S', currency: 'USD', initialBalance: 99999999999.9999 })
      .expect(201);
    const report = await app
      .post(`/accounts/${json<AccountBody>(account).id}/reports`, {
        date: '2026-03-01',
        balance: 12345678901.2345,
        equity: 1,
        closedPnl: -99999999999.9999,
      })
      .expect(200);
    expect(json<RestAnswer<'/api/v1/accounts/{id}/reports', 'post'>>(report).balance).toBe(12345678901.2345);
    expectProblem(
      await app.post(`/accounts/${json<AccountBody>(account).id}/reports`, {
        date: '2026-03-01',
        balance: 123456789012.3456,
        equity: 1,
        closedPnl: 0,
      }),
      400,
      'validation_failed',
    );
  });

  it('answers a database failure during authentication with a logged 503 service_unavailable', async () => {
    const logged: string[] = [];
    const context = await createAppContext(getDb(), loadConfig({ LOG_LEVEL: 'silent' }), {
      logger: createLogger('debug', {}, (line) => logged.push(line)),
      rateLimiter: memoryRateLimiter(1000),
      announceKey: () => undefined,
    });
    const failing = {
      ...context,
      authenticate: async () => {
        throw Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' });
      },
    };
    const nest = await createRestApp(failing);
    try {
      const res = await request(nest.getHttpServer() as Server)
        .get('/api/v1/me/summary')
        .set('Authorization', `Bearer ${app.ownerKey}`);
      expectProblem(res, 503, 'service_unavailable');
      expect(res.headers['retry-after']).toBeDefined();
      expect(logged.some((line) => line.includes('"level":"error"') && line.includes("Can't reach database server"))).toBe(true);
    } finally {
      await nest.close();
      await context.close();
    }
  });

  it('logged no unexpected error while refusing all of the above', () => {
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });
});
