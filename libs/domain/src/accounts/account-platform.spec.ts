import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  ImportStatementInput,
  ListAccountsInput,
  ListTradesInput,
  RegisterAccountInput,
  TradeStatsInput,
  UpdateAccountInput,
} from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';

/** A cTrader export libs/trade-files reads in its own specs: three closed positions. */
const CTRADER = readFileSync(new URL('../../../trade-files/test/fixtures/ctrader/history-utc3.csv', import.meta.url));
const NOW = new Date('2026-03-20T12:00:00Z');

/** The fields a refused input names (400 validation_failed, as every front door answers it). */
async function refusedFields(contract: new () => object, input: object): Promise<string[]> {
  try {
    await parse(contract, input);
  } catch (error) {
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    return ((error as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
  }
  throw new Error('accepted');
}

describeEachDatabase('EA accounts record their platform; the journal and its stats filter by it', (getDb) => {
  const services = () => createDomainServices(getDb());
  let logins = 0;
  const register = async (caller: Caller, body: object = {}) =>
    services().accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${String(process.pid)}7${String((logins += 1))}`,
        server: 'Spec',
        currency: 'USD',
        initialBalance: 10_000,
        ...body,
      }),
    );
  const importInto = async (caller: Caller, id: string, extra: object = {}) =>
    services().statements.import(caller, await parse(ImportStatementInput, { id, content: CTRADER.toString('base64'), ...extra }), NOW);
  const platformOf = async (id: string) => (await getDb().prisma.eaAccount.findUniqueOrThrow({ where: { id } })).platform;

  it('register_account and update_account take a platform, list_accounts answers it and filters by it', async () => {
    const caller = await newCaller(getDb());
    const mt5 = await register(caller, { platform: 'mt5' });
    const unknown = await register(caller);
    expect(mt5.platform).toBe('mt5');
    expect(unknown.platform).toBeNull();

    const listed = async (platform?: string) =>
      (await services().accounts.list(caller, await parse(ListAccountsInput, platform === undefined ? {} : { platform }))).items.map(
        (a) => a.id,
      );
    expect(await listed('mt5')).toEqual([mt5.id]);
    expect((await listed()).sort()).toEqual([mt5.id, unknown.id].sort());
    expect(await listed('ctrader')).toEqual([]);

    const updated = await services().accounts.update(caller, await parse(UpdateAccountInput, { id: unknown.id, platform: 'ctrader' }));
    expect(updated.platform).toBe('ctrader');
    expect(await listed('ctrader')).toEqual([unknown.id]);
    // Absent keeps it, null clears it.
    await services().accounts.update(caller, await parse(UpdateAccountInput, { id: unknown.id, name: 'Renamed' }));
    expect(await platformOf(unknown.id)).toBe('ctrader');
    expect(
      (await services().accounts.update(caller, await parse(UpdateAccountInput, { id: unknown.id, platform: null }))).platform,
    ).toBeNull();
    // Another user's accounts on the same platform are not listed.
    const other = await newCaller(getDb());
    await register(other, { platform: 'mt5' });
    expect(await listed('mt5')).toEqual([mt5.id]);
  });

  it('an unknown platform is refused naming the field, in every input that takes one', async () => {
    const base = { login: '1', server: 'Spec', currency: 'USD', initialBalance: 1 };
    expect(await refusedFields(RegisterAccountInput, { ...base, platform: 'metatrader' })).toEqual(['platform']);
    expect(await refusedFields(UpdateAccountInput, { id: 'x', platform: 'MT5' })).toEqual(['platform']);
    expect(await refusedFields(ListAccountsInput, { platform: 'mt6' })).toEqual(['platform']);
    expect(await refusedFields(ListTradesInput, { platform: 'rithmic2' })).toEqual(['platform']);
    expect(await refusedFields(TradeStatsInput, { platform: '' })).toEqual(['platform']);
  });

  it('an import records the platform of an account that has none and never overwrites one; a dry run records nothing', async () => {
    const caller = await newCaller(getDb());
    const unset = await register(caller);
    await importInto(caller, unset.id, { dryRun: true });
    expect(await platformOf(unset.id)).toBeNull();
    await importInto(caller, unset.id);
    expect(await platformOf(unset.id)).toBe('ctrader');

    // The trader said mt5: a cTrader file imported into it leaves that alone.
    const set = await register(caller, { platform: 'mt5' });
    await importInto(caller, set.id);
    expect(await platformOf(set.id)).toBe('mt5');
  });

  it('list_trades and get_trade_stats keep only the trades of the accounts on the platform', async () => {
    const caller = await newCaller(getDb());
    const ctrader = await register(caller);
    const mt5 = await register(caller, { platform: 'mt5' });
    await importInto(caller, ctrader.id);
    await importInto(caller, mt5.id);

    const trades = async (filter: object) =>
      (await services().trades.list(caller, await parse(ListTradesInput, filter))).items.map((t) => t.accountId);
    expect(await trades({ platform: 'ctrader' })).toEqual([ctrader.id, ctrader.id, ctrader.id]);
    expect(await trades({ platform: 'mt5' })).toEqual([mt5.id, mt5.id, mt5.id]);
    expect(await trades({ platform: 'tradovate' })).toEqual([]);
    expect(await trades({})).toHaveLength(6);
    // With the other filters: the account and the platform must both hold.
    expect(await trades({ platform: 'ctrader', accountId: mt5.id })).toEqual([]);

    const stats = async (filter: object) => (await services().trades.stats(caller, await parse(TradeStatsInput, filter))).overall;
    const all = await stats({});
    const onCtrader = await stats({ platform: 'ctrader' });
    expect(all.count).toBe(6);
    expect(onCtrader.count).toBe(3);
    expect(onCtrader.net).toBeCloseTo(all.net / 2, 2);
    expect((await stats({ platform: 'mt5', from: '2026-03-01T00:00:00Z' })).count).toBe(3);
    expect((await stats({ platform: 'ninjatrader' })).count).toBe(0);
  });
});
