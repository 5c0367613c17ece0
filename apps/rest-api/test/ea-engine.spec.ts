import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createLogger, loadConfig } from '@propfolio/core';
import { openDatabase, type Database } from '@propfolio/db';
import { buildSet, MAX_CONTENT_BYTES } from '@propfolio/ea-settings';
import { healthRoutes, requestContext } from '@propfolio/http';
import { createAppContext, type AppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
import { createRestApp } from '../src/rest-app.js';
import { json, type ProblemBody } from './harness.js';

/** A real MT5 file (UTF-16LE) padded with comment lines to `bytes`, as base64: cheap to answer, costly to parse. */
function bigSet(bytes: number): string {
  const head = buildSet({ changes: [] }).bytes;
  const out = new Uint8Array(bytes);
  out.set(head.subarray(0, Math.min(head.length, bytes)));
  const line = '; padding comment line of a large but valid file\r\n';
  for (let i = head.length; i + 1 < bytes; i += 2) {
    const c = line.charCodeAt(((i - head.length) / 2) % line.length);
    out[i] = c & 0xff;
    out[i + 1] = c >> 8;
  }
  return Buffer.from(out).toString('base64');
}

interface Running {
  context: AppContext;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The service as deployed: health routes and REST on one Express app, on a loopback port. */
async function start(db: Database, env: Record<string, string>): Promise<Running> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const context = await createAppContext(db, config, {
    logger: createLogger('silent'),
    rateLimiter: memoryRateLimiter(100_000),
    // A frozen clock: a one-minute window turning over mid-test would refill the budget the test counts down.
    eaRateLimiter: memoryRateLimiter(config.ea.rateLimitPerMinute, () => 0),
    announceKey: () => undefined,
  });
  const app = express();
  app.use(requestContext(context.logger, { trustProxy: config.trustProxy }));
  app.use(healthRoutes(context.db));
  const nest = await createRestApp(context, { expressApp: app });
  await nest.init();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    context,
    server,
    url,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await nest.close();
      await context.close();
    },
  };
}

const diagnose = (url: string, content: string, encoding: 'base64' | 'text' = 'base64', key?: string) => {
  const post = request(url).post('/api/v1/ea/diagnose');
  return (key ? post.set('Authorization', `Bearer ${key}`) : post).send({ content, contentEncoding: encoding });
};

/** A key of its own: signed-in work is not held to an anonymous client's one job at a time. */
const keyOf = async (app: Running): Promise<string> => (await app.context.domain.keys.createKey(`ea-${Date.now()}`)).key;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
}

describe('public EA work: bounded, off the event loop, rate-limited on its own', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers 413 payload_too_large above the documented .set limit, and 200 at it', async () => {
    const app = await start(db, {});
    try {
      const over = await diagnose(app.url, bigSet(MAX_CONTENT_BYTES + 2));
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ code: 'payload_too_large' });
      expect(json<ProblemBody>(over).detail).toContain('524288 bytes');
      expect(json<ProblemBody>(over).facts).toEqual({ limitBytes: MAX_CONTENT_BYTES });
      const overText = await diagnose(app.url, 'RiskPercent=1.0\r\n'.repeat(Math.ceil(MAX_CONTENT_BYTES / 17) + 1), 'text');
      expect(overText.status).toBe(413);
      const at = await diagnose(app.url, bigSet(MAX_CONTENT_BYTES));
      expect(at.status).toBe(200);
      expect(at.body).toMatchObject({ format: 'mt5', encoding: 'utf-16le-bom' });
    } finally {
      await app.close();
    }
  });

  it('counts anonymous EA work per client address from the operation context: one client at its limit leaves another open', async () => {
    // Behind one trusted proxy the address is the last X-Forwarded-For entry (libs/http clientAddress).
    const app = await start(db, { EA_RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: 'true' });
    const from = (address: string) => request(app.url).post('/api/v1/ea/build').set('X-Forwarded-For', address).send({ changes: [] });
    try {
      expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(429);
      expect((await from('198.51.100.9')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('limits diagnoses and builds per client more strictly than the general limit (429), leaving cheap EA reads open', async () => {
    const app = await start(db, { EA_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await diagnose(app.url, 'RiskPercent=1.0\r\n', 'text')).status);
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await request(app.url).post('/api/v1/ea/build').send({ changes: [] });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'rate_limited' });
      // the EA limiter's clock stands at the start of a window
      expect(json<ProblemBody>(limited).facts).toEqual({ limit: 3, windowSeconds: 60, resetSeconds: 60 });
      expect(limited.headers['retry-after']).toBe('60');
      expect((await request(app.url).get('/api/v1/ea/overview')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('bounds the queue (503 service_unavailable when full) and never answers 500', async () => {
    const app = await start(db, { CPU_WORKERS: '1', CPU_QUEUE_LIMIT: '1', EA_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const content = bigSet(MAX_CONTENT_BYTES);
      const key = await keyOf(app);
      const answers = await Promise.all(Array.from({ length: 8 }, () => diagnose(app.url, content, 'base64', key)));
      const statuses = answers.map((a) => a.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(answers.find((a) => a.status === 503)?.body).toMatchObject({ code: 'service_unavailable' });
    } finally {
      await app.close();
    }
  });

  it('refuses up front a job that cannot fit its time budget (422 too_costly, not a 503 after burning it) and keeps serving', async () => {
    const app = await start(db, { CPU_WORKERS: '1', CPU_JOB_TIMEOUT_MS: '100', EA_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const slow = await diagnose(app.url, bigSet(MAX_CONTENT_BYTES));
      expect(slow.status).toBe(422);
      expect(json<ProblemBody>(slow).facts).toEqual({ cost: MAX_CONTENT_BYTES, limit: 100_000, unit: 'bytes' });
      expect((await request(app.url).get('/api/v1/ea/params/37-5')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('/healthz stays responsive while large diagnoses are in flight (compared with those requests, same run)', async () => {
    const app = await start(db, { CPU_WORKERS: '2', CPU_QUEUE_LIMIT: '32', EA_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const content = bigSet(MAX_CONTENT_BYTES);
      const key = await keyOf(app);
      expect((await diagnose(app.url, content, 'base64', key)).status).toBe(200); // warm the workers
      const baseline = median(await Promise.all([0, 1, 2].map(async () => (await timed(() => request(app.url).get('/healthz'))).ms)));
      let pending = 6;
      const heavy = Array.from({ length: 6 }, () =>
        timed(() => diagnose(app.url, content, 'base64', key)).finally(() => {
          pending--;
        }),
      );
      const underLoad: number[] = [];
      let answeredWhileBusy = 0;
      for (let i = 0; i < 5; i++) {
        const health = await timed(() => request(app.url).get('/healthz'));
        expect(health.value.status).toBe(200);
        underLoad.push(health.ms);
        if (pending > 0) answeredWhileBusy++;
      }
      const eaMs = median((await Promise.all(heavy)).map((r) => r.ms));
      // Event order: health checks were answered while the EA work was still running, not after it.
      expect(answeredWhileBusy).toBeGreaterThanOrEqual(3);
      // Relative size: a health check under load costs a small fraction of one large diagnosis.
      expect(median(underLoad)).toBeLessThan(eaMs / 4);
      process.stdout.write(
        `healthz baseline ${baseline.toFixed(1)} ms, under load ${median(underLoad).toFixed(1)} ms, large diagnose ${eaMs.toFixed(0)} ms\n`,
      );
    } finally {
      await app.close();
    }
  });
});
