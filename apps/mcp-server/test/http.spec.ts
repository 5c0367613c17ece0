import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { postWithHost, rawPost, startMcpServer, type McpTestServer } from './harness.js';

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describeEachDatabase('MCP over HTTP', (getDb) => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
  });
  afterAll(() => server.close());

  it('answers GET and DELETE with 405 (stateless: no sessions, no server stream)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(server.url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses an invalid key with 401 invalid_token instead of treating it as no key', async () => {
    for (const header of ['Bearer eakey_notavalidkey', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await rawPost(server.url, LIST, { authorization: header });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('refuses a bad Host or Origin as documented: 403, JSON-RPC -32003, the problem in error.data', async () => {
    const expected = (detail: string) => ({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32003,
        message: `forbidden: ${detail}`,
        data: expect.objectContaining({ status: 403, code: 'forbidden', detail }) as unknown,
      },
    });
    const host = await postWithHost(server.url, 'evil.example:3000', LIST);
    expect([host.status, host.body]).toEqual([403, expected('Host evil.example:3000 is not allowed (see MCP_ALLOWED_HOSTS).')]);
    const origin = await rawPost(server.url, LIST, { origin: 'https://evil.example' });
    expect([origin.status, await origin.json()]).toEqual([
      403,
      expected('Origin https://evil.example is not allowed (see MCP_ALLOWED_ORIGINS).'),
    ]);
  });

  it('validates Host and Origin against the allowed lists (DNS-rebinding protection)', async () => {
    expect((await postWithHost(server.url, 'evil.example', LIST)).status).toBe(403);
    expect((await postWithHost(server.url, 'localhost:3000', LIST)).status).toBe(200);
    expect((await rawPost(server.url, LIST, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rawPost(server.url, LIST, { origin: 'http://localhost:3000' })).status).toBe(200);
    // the server's own origin only: another port on localhost is another site
    expect((await rawPost(server.url, LIST, { origin: 'http://localhost:8080' })).status).toBe(403);
    expect((await rawPost(server.url, LIST, { origin: 'http://localhost' })).status).toBe(403);
  });

  it('answers an unsupported MCP-Protocol-Version with 400', async () => {
    const res = await rawPost(server.url, LIST, { 'mcp-protocol-version': '1999-01-01' });
    expect(res.status).toBe(400);
  });

  it('refuses a body declared in a charset other than UTF-8 (utf-7 would reach the tools decoded) with 415', async () => {
    const res = await rawPost(server.url, LIST, { 'content-type': 'application/json; charset=utf-7' });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600);
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('serves tools/list without initialize (stateless requests)', async () => {
    const res = await rawPost(server.url, LIST);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { tools: { name: string }[] } };
    expect(body.result.tools.length).toBeGreaterThan(0);
  });
});
