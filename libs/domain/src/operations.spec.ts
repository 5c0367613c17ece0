import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { contractSchema, parseInput, type Logger, type OperationContext } from '@propfolio/core';
import { openTestPglite } from '@propfolio/db/testing';
import { createDomainServices } from './services.js';
import { privateOperations } from './operations.js';

const logger = {} as Logger;

describe('private operations', () => {
  const operations = privateOperations(createDomainServices({} as never));

  it('include every `*Operations` group of a context folder (`<context>/<context>.operations.ts`), so an unwired file fails here', async () => {
    const services = createDomainServices({} as never);
    const defined: string[] = [];
    const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.operations.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const module = (await import(`./${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        // `public*Operations` need no key and join the table beside the catalog's (libs/bootstrap/src/registry.ts).
        if (!exported.endsWith('Operations') || exported.startsWith('public') || typeof value !== 'function') continue;
        defined.push(...(value as (s: typeof services) => { name: string }[])(services).map((op) => op.name));
      }
    }
    expect(defined.length).toBeGreaterThan(0);
    expect(operations.map((op) => op.name).sort()).toEqual(defined.sort());
  });

  it('have unique names and unique REST bindings, all behind a key, GET exactly for reads', () => {
    // The order itself is reviewed in apps/mcp-server/test/tools-list.snapshot.json, not repeated here.
    expect(new Set(operations.map((op) => op.name)).size).toBe(operations.length);
    expect(new Set(operations.map((op) => `${op.rest.method} ${op.rest.path}`)).size).toBe(operations.length);
    // A read whose input is a body (a simulation takes a P&L series of up to 5,000 days) is a POST that writes nothing.
    const bodyReads = new Set(['simulate_challenge', 'replay_own_plans', 'fit_own_plans']);
    const wrong = operations.filter((op) => op.auth !== 'key' || op.readOnly !== (op.rest.method === 'GET' || bodyReads.has(op.name)));
    expect(wrong.map((op) => op.name)).toEqual([]);
    expect(operations.filter((op) => bodyReads.has(op.name)).every((op) => op.rest.method === 'POST')).toBe(true);
  });

  it('derive an input schema from every contract, with path params as required fields and every field documented', () => {
    for (const op of operations) {
      const schema = contractSchema(op.input) as { properties: Record<string, { description?: string }>; required?: string[] };
      for (const [field, property] of Object.entries(schema.properties)) {
        expect(`${op.name}.${field}: ${property.description ? 'documented' : 'undocumented'}`).toBe(`${op.name}.${field}: documented`);
      }
      for (const [, param] of op.rest.path.matchAll(/:([A-Za-z]+)/g)) expect(schema.required).toContain(param);
      // A stored file's bytes (restBytes: a screenshot) are the one answer that is not a JSON object.
      expect(op.output).toMatchObject(op.restBytes ? { type: 'string', format: 'binary' } : { type: 'object' });
    }
  });

  it('answer 401 unauthorized, saying where a key comes from, when run without a caller', async () => {
    const [summary] = operations;
    const context: OperationContext = { caller: null, logger, now: new Date() };
    await expect(summary?.run(context, {})).rejects.toMatchObject({
      code: 'unauthorized',
      detail: expect.stringContaining('npm run keys -- create --user <name>'),
    });
  });

  it('run end to end over a database', async () => {
    const db = await openTestPglite();
    try {
      const ops = privateOperations(createDomainServices(db));
      const user = await db.prisma.user.create({ data: { name: 'ops' } });
      const context: OperationContext = {
        caller: { userId: user.id, userName: 'ops', credentialId: 'key:k', scope: 'full' },
        logger,
        now: new Date(),
      };
      const call = async (name: string, input: unknown) => {
        const op = ops.find((o) => o.name === name);
        if (!op) throw new Error(name);
        return op.run(context, await parseInput(op.input, input));
      };
      const created = (await call('create_challenge', { firm: 'FTMO', plan: '100k', price: 540 })) as { id: string };
      await call('add_memo', { challengeId: created.id, content: 'first day' });
      const detail = (await call('get_challenge', { id: created.id })) as { memos: unknown[] };
      expect(detail.memos).toHaveLength(1);
      await expect(call('get_challenge', { id: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
      await expect(call('get_summary', {})).resolves.toMatchObject({ counts: { in_progress: 1, total: 1 } });
      await expect(call('get_summary', { verbose: true })).rejects.toMatchObject({ code: 'validation_failed' });
    } finally {
      await db.close();
    }
  });
});
