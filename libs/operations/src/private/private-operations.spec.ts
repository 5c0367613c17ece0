import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { contractSchema, parseInput, type Logger, type OperationContext } from '@propfolio/core';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { privateOperations } from './index.js';

const logger = {} as Logger;

describe('private operations', () => {
  const operations = privateOperations(createDomainServices({} as never));

  it('are listed in a fixed order with their REST bindings, all behind a key', () => {
    expect(operations.map((op) => `${op.name} ${op.rest.method} ${op.rest.path} ${op.rest.status ?? 200}`)).toEqual([
      'get_summary GET /me/summary 200',
      'list_challenges GET /challenges 200',
      'get_challenge GET /challenges/:id 200',
      'create_challenge POST /challenges 201',
      'update_challenge PATCH /challenges/:id 200',
      'add_memo POST /challenges/:id/memos 201',
      'add_payout POST /challenges/:id/payouts 201',
      'list_payouts GET /payouts 200',
      'list_accounts GET /accounts 200',
      'get_account_daily_pnl GET /accounts/:id/daily-pnl 200',
      'register_account POST /accounts 201',
      'push_account_report POST /accounts/:id/reports 200',
      'add_cost POST /challenges/:id/costs 201',
      'update_payout PATCH /payouts/:id 200',
      'get_analytics GET /me/analytics 200',
      'get_tax_year GET /me/tax-year/:year 200',
      'import_fx_rates POST /me/fx-rates 200',
    ]);
    expect(operations.every((op) => op.auth === 'key' && op.readOnly === (op.rest.method === 'GET'))).toBe(true);
  });

  it('derive an input schema from every contract, with path params as required fields and every field documented', () => {
    for (const op of operations) {
      const schema = contractSchema(op.input) as { properties: Record<string, { description?: string }>; required?: string[] };
      for (const [field, property] of Object.entries(schema.properties)) {
        expect(`${op.name}.${field}: ${property.description ? 'documented' : 'undocumented'}`).toBe(`${op.name}.${field}: documented`);
      }
      for (const param of op.rest.path.match(/:\w+/g) ?? []) expect(schema.required).toContain(param.slice(1));
      expect(op.output).toMatchObject({ type: 'object' });
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
    const db = await openDatabase({ memory: true });
    try {
      const ops = privateOperations(createDomainServices(db));
      const user = await db.prisma.user.create({ data: { name: 'ops' } });
      const context: OperationContext = { caller: { userId: user.id, userName: 'ops', keyId: 'k' }, logger, now: new Date() };
      const call = async (name: string, input: unknown) => {
        const op = ops.find((o) => o.name === name);
        if (!op) throw new Error(name);
        return op.run(context, await parseInput(op.input, input));
      };
      const created = (await call('create_challenge', { firm: 'FTMO', plan: '100k', price: 540 })) as { id: string };
      await call('add_memo', { id: created.id, content: 'first day' });
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
