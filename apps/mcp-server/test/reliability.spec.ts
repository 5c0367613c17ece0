import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createLogger, loadConfig } from '@propfolio/core';
import { requestContext } from '@propfolio/http';
import { createAppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { mcpRouter } from '../src/mcp-router.js';
import { originMatcher } from '../src/http/origin.js';
import { call, connectClient, errorCode, problemOf, rawPost, startMcpServer, type McpTestServer, type Problem } from './harness.js';

const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
type RpcError = { jsonrpc: string; id: unknown; error: { code: number; message: string; data?: Problem } };

/** Issue 14 items 1 (MCP batches) and 6 (MCP protocol errors): each reproduction, as a test. */
describeEachDatabase('MCP protocol errors and batches', (getDb) => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
  });
  afterAll(() => server.close());

  it('answers tools/call with malformed params with -32602 and a readable message, not -32603 and a zod dump', async () => {
    const cases: unknown[] = [
      { name: 5 },
      { name: 'search_plans', arguments: 'firm=ftmo' },
      { name: 'search_plans', arguments: [1, 2] },
      { arguments: {} },
    ];
    for (const params of cases) {
      const res = await rawPost(
        server.url,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params },
        { 'mcp-protocol-version': '2025-06-18' },
      );
      const body = (await res.json()) as RpcError;
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toMatch(/Invalid params for tools\/call: /);
      expect(body.error.message).not.toContain('"code"');
    }
  });

  it('answers prompts/get with malformed arguments with -32602 and a readable message, not -32603 and a zod dump', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'prepare_for_firm', arguments: null }, /`arguments` must be an object/],
      [{ name: 'prepare_for_firm', arguments: ['FTMO'] }, /`arguments` must be an object/],
      [{ name: 'prepare_for_firm', arguments: { firm: 5 } }, /`firm` is not/],
      [{ arguments: {} }, /`name` must be a non-empty string/],
    ];
    for (const [params, message] of cases) {
      const res = await rawPost(
        server.url,
        { jsonrpc: '2.0', id: 8, method: 'prompts/get', params },
        { 'mcp-protocol-version': '2025-06-18' },
      );
      const body = (await res.json()) as RpcError;
      expect(body.id).toBe(8);
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toMatch(/Invalid params for prompts\/get: /);
      expect(body.error.message).toMatch(message);
      expect(body.error.message).not.toContain('"code"');
    }
    const ok = await rawPost(
      server.url,
      { jsonrpc: '2.0', id: 9, method: 'prompts/get', params: { name: 'prepare_for_firm', arguments: { firm: 'FTMO' } } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(((await ok.json()) as { result: { description: string } }).result.description).toBe('EA settings for FTMO');
  });

  it('answers tools/call whose params is not an object with -32602 to its id, not a -32700 parse error', async () => {
    for (const [params, got] of [
      [5, 'a number'],
      ['firm=ftmo', 'a string'],
      [['search_plans'], 'an array'],
      [null, 'null'],
      [true, 'a boolean'],
    ] as const) {
      const res = await rawPost(
        server.url,
        { jsonrpc: '2.0', id: 9, method: 'tools/call', params },
        { 'mcp-protocol-version': '2025-06-18' },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as RpcError;
      expect(body.id).toBe(9);
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toBe(`Invalid params for tools/call: \`params\` must be an object (got ${got}).`);
    }
  });

  it('refuses JSON-RPC batches under protocol 2025-06-18 and later with -32600', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const res = await rawPost(server.url, [list(1), list(2)], { 'mcp-protocol-version': version });
      expect(res.status).toBe(400);
      const body = (await res.json()) as RpcError;
      expect(body.error.code).toBe(-32600);
      expect(body.error.message).toContain('batches are not supported');
    }
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    expect((await rawPost(server.url, [init, list(2)])).status).toBe(400);
  });

  it('still answers a batch under 2025-03-26 (the version assumed without a header), one answer per message', async () => {
    const res = await rawPost(server.url, [list(1), list(2)], { 'mcp-protocol-version': '2025-03-26' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number }[];
    expect(body.map((m) => m.id).sort()).toEqual([1, 2]);
  });

  it('answers 401 and JSON-RPC errors, not problem+json, for a bad key', async () => {
    const res = await rawPost(server.url, list(1), { authorization: 'Bearer eakey_wrong' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const body = (await res.json()) as RpcError;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001, data: { code: 'invalid_token' } } });
    expect(body.error.message).toMatch(/^invalid_token: /);
  });

  it('refuses a body over the limit with 413 and -32600, its problem naming the limit in bytes', async () => {
    const res = await rawPost(server.url, { ...list(1), params: { padding: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    const body = (await res.json()) as RpcError;
    expect(body.error.code).toBe(-32600);
    expect(body.error.data).toMatchObject({ code: 'payload_too_large', facts: { limitBytes: 1_048_576 } });
  });

  it('refuses JSON nested past the limit with -32600 instead of overflowing the stack', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_plans","arguments":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}}`;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as RpcError).error.code).toBe(-32600);
  });
});

describeEachDatabase('MCP rate limit', (getDb) => {
  const start = async (limit: number, eaLimit = 100) => {
    const context = await createAppContext(getDb(), loadConfig({ LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
      // A frozen clock: a one-minute window turning over between the two batches would refill the budget.
      rateLimiter: memoryRateLimiter(limit, () => 0),
      eaRateLimiter: memoryRateLimiter(eaLimit, () => 0),
      announceKey: () => undefined,
    });
    const app = express();
    app.use(requestContext(context.logger));
    app.use(mcpRouter(context));
    const http = await new Promise<import('node:http').Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    return {
      url,
      close: async () => {
        http.closeAllConnections();
        await new Promise((r) => http.close(r));
        await context.close();
      },
    };
  };

  it('counts every message of a batch against the limit, and answers 429 as a JSON-RPC error', async () => {
    const mcp = await start(10);
    try {
      const batch = Array.from({ length: 8 }, (_, i) => list(i + 1));
      const first = await rawPost(mcp.url, batch, { 'mcp-protocol-version': '2025-03-26' });
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit')).toContain('remaining=2');
      const second = await rawPost(mcp.url, batch, { 'mcp-protocol-version': '2025-03-26' });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBeDefined();
      const body = (await second.json()) as RpcError;
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32029, data: { code: 'rate_limited' } } });
      // the RateLimit headers' figures, also in the problem (the frozen clock stands at a window's start)
      expect(body.error.data?.facts).toEqual({ limit: 10, windowSeconds: 60, resetSeconds: 60 });
    } finally {
      await mcp.close();
    }
  });

  it('answers a tool call over the EA engine limit with an isError rate_limited result carrying its figures', async () => {
    const mcp = await start(100, 1);
    const client = await connectClient(mcp.url);
    try {
      expect((await call(client, 'ea_build_set', { changes: [] })).isError).toBeFalsy();
      const limited = await call(client, 'ea_build_set', { changes: [] });
      expect(errorCode(limited)).toBe('rate_limited');
      expect(problemOf(limited).facts).toEqual({ limit: 1, windowSeconds: 60, resetSeconds: 60 });
    } finally {
      await client.close();
      await mcp.close();
    }
  });
});

describe('MCP Origin allow-list', () => {
  it('matches exact origins with their port, and a documented any-port form', () => {
    const matches = originMatcher(['http://localhost:3000', 'https://app.example.com', 'http://127.0.0.1:*']);
    expect(matches('http://localhost:3000')).toBe(true);
    expect(matches('http://localhost:3001')).toBe(false);
    expect(matches('http://localhost')).toBe(false);
    expect(matches('https://localhost:3000')).toBe(false);
    expect(matches('https://app.example.com')).toBe(true);
    expect(matches('https://app.example.com:443')).toBe(true);
    expect(matches('https://app.example.com:8443')).toBe(false);
    expect(matches('https://evil.app.example.com')).toBe(false);
    expect(matches('http://127.0.0.1:6274')).toBe(true);
    expect(matches('http://127.0.0.1')).toBe(true);
    expect(matches('https://127.0.0.1:6274')).toBe(false);
    expect(matches('null')).toBe(false);
  });
});
