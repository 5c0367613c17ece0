import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { createDomainServices, type DomainServices } from '../services.js';
import { newCaller } from '../testing/fixtures.js';
import type { AlertEvent } from './alert-events.js';

/** A challenge whose own rules put the daily floor at 5 % of the 100,000 initial balance (95,000), by UTC midnight. */
async function challengeWithAccounts(s: DomainServices, caller: Caller, n: number, purchasedAt: string) {
  const challenge = await s.challenges.create(caller, { firm: 'F', plan: 'P', price: 1, currency: 'USD', purchasedAt });
  await s.coach.rules.set(caller, {
    id: challenge.id,
    rules: {
      dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
      maxLoss: { percent: 10, type: 'static' },
    },
  } as never);
  const accounts: string[] = [];
  for (let i = 0; i < n; i++) {
    const account = await s.accounts.register(caller, {
      login: String(5_000_000 + i),
      server: 'Burst-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    accounts.push(account.id);
  }
  return { challengeId: challenge.id, accounts };
}

describeEachDatabase('alert evaluation of a burst (lanes and batches)', (getDb) => {
  // One set of services per database for the burst tests (each set's write paths tell that set's alerts).
  let services: DomainServices | undefined;
  const domain = () => (services ??= createDomainServices(getDb()));
  it("reads each account's headroom exactly as its challenge's answer gives it, and none for an unknown one", async () => {
    const s = domain();
    const caller = await newCaller(getDb());
    const now = new Date();
    const { challengeId, accounts } = await challengeWithAccounts(s, caller, 3, now.toISOString().slice(0, 10));
    for (const [i, id] of accounts.entries())
      await s.snapshots.push(caller, { id, at: now.toISOString(), balance: 100000, equity: 97000 + i * 700 }, now);
    await s.alerts.idle();
    const whole = await s.coach.headroom.forChallenge(caller, { id: challengeId }, now);
    const failed: string[] = [];
    const each = await s.coach.headroom.forAccounts([...accounts, 'no-such-account'], now, (id) => failed.push(id));
    expect(failed).toEqual([]);
    expect([...each.keys()].sort()).toEqual([...accounts].sort());
    for (const item of whole.accounts) expect(each.get(item.account.id)).toEqual(item.headroom);
  });

  it('fires each threshold once per account when many accounts cross at once, however often they are pushed', async () => {
    const s = domain();
    const sent: AlertEvent[] = [];
    s.alerts.useSink((events) => {
      sent.push(...events);
      return Promise.resolve();
    });
    const caller = await newCaller(getDb());
    const now = new Date();
    const { accounts } = await challengeWithAccounts(s, caller, 40, now.toISOString().slice(0, 10));
    const burst = (equity: number, offsetMs: number) =>
      Promise.all(
        accounts.map((id) =>
          s.snapshots.push(caller, { id, at: new Date(now.getTime() - 60_000 + offsetMs).toISOString(), balance: 100000, equity }, now),
        ),
      );
    // 48 % left, three times over while the first evaluations run: the 50 % alert once per account.
    await burst(97400, 0);
    await burst(97450, 1);
    await burst(97380, 2);
    await s.alerts.idle();
    const keys = () => sent.map((e) => `${e.accountId}:${e.rule}:${String(e.threshold)}`).sort();
    expect(keys()).toEqual(accounts.map((id) => `${id}:daily_loss:50`).sort());
    sent.length = 0;
    // 24 % left, then 26 % at once: the 25 % alert once per account, and nothing for 50 again. The evaluations run
    // after the recovery was written: the dip still crossed (judged on the day's lowest equity, not the latest).
    await burst(96200, 3);
    await burst(96300, 4);
    await s.alerts.idle();
    expect(keys()).toEqual(accounts.map((id) => `${id}:daily_loss:25`).sort());
  });

  it('sends each alert once between processes that evaluate the same burst at the same time', async () => {
    const caught: AlertEvent[] = [];
    const catching = () => {
      const other = createDomainServices(getDb());
      other.alerts.useSink((events) => {
        caught.push(...events);
        return Promise.resolve();
      });
      return other;
    };
    const s = domain();
    s.alerts.useSink((events) => {
      caught.push(...events);
      return Promise.resolve();
    });
    const caller = await newCaller(getDb());
    const now = new Date();
    const { accounts } = await challengeWithAccounts(s, caller, 12, now.toISOString().slice(0, 10));
    await Promise.all(
      accounts.map((id) =>
        s.snapshots.push(caller, { id, at: new Date(now.getTime() - 60_000).toISOString(), balance: 100000, equity: 97400 }, now),
      ),
    );
    // This process's lanes, and two more processes judging the whole burst in one batch each, in opposite orders.
    await Promise.all([
      s.alerts.idle(),
      catching().alerts.evaluateMany(accounts, now),
      catching().alerts.evaluateMany([...accounts].reverse(), now),
    ]);
    await s.alerts.idle();
    expect(caught.map((e) => `${e.accountId}:${e.rule}:${String(e.threshold)}`).sort()).toEqual(
      accounts.map((id) => `${id}:daily_loss:50`).sort(),
    );
  });
});

describeEachDatabase('which alert service a write tells', (getDb) => {
  it("marks the account in its own services' alerts, not in another set's built earlier over the same database", async () => {
    const collect = (s: DomainServices, into: AlertEvent[]) =>
      s.alerts.useSink((events) => {
        into.push(...events);
        return Promise.resolve();
      });
    const first: AlertEvent[] = [];
    const second: AlertEvent[] = [];
    const earlier = createDomainServices(getDb());
    collect(earlier, first);
    const later = createDomainServices(getDb());
    collect(later, second);
    const caller = await newCaller(getDb());
    const now = new Date();
    const { accounts } = await challengeWithAccounts(later, caller, 1, now.toISOString().slice(0, 10));
    const [id] = accounts;
    await later.snapshots.push(
      caller,
      { id: id ?? '', at: new Date(now.getTime() - 60_000).toISOString(), balance: 100000, equity: 97400 },
      now,
    );
    await Promise.all([earlier.alerts.idle(), later.alerts.idle()]);
    // The services a write path was built with are the ones it tells: the 50 % alert reaches the later set's sink.
    expect(second.map((e) => `${e.accountId}:${e.rule}:${String(e.threshold)}`)).toEqual([`${id}:daily_loss:50`]);
    expect(first).toEqual([]);
  });
});
