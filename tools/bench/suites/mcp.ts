/**
 * `npm run bench -- mcp`: the same operation (the caller's summary) over MCP (`tools/call get_summary`)
 * and over REST (`GET /api/v1/me/summary`), at a fixed concurrency, on one in-process server.
 * Prints requests per second and latency percentiles with MCP's ratio to REST (the baseline).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, loadConfig } from '@propfolio/core';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { requestContext, memoryRateLimiter } from '@propfolio/http';
import { createAppContext } from '@propfolio/bootstrap';
import { mcpExtras, mcpRouter } from '@propfolio/mcp-server';
import { createRestApp } from '@propfolio/rest-api';
import { summarize, type Stats } from '../harness.ts';

const CONCURRENCY = 16;
const DURATION_MS = 5_000;
const WARMUP_MS = 1_000;

interface LoadResult {
  stats: Stats;
  rps: number;
  errors: number;
}

/** Keeps CONCURRENCY requests in flight for `durationMs`; bounded in time, stops by itself. */
async function load(name: string, send: () => Promise<Response>, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = process.hrtime.bigint();
      const res = await send();
      await res.arrayBuffer();
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.status !== 200) errors++;
    }
  };
  const begun = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { stats: summarize(name, latencies), rps: latencies.length / ((Date.now() - begun) / 1000), errors };
}

export default async function run(): Promise<void> {
  const db = await openDatabase({ memory: true });
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const logger = createLogger('silent');
  const context = await createAppContext(db, config, { logger, rateLimiter: memoryRateLimiter(10_000_000), announceKey: () => undefined });
  const services = createDomainServices(db);
  const { key } = await services.keys.createKey('bench');
  const caller = await services.keys.authenticate(key);
  for (let i = 0; i < 20; i++) {
    const challenge = await services.challenges.create(caller, {
      firm: 'FTMO',
      plan: `plan ${i}`,
      price: 155 + i,
      purchasedAt: '2026-01-02',
    });
    await services.payouts.add(caller, { challengeId: challenge.id, amount: 100.5, currency: 'USD', date: '2026-01-15' });
  }

  const app = express();
  app.use(requestContext(logger));
  app.use(mcpRouter(context, mcpExtras(context)));
  const nest = await createRestApp(context, { expressApp: app });
  await nest.listen(0, '127.0.0.1');
  const { port } = (nest.getHttpServer() as Server).address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${key}`, 'user-agent': 'propfolio-bench/1.0' };

  const rest = () => fetch(`${base}/api/v1/me/summary`, { headers: auth });
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_summary', arguments: {} } });
  const mcp = () =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: mcpBody,
    });

  const check = await (await mcp()).json();
  if (!(check as { result?: { structuredContent?: unknown } }).result?.structuredContent) {
    throw new Error(`MCP get_summary did not answer: ${JSON.stringify(check)}`);
  }
  await load('warm-up', rest, WARMUP_MS);
  await load('warm-up', mcp, WARMUP_MS);
  const restResult = await load('REST GET /me/summary (baseline)', rest, DURATION_MS);
  const mcpResult = await load('MCP tools/call get_summary', mcp, DURATION_MS);

  console.log(`\n## get_summary over MCP vs REST (concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s each, 20 challenges)`);
  console.log('| case | requests | req/s | p50 ms | p99 ms | errors | throughput vs REST |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of [restResult, mcpResult]) {
    const ratio = r === restResult ? 'baseline' : `${(r.rps / restResult.rps).toFixed(2)}x`;
    console.log(
      `| ${r.stats.name} | ${r.stats.samples} | ${r.rps.toFixed(0)} | ${r.stats.p50Ms.toFixed(2)} | ${r.stats.p99Ms.toFixed(2)} | ${r.errors} | ${ratio} |`,
    );
  }
  await nest.close();
  await context.close();
  await db.close();
}
