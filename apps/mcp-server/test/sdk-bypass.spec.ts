import { describe, expect, it } from '@jest/globals';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { createProtocolServer, resultAnswerJson, setRequestHandlerPastServer, StatelessHttpTransport } from '../src/sdk/index.js';
import { LooseCallToolRequestSchema } from '../src/tool-params.js';

/**
 * One group per bypass of src/sdk/index.ts: each test fails when an SDK upgrade changes what the bypass
 * relies on. A failure here means: re-read that bypass's comment before upgrading.
 */

/** A transport in memory: messages go in through `deliver`, the server's answers are collected. */
class MemoryTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly sent: JSONRPCMessage[] = [];
  private waiting: (() => void)[] = [];

  start(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
    for (const wake of this.waiting.splice(0)) wake();
    return Promise.resolve();
  }
  /** Delivers one request and waits for the answer under its id. */
  async ask(id: RequestId, method: string, params?: unknown): Promise<JSONRPCMessage & Record<string, unknown>> {
    this.onmessage?.({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) } as JSONRPCMessage);
    for (;;) {
      const answer = this.sent.find((message) => 'id' in message && message.id === id);
      if (answer) return answer;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}

const INFO = { name: 'sdk-bypass-test', version: '0.0.0' };

async function connected(): Promise<{ server: ReturnType<typeof createProtocolServer>; transport: MemoryTransport }> {
  const server = createProtocolServer(INFO, { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: 'test' });
  const transport = new MemoryTransport();
  await server.connect(transport);
  return { server, transport };
}

describe('bypass 1: the deprecated low-level Server', () => {
  it('still exists as a class the app can construct', () => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what bypass 1 relies on
    expect(typeof Server).toBe('function');
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what bypass 1 relies on
    expect(createProtocolServer(INFO, { capabilities: {} })).toBeInstanceOf(Server);
  });

  it('answers initialize with the version asked for, serverInfo, instructions and the capabilities given', async () => {
    const { transport } = await connected();
    for (const [id, version] of ['2025-11-25', '2025-06-18', '2025-03-26'].entries()) {
      const answer = await transport.ask(id, 'initialize', {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      });
      expect(answer.result).toEqual({
        protocolVersion: version,
        capabilities: { tools: {}, resources: {}, prompts: {} },
        serverInfo: INFO,
        instructions: 'test',
      });
    }
    const unknown = await transport.ask(9, 'initialize', {
      protocolVersion: '1999-01-01',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect((unknown.result as { protocolVersion: string }).protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('supports the protocol versions the front door serves, with 2025-11-25 the latest (a newer one needs a design review: see docs/architecture.md)', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe('2025-11-25');
    // batches.ts reads 2025-06-18 (no batches since) and 2025-03-26 (the spec's fallback) as supported revisions.
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(expect.arrayContaining(['2025-11-25', '2025-06-18', '2025-03-26']));
  });

  it('answers requests without a prior initialize (stateless: every POST stands alone)', async () => {
    const { server, transport } = await connected();
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [] }));
    const answer = await transport.ask(1, 'tools/call', { name: 'x' });
    expect(answer.result).toEqual({ content: [] });
    expect(await transport.ask(2, 'ping')).toMatchObject({ result: {} });
  });
});

describe('bypass 2: a handler installed with Protocol.prototype.setRequestHandler', () => {
  it('finds Protocol.prototype.setRequestHandler(schema, handler), and Server still overriding it', () => {
    expect(typeof Protocol.prototype.setRequestHandler).toBe('function');
    expect(Protocol.prototype.setRequestHandler.length).toBe(2);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what bypass 2 relies on
    expect(Object.getPrototypeOf(Server.prototype)).toBe(Protocol.prototype);
    // If Server stops overriding it, the bypass may no longer be needed: check and remove it.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what bypass 2 relies on
    expect(Object.prototype.hasOwnProperty.call(Server.prototype, 'setRequestHandler')).toBe(true);
  });

  it('still needs the bypass: Server.setRequestHandler refuses malformed tools/call params and copies the result', async () => {
    const { server, transport } = await connected();
    const returned = { content: [] };
    server.setRequestHandler(LooseCallToolRequestSchema as unknown as typeof CallToolRequestSchema, () => returned);
    const refused = await transport.ask(1, 'tools/call', { name: 5 });
    expect(refused.error).toMatchObject({ code: -32602 });
    // A zod dump, where readToolCallParams names the problem in a sentence.
    expect((refused.error as { message: string }).message).toMatch(/Invalid tools\/call request: \[[\s\S]*invalid_type/);
    const answered = await transport.ask(2, 'tools/call', { name: 'x' });
    expect(answered.result).toEqual(returned);
    expect(answered.result).not.toBe(returned);
  });

  it('hands the handler the raw params and the id it was delivered under, and sends its result object itself', async () => {
    const { server, transport } = await connected();
    const seen: { params?: unknown; requestId?: RequestId }[] = [];
    const returned = { content: [{ type: 'text' as const, text: 'ok' }] };
    setRequestHandlerPastServer(server, LooseCallToolRequestSchema, (request, extra) => {
      seen.push({ params: request.params, requestId: extra.requestId });
      return returned;
    });
    const answer = await transport.ask(41, 'tools/call', { name: 5, arguments: [] });
    expect(seen).toEqual([{ params: { name: 5, arguments: [] }, requestId: 41 }]);
    expect(answer.result).toBe(returned);
    expect(answer.id).toBe(41);
  });
});

/** The request and response a transport's `handlePost` sees, reduced to what it reads and writes. */
function fakeExchange(headers: Record<string, string>, body: string) {
  const req = {
    rawHeaders: Object.entries(headers).flat(),
    body: body === '' ? undefined : (JSON.parse(body) as unknown),
  };
  const written: { status: number; headers: Record<string, string>; body: string } = { status: 0, headers: {}, body: '' };
  const res = {
    headersSent: false,
    set statusCode(status: number) {
      written.status = status;
    },
    setHeader: (name: string, value: string) => {
      written.headers[name.toLowerCase()] = value;
    },
    end(text?: string) {
      written.body = text ?? '';
      res.headersSent = true;
    },
    on: () => res,
  };
  return { req, res, written };
}

describe('bypass 3: the re-implemented stateless Streamable HTTP transport', () => {
  it('imports MAX_BATCH_SIZE (100) and isJsonContentType from the SDK modules it reaches into', () => {
    expect(MAX_BATCH_SIZE).toBe(100);
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('text/plain; a=application/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });

  const both = 'application/json, text/event-stream';
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  const initialize = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
  const cases: [string, Record<string, string>, unknown][] = [
    ['Accept without text/event-stream', { accept: 'application/json', 'content-type': 'application/json' }, ping(1)],
    ['a Content-Type other than JSON', { accept: both, 'content-type': 'text/plain' }, ping(1)],
    ['a body that is no JSON-RPC message', { accept: both, 'content-type': 'application/json' }, { hello: 'world' }],
    ['a batch over MAX_BATCH_SIZE', { accept: both, 'content-type': 'application/json' }, Array.from({ length: 101 }, (_, i) => ping(i))],
    ['two initialize requests in one batch', { accept: both, 'content-type': 'application/json' }, [initialize(1), initialize(2)]],
    [
      'an unsupported MCP-Protocol-Version',
      { accept: both, 'content-type': 'application/json', 'mcp-protocol-version': '1999-01-01' },
      ping(1),
    ],
  ];

  it.each(cases)('refuses %s with the same status, Content-Type and body as the SDK transport', async (_name, headers, body) => {
    const sdk = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await createProtocolServer(INFO, { capabilities: {} }).connect(sdk);
    const text = JSON.stringify(body);
    const expected = await sdk.handleRequest(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: text }));
    const { req, res, written } = fakeExchange(headers, text);
    new StatelessHttpTransport().handlePost(req as never, res as never, {});
    expect(written.status).toBe(expected.status);
    expect(written.headers['content-type']).toBe(expected.headers.get('content-type'));
    expect(written.body).toBe(await expected.text());
    expect(written.status).toBeGreaterThanOrEqual(400);
  });

  it('serves one shared Server: two clients reusing one JSON-RPC id get their own answers under their own id', async () => {
    const transport = new StatelessHttpTransport<string>();
    const server = createProtocolServer(INFO, { capabilities: { tools: {} } });
    setRequestHandlerPastServer(server, LooseCallToolRequestSchema, (_request, extra) => ({
      content: [{ type: 'text', text: transport.contextOf(extra.requestId) }],
    }));
    await server.connect(transport);
    const headers = { accept: both, 'content-type': 'application/json' };
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'who' } });
    const first = fakeExchange(headers, call);
    const second = fakeExchange(headers, call);
    transport.handlePost(first.req as never, first.res as never, 'alice');
    transport.handlePost(second.req as never, second.res as never, 'bob');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(first.written.body)).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'alice' }] } });
    expect(JSON.parse(second.written.body)).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'bob' }] } });
  });
});

describe('bypass 4: the answer envelope written from kept JSON text', () => {
  it('matches, byte for byte, the answer object Protocol sends for a handler result', async () => {
    const { server, transport } = await connected();
    const returned = { content: [{ type: 'text' as const, text: 'a "quoted" 📈 text' }], structuredContent: { n: 1 } };
    setRequestHandlerPastServer(server, LooseCallToolRequestSchema, () => returned);
    for (const id of [7, 'an "id"']) {
      const answer = await transport.ask(id, 'tools/call', { name: 'x' });
      expect(Object.keys(answer)).toEqual(['result', 'jsonrpc', 'id']);
      expect(answer.result).toBe(returned);
      expect(resultAnswerJson(JSON.stringify(returned), id)).toBe(JSON.stringify(answer));
    }
  });
});
