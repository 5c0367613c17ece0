import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { defineOperation } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { rawPost, startMcpServer, type McpTestServer } from './harness.js';

class NoInput {}

/**
 * A tool that answers only once `expected` calls are inside it at the same time, so that their requests
 * are certainly in flight together, and then in the reverse order of their arrival; it answers with the
 * caller it was given, read after the wait.
 */
function rendezvousTool(expected: number) {
  let arrived = 0;
  let allInside: () => void = () => undefined;
  const everyoneInside = new Promise<void>((resolve) => {
    allInside = resolve;
  });
  return defineOperation({
    name: 'test_rendezvous',
    title: 'Rendezvous (test only)',
    description: 'Waits for the other concurrent calls, then names the caller.',
    auth: 'key',
    input: NoInput,
    output: { type: 'object' },
    readOnly: true,
    idempotent: true,
    rest: { method: 'GET', path: '/test/rendezvous' },
    run: async (context) => {
      const place = arrived++;
      if (arrived === expected) allInside();
      await everyoneInside;
      for (let turn = place; turn < expected; turn++) await new Promise((resolve) => setImmediate(resolve));
      return { userName: context.caller?.userName ?? null };
    },
  });
}

const PER_USER = 4;

/** One protocol server answers every POST: overlapping requests must each keep their own caller. */
describeEachDatabase('MCP concurrent requests', (getDb) => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpServer(getDb(), {}, [rendezvousTool(2 * PER_USER)]);
  });
  afterAll(() => server.close());

  it('answers each of several overlapping tools/call, all with JSON-RPC id 1, with its own caller', async () => {
    const keys = { alice: await server.keyFor('alice'), bob: await server.keyFor('bob') };
    const callers = Array.from({ length: PER_USER }, () => ['alice', 'bob'] as const).flat();
    const answers = await Promise.all(
      callers.map(async (userName) => {
        const res = await rawPost(
          server.url,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_rendezvous', arguments: {} } },
          { authorization: `Bearer ${keys[userName]}`, 'mcp-protocol-version': '2025-06-18' },
        );
        return { asked: userName, body: (await res.json()) as { id: unknown; result?: { structuredContent?: unknown } } };
      }),
    );
    for (const { asked, body } of answers) {
      expect(body.id).toBe(1);
      expect(body.result?.structuredContent).toEqual({ userName: asked });
    }
  });

  it('keeps the caller of a batch apart from a concurrent single request with the same id', async () => {
    const key = await server.keyFor('carol');
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const [anonymous, carol] = await Promise.all([
      rawPost(server.url, [list, { ...list, id: 2 }], { 'mcp-protocol-version': '2025-03-26' }),
      rawPost(server.url, list, { authorization: `Bearer ${key}`, 'mcp-protocol-version': '2025-06-18' }),
    ]);
    const names = (body: { result: { tools: { name: string }[] } }) => body.result.tools.map((tool) => tool.name);
    const batch = (await anonymous.json()) as { id: number; result: { tools: { name: string }[] } }[];
    const single = (await carol.json()) as { id: number; result: { tools: { name: string }[] } };
    expect(batch.map((answer) => answer.id)).toEqual([1, 2]);
    for (const answer of batch) expect(names(answer)).not.toContain('get_summary');
    expect(single.id).toBe(1);
    expect(names(single)).toContain('get_summary');
  });
});
