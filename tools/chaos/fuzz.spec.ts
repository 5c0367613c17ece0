import { request as httpRequest, type Server } from 'node:http';
import express from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RestTestApp } from '@propfolio/rest-api/testing';
import { mcpRouter, mcpExtras } from '@propfolio/mcp-server';
import { requestContext } from '@propfolio/http';
import { listenOnLoopback, openChaosDatabase, report, type ChaosDatabase } from './support.js';

const RUNS = Number(process.env.CHAOS_FUZZ_RUNS ?? 300);

/** Raw HTTP, so that paths with stray `%`, odd bytes and broken bodies reach the server as sent. */
function send(base: string, method: string, path: string, body: Buffer | undefined, headers: Record<string, string>): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A path segment or query value: URL-safe text with stray and valid percent-escapes mixed in. */
const segment = fc
  .array(
    fc.oneof(
      fc.constantFrom('%', '%0', '%zz', '%00', '%C0', '%E0%A4', '%2F', '%25', '..', '\u0000'.replace('\u0000', '%00')),
      fc.stringMatching(/^[A-Za-z0-9._~:@!$&'()*+,;=-]{0,12}$/),
      fc.uint8Array({ maxLength: 8 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 6 }).map((value) => Buffer.from(JSON.stringify(value))),
  fc
    .constantFrom(`${'['.repeat(4000)}${']'.repeat(4000)}`, '{"price":2123456789009.3458,"firm":"F","plan":"P"}', '{"cursor":"x"}')
    .map((s) => Buffer.from(s)),
);

/** Every route's path, query and body (issue 14 item 5), REST and MCP: no answer may be a 5xx. */
describe('random input at every route', () => {
  let chaos: ChaosDatabase;
  let app: RestTestApp;
  let rest: string;
  let mcp: Server;
  let mcpBase: string;
  beforeAll(async () => {
    chaos = await openChaosDatabase();
    app = await RestTestApp.start(chaos.db);
    rest = await listenOnLoopback(app.server);
    const mcpApp = express();
    mcpApp.use(requestContext(app.context.logger));
    mcpApp.use(mcpRouter(app.context, mcpExtras(app.context)));
    mcp = mcpApp.listen(0, '127.0.0.1');
    mcpBase = await listenOnLoopback(mcp);
  });
  afterAll(async () => {
    mcp.closeAllConnections();
    await new Promise((resolve) => mcp.close(resolve));
    await app.close();
    await chaos.close();
  });

  it('REST: random path parameters, query strings and bodies never get a 5xx', async () => {
    const routes = app.context.operations.map((op) => op.rest);
    const fiveXx: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        fc.array(fc.tuple(fc.constantFrom('limit', 'cursor', 'q', 'status', 'from', 'days', 'archived', 'firm', 'x'), segment), {
          maxLength: 3,
        }),
        body,
        fc.boolean(),
        async (route, params, query, payload, withKey) => {
          let i = 0;
          const path = `/api/v1${route.path.replace(/:[A-Za-z]+/g, () => params[i++] || 'x')}`;
          const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            'user-agent': 'propfolio-fuzz/1.0',
            ...(withKey ? { authorization: `Bearer ${app.ownerKey}` } : {}),
          };
          const status = await send(
            rest,
            route.method,
            `${path}${qs ? `?${qs}` : ''}`,
            route.method === 'GET' ? undefined : payload,
            headers,
          );
          if (status >= 500) fiveXx.push(`${route.method} ${path}?${qs} -> ${status}`);
          return status < 500;
        },
      ),
      { numRuns: RUNS },
    );
    report('REST fuzz', { runs: RUNS, fiveXx: fiveXx.length });
    expect(fiveXx).toEqual([]);
  });

  it('MCP: random tools/call names, params and raw bodies never get a 5xx', async () => {
    const tools = app.context.operations.map((op) => op.name);
    let fiveXx = 0;
    const message = fc.oneof(
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        method: fc.constant('tools/call'),
        params: fc.record({
          name: fc.constantFrom(...tools, 'nope'),
          arguments: fc.oneof(
            fc.jsonValue({ maxDepth: 4 }),
            fc.dictionary(fc.constantFrom('id', 'cursor', 'limit', 'q', 'price', 'firm', 'date'), fc.jsonValue({ maxDepth: 2 })),
          ),
        }),
      }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        method: fc.constantFrom('tools/call', 'tools/list', 'resources/read', 'prompts/get'),
        params: fc.jsonValue({ maxDepth: 4 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          message.map((m) => Buffer.from(JSON.stringify(m))),
          fc.array(message, { maxLength: 4 }).map((m) => Buffer.from(JSON.stringify(m))),
          body,
        ),
        fc.constantFrom('2025-03-26', '2025-06-18', '2025-11-25'),
        fc.boolean(),
        async (payload, version, withKey) => {
          const status = await send(mcpBase, 'POST', '/mcp', payload, {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': version,
            ...(withKey ? { authorization: `Bearer ${app.ownerKey}` } : {}),
          });
          if (status >= 500) fiveXx += 1;
          return status < 500;
        },
      ),
      { numRuns: RUNS },
    );
    report('MCP fuzz', { runs: RUNS, fiveXx });
  });
});
