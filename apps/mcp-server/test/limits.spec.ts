import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { reportOfDays } from '@propfolio/domain/testing';
import { rawPost, startMcpServer, type McpTestServer } from './harness.js';

interface RpcAnswer {
  result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
  error?: { code: number; message: string };
}

describeEachDatabase('MCP: a statement as large as REST takes, and resources/read errors in a sentence', (getDb) => {
  let server: McpTestServer;
  let key: string;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    key = await server.keyFor('mcp-limits');
  });
  afterAll(() => server.close());

  const rpc = async (method: string, params: unknown, auth = true): Promise<{ status: number; body: RpcAnswer }> => {
    const res = await rawPost(server.url, { jsonrpc: '2.0', id: 1, method, params }, auth ? { authorization: `Bearer ${key}` } : {});
    return { status: res.status, body: (await res.json()) as RpcAnswer };
  };

  it('import_statement takes a file over the 1 MiB general body limit (as REST does); another tool does not', async () => {
    const login = '71001';
    // register_account is the tracker's (REST only): run it as the key's caller.
    const register = server.context.operations.find((op) => op.name === 'register_account');
    const caller = await server.context.authenticate(key);
    const account = (await register?.run(
      { caller, logger: server.context.logger, now: new Date() },
      { login, server: 'Limits', currency: 'USD', initialBalance: 100000 },
    )) as { id: string };
    const file = reportOfDays(login, 12_000, 1).bytes;
    const content = file.toString('base64');
    expect(content.length).toBeGreaterThan(1_048_576);

    const imported = await rpc('tools/call', { name: 'import_statement', arguments: { id: account.id, content, dryRun: true } });
    expect(imported.status).toBe(200);
    expect(imported.body.result?.isError).not.toBe(true);
    expect(imported.body.result?.structuredContent).toMatchObject({ daysTotal: 12_000, created: 12_000 });

    const other = await rpc('tools/call', { name: 'list_challenges', arguments: { padding: content } });
    expect(other.status).toBe(413);
    expect(other.body.error?.code).toBe(-32600);
  });

  it('resources/read with a malformed percent-escape or a missing uri is -32602 with a sentence', async () => {
    const malformed = await rpc('resources/read', { uri: 'propfolio://articles/%E0%A4' }, false);
    expect(malformed.body.error?.code).toBe(-32602);
    expect(malformed.body.error?.message).toMatch(/malformed percent-escape/);
    expect(malformed.body.error?.message).not.toMatch(/^URI malformed$/);

    for (const params of [{ uri: 5 }, {}]) {
      const answer = await rpc('resources/read', params, false);
      expect(answer.body.error?.code).toBe(-32602);
      expect(answer.body.error?.message).toMatch(/`uri` must be a non-empty string/);
      expect(answer.body.error?.message).not.toMatch(/invalid_type|"path"/);
    }
  });
});
