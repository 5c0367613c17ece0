import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll } from '@jest/globals';
import express from 'express';
import { loadConfig, type Caller, type Operation } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { requestContext } from '@propfolio/http';
import { createAppContext, type AppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
import { createLogger } from '@propfolio/core';
import { createDomainServices } from '@propfolio/domain';
import { mcpRouter } from '../src/mcp-router.js';
import { mcpExtras } from '../src/resources.js';
import type { Problem, ToolAnswer, ToolName } from './api-types.js';

export type { Problem, ToolAnswer, ToolName };

export interface McpTestServer {
  context: AppContext;
  url: string;
  /** Creates a user (if needed) and a fresh API key for it. */
  keyFor(userName: string): Promise<string>;
  close(): Promise<void>;
}

/** The MCP router over a test database, listening on a free loopback port, serving `extraTools` beside the registry's. */
export async function startMcpServer(db: Database, env: Record<string, string> = {}, extraTools: Operation[] = []): Promise<McpTestServer> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const context = await createAppContext(db, config, {
    logger: createLogger('silent'),
    rateLimiter: memoryRateLimiter(100_000),
    announceKey: () => undefined,
  });
  const keys = createDomainServices(db).keys;
  const app = express();
  app.use(requestContext(context.logger));
  app.use(mcpRouter({ ...context, operations: [...context.operations, ...extraTools] }, mcpExtras(context)));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    context,
    url: `http://127.0.0.1:${port}/mcp`,
    keyFor: async (userName) => (await keys.createKey(userName)).key,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await context.close();
    },
  };
}

/** A suite's server and one user's keyed client, from its beforeAll to its afterAll. */
export interface OneUserSuite {
  readonly server: McpTestServer;
  readonly client: Client;
  readonly caller: Caller;
  /** Runs a REST-only operation (the tracker's feed) as the same caller, as the tracker would over REST. */
  readonly tracker: (name: string, input: object) => Promise<Record<string, unknown>>;
}

/**
 * Starts a server and connects `userName`'s keyed client before the calling suite's tests, and closes both after
 * them. Call it in the body of a `describeEachDatabase`; read its fields inside tests (they exist from beforeAll on).
 */
export function oneUserSuite(getDb: () => Database, userName: string): OneUserSuite {
  let started: { server: McpTestServer; client: Client; caller: Caller } | undefined;
  const current = () => {
    if (!started) throw new Error('oneUserSuite is read before its beforeAll ran');
    return started;
  };
  beforeAll(async () => {
    const server = await startMcpServer(getDb());
    const key = await server.keyFor(userName);
    started = { server, caller: await server.context.authenticate(key), client: await connectClient(server.url, key) };
  });
  afterAll(async () => {
    await started?.client.close();
    await started?.server.close();
  });
  return {
    get server() {
      return current().server;
    },
    get client() {
      return current().client;
    },
    get caller() {
      return current().caller;
    },
    tracker: async (name, input) => {
      const { server, caller } = current();
      const op = server.context.operations.find((o) => o.name === name);
      if (!op) throw new Error(`no operation ${name}`);
      return (await op.run({ caller, logger: server.context.logger, now: new Date() }, input)) as Record<string, unknown>;
    },
  };
}

/** An SDK client connected over real HTTP, optionally with an API key. */
export async function connectClient(url: string, apiKey?: string): Promise<Client> {
  const client = new Client({ name: 'propfolio-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: apiKey ? { headers: { Authorization: `Bearer ${apiKey}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** POSTs one raw JSON-RPC message (for the HTTP-level cases the SDK client would never send). */
export async function rawPost(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

/** A POST with a forged Host header (fetch cannot send one), answering the status code and the parsed JSON body. */
export async function postWithHost(url: string, host: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const { request } = await import('node:http');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = res.headers['content-type']?.startsWith('application/json') ? (JSON.parse(text) as unknown) : text;
          resolve({ status: res.statusCode ?? 0, body: json });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Calls a tool and returns its result with `structuredContent` typed loosely for assertions. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] }> {
  return (await client.callTool({ name, arguments: args })) as never;
}

/**
 * Calls tool `name` and returns its structuredContent, typed as the operation's answer in the generated
 * OpenAPI types; an error result fails the test with its text.
 */
export async function answer<N extends ToolName>(client: Client, name: N, args: Record<string, unknown> = {}): Promise<ToolAnswer<N>> {
  return contentOf(name, await call(client, name, args));
}

/** The structuredContent of a result of tool `name` already called, typed as in `answer`. */
export function contentOf<N extends ToolName>(
  name: N,
  result: { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] },
): ToolAnswer<N> {
  if (result.isError || result.structuredContent === undefined)
    throw new Error(`${name}: ${result.content[0]?.text ?? 'no structuredContent'}`);
  return result.structuredContent as ToolAnswer<N>;
}

/** The problem code an isError result carries (its text starts with `code: detail`). */
export function errorCode(result: { isError?: boolean; content: { type: string; text?: string }[] }): string | undefined {
  if (!result.isError) return undefined;
  return result.content[0]?.text?.split(':')[0];
}

/** The problem an isError result carries (the JSON after its `code: detail` line), as REST would answer it. */
export function problemOf(result: { isError?: boolean; content: { type: string; text?: string }[] }): Problem {
  const text = result.content[0]?.text ?? '';
  if (!result.isError) throw new Error(`not an error: ${text}`);
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as Problem;
}
