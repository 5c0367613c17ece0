import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { closedPosition } from '@propfolio/domain/testing';
import { API_PREFIX, RestTestApp } from '@propfolio/rest-api/testing';
import { probeDuring } from './healthz-probe.js';
import { listenOnLoopback, openChaosDatabase, report, type ChaosDatabase } from './support.js';

/**
 * Issue 40 item 9 (positions and snapshot bodies): the largest tracker messages, sent while a child process probes
 * /healthz on the same event loop and another user reads. Figures are reported (not asserted: the machine's load is
 * not the code's); what is asserted is the answer each message gets.
 */
describe('tracker messages at their bounds', () => {
  let chaos: ChaosDatabase;
  let app: RestTestApp;
  let health: Server;
  let healthUrl: string;
  let apiUrl: string;
  let login = 0;

  beforeAll(async () => {
    chaos = await openChaosDatabase();
    app = await RestTestApp.start(chaos.db);
    health = createServer((_req, res) => res.end('{"status":"ok"}'));
    healthUrl = `${await listenOnLoopback(health)}/healthz`;
    apiUrl = `${await listenOnLoopback(app.server)}${API_PREFIX}`;
  });
  afterAll(async () => {
    health.close();
    await app.close();
    await chaos.close();
  });

  const exits = Array.from({ length: 100 }, (_, i) => ({ at: '2026-03-02T01:00:00Z', volume: 0.01, price: 1.1, profit: i }));
  /**
   * 1,150 positions of 100 exits each: 7.8 MiB, just under the route's 8 MiB body limit, as JSON text written before
   * the clock starts: the client shares the server's event loop here, and its own stringify is not the server's cost.
   */
  const largest = (from: number): string =>
    JSON.stringify({ positions: Array.from({ length: 1_150 }, (_, i) => closedPosition(String(from + i), { volume: 1, exits })) });
  const postText = async (path: string, body: string): Promise<number> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.ownerKey}`, 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  it('the largest message to an account that does not exist is a 404 before any position is validated', async () => {
    const body = largest(1);
    const { result: res, ...probe } = await probeDuring(healthUrl, async () => {
      const started = performance.now();
      const status = await postText(`/accounts/${randomUUID()}/positions`, body);
      return { status, ms: Math.round(performance.now() - started) };
    });
    expect(res.status).toBe(404);
    // Before: 404 after 11.1–11.8 s with /healthz blocked 11.5 s (issue 40).
    report('largest positions message to a missing account', {
      mib: (body.length / 1_048_576).toFixed(2),
      answerMs: res.ms,
      healthz: probe,
    });
  });

  it('10,001 positions and an open-positions list over its bound are refused by the count, naming it', async () => {
    const account = (
      await app.post('/accounts', { login: `${process.pid}${++login}`, server: 'Chaos', currency: 'USD', initialBalance: 1e5 })
    ).body as { id: string };
    const many = { positions: Array.from({ length: 10_001 }, (_, i) => closedPosition(String(i))) };
    const refused = await app.post(`/accounts/${account.id}/positions`, many);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'position_rejected', facts: { limit: 10_000, received: 10_001 } });
    const open = { position: '1', symbol: 'EURUSD', side: 'buy', volume: 1, openedAt: new Date().toISOString() };
    const snapshot = { at: new Date().toISOString(), balance: 1e5, equity: 1e5, openPositions: Array.from({ length: 201 }, () => open) };
    const overOpen = await app.post(`/accounts/${account.id}/snapshots`, snapshot);
    expect(overOpen.status).toBe(400);
    expect(overOpen.body).toMatchObject({ errors: [{ field: 'openPositions' }] });
  });

  it('back-to-back largest messages: /healthz and another user’s reads keep answering', async () => {
    const account = (
      await app.post('/accounts', { login: `${process.pid}${++login}`, server: 'Chaos', currency: 'USD', initialBalance: 1e5 })
    ).body as { id: string };
    const otherKey = await app.newUserKey();
    const readMs = async (count: number): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        expect((await app.get('/challenges', otherKey)).status).toBe(200);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    const median = (times: number[]) => Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
    const idle = median(await readMs(20));
    const bodies = [largest(1), largest(5_001)];
    let busy = true;
    const { result, ...probe } = await probeDuring(healthUrl, async () => {
      const reads: number[] = [];
      const reader = (async () => {
        while (busy) reads.push(...(await readMs(1)));
      })();
      const statuses: number[] = [];
      for (const body of bodies) statuses.push(await postText(`/accounts/${account.id}/positions`, body));
      busy = false;
      await reader;
      return { statuses, reads: reads.sort((a, b) => a - b) };
    });
    expect(result.statuses).toEqual([200, 200]);
    // Before: another user's GET /challenges at p50 1.54 s (PGlite) / 0.95 s (PostgreSQL) (issue 40).
    report('two largest positions messages back to back', {
      healthz: probe,
      otherUserReadP50: { idle, during: median(result.reads), reads: result.reads.length },
    });
  });
});
