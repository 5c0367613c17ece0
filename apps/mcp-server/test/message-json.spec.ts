import { describe, expect, it } from '@jest/globals';
import { createLogger, defineOperation, type Operation } from '@propfolio/core';
import { messageJson, callTool } from '../src/tool-call.js';

class NoInput {}

const tricky = {
  note: 'quotes " and \\ backslashes, a line\nbreak, \u2028, emoji 📈, NUL-free',
  amounts: [540, -0.5, 1e21],
  nested: { empty: {}, none: null, skipped: undefined },
  at: new Date('2026-11-23T12:00:00Z'),
};

const echo = defineOperation({
  name: 'test_echo',
  title: 'Echo (test only)',
  description: 'Returns a fixed output with every kind of value JSON can carry.',
  auth: 'public',
  input: NoInput,
  output: { type: 'object' },
  readOnly: true,
  idempotent: true,
  rest: { method: 'GET', path: '/test/echo' },
  run: () => Promise.resolve(tricky),
}) as Operation;

/** The same output as the answer cache keeps it: frozen, so its text is made once and reused. */
const kept = {
  ...echo,
  name: 'test_kept',
  run: () => Promise.resolve(Object.freeze({ ...tricky, nested: Object.freeze({ ...tricky.nested }) })),
};

describe('messageJson', () => {
  const context = { caller: null, logger: createLogger('silent'), now: new Date() };

  it('writes a tool answer byte for byte as JSON.stringify does, whatever its id, kept or not', async () => {
    for (const operation of [echo, kept]) {
      for (const id of [1, 'a "quoted" id', 0]) {
        const result = await callTool(new Map([[operation.name, operation]]), operation.name, {}, context);
        const answer = { result, jsonrpc: '2.0' as const, id };
        expect(messageJson(answer)).toBe(JSON.stringify(answer));
      }
    }
  });

  it('serializes other answers and error results as they are', async () => {
    const failed = await callTool(new Map([[echo.name, echo]]), echo.name, { unknown: 1 }, context);
    expect(failed.isError).toBe(true);
    for (const answer of [
      { result: failed, jsonrpc: '2.0' as const, id: 2 },
      { result: { tools: [] }, jsonrpc: '2.0' as const, id: 3 },
      { jsonrpc: '2.0' as const, id: 4, error: { code: -32601, message: 'Method not found' } },
    ]) {
      expect(messageJson(answer)).toBe(JSON.stringify(answer));
    }
  });
});
