import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { createDomainServices, type DomainServices } from '../services.js';
import { newCaller } from '../testing/fixtures.js';
import type { AlertEvent } from './alert-events.js';
import { alertMessage } from './alert-message.js';

/** An attempt at "FTMO 2-Step 100k" bought on `purchasedAt`, its daily floor 5 % of 100,000 below the initial balance. */
async function attempt(s: DomainServices, caller: Caller, purchasedAt: string) {
  const challenge = await s.challenges.create(caller, { firm: 'FTMO', plan: 'FTMO 2-Step 100k', price: 540, currency: 'USD', purchasedAt });
  await s.coach.rules.set(caller, {
    id: challenge.id,
    rules: {
      dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
      maxLoss: { percent: 10, type: 'static' },
    },
  } as never);
  return challenge.id;
}

describeEachDatabase('alert titles tell apart accounts named alike', (getDb) => {
  let services: DomainServices | undefined;
  const domain = () => (services ??= createDomainServices(getDb()));

  it('two attempts at one plan and two accounts of one attempt, all named "FTMO 100k": four different titles in both languages', async () => {
    const s = domain();
    const sent: AlertEvent[] = [];
    s.alerts.useSink((events) => {
      sent.push(...events);
      return Promise.resolve();
    });
    const caller = await newCaller(getDb());
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const first = await attempt(s, caller, yesterday);
    const second = await attempt(s, caller, today);
    const register = (login: string, challengeId: string) =>
      s.accounts.register(caller, { login, server: 'FTMO-Demo', currency: 'USD', initialBalance: 100000, challengeId, name: 'FTMO 100k' });
    const accounts = [await register('7001', first), await register('7002', first), await register('7003', second)];
    // 48 % of the daily allowance left on each: the 50 % alert for every account.
    for (const a of accounts) await s.snapshots.push(caller, { id: a.id, at: now.toISOString(), balance: 100000, equity: 97400 }, now);
    await s.alerts.idle();
    const byAccount = new Map(sent.map((e) => [e.accountId, e]));
    expect(accounts.map((a) => byAccount.get(a.id)?.accountLabel)).toEqual([
      `FTMO 100k · ${yesterday} · 7001`,
      `FTMO 100k · ${yesterday} · 7002`,
      `FTMO 100k · ${today}`,
    ]);
    for (const language of ['ja', 'en'] as const) {
      const titles = [...byAccount.values()].map((e) => alertMessage({ ...e, language }).title);
      expect(new Set(titles).size).toBe(accounts.length);
    }
  });
});
