import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@propfolio/core';
import { memoryRateLimiter } from './rate-limit/index.js';
import express from 'express';
import request from 'supertest';
import { rateLimitRequests } from './rate-limit/rate-limit-requests.js';
import { requestContext } from './request-context.js';

/** An app whose one route allows two requests per minute per client address. */
function app(trustProxy: boolean) {
  const server = express();
  server.use(requestContext(createLogger('silent'), { trustProxy }));
  server.use(rateLimitRequests(memoryRateLimiter(2, () => 0)));
  server.get('/', (_req, res) => res.json({ ok: true }));
  return server;
}

async function statuses(server: express.Express, forwardedFor: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const value of forwardedFor) out.push((await request(server).get('/').set('X-Forwarded-For', value)).status);
  return out;
}

describe('client address of the per-IP rate limit', () => {
  it('behind a trusted proxy is the address the proxy appended, one bucket per client', async () => {
    expect(await statuses(app(true), ['1.1.1.1', '1.1.1.1', '2.2.2.2', '1.1.1.1', '2.2.2.2'])).toEqual([200, 200, 200, 429, 200]);
  });

  it('cannot be chosen by the client: entries it sent before the proxy’s own share that bucket', async () => {
    expect(await statuses(app(true), ['1.1.1.1', '9.9.9.9, 1.1.1.1', '8.8.8.8, 1.1.1.1'])).toEqual([200, 200, 429]);
  });

  it('without TRUST_PROXY is the socket’s, whatever X-Forwarded-For says', async () => {
    expect(await statuses(app(false), ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([200, 200, 429]);
  });
});
