import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { addDays, type Caller } from '@propfolio/core';
import {
  AccountReportInput,
  CreateChallengeInput,
  DailyPnlInput,
  ListAccountsInput,
  RegisterAccountInput,
  UpdateChallengeInput,
} from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';

describeEachDatabase('EA accounts and reports', (getDb) => {
  const services = () => createDomainServices(getDb());
  const register = async (caller: Caller, body: object = {}) =>
    services().accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'Broker-Live',
        currency: 'usd',
        initialBalance: 10000,
        ...body,
      }),
    );
  /** A challenge of no catalog plan, bought before the reports these specs push. */
  const newChallenge = async (caller: Caller) =>
    services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
      NOW,
    );
  const report = async (caller: Caller, body: object) => services().reports.push(caller, await parse(AccountReportInput, body), NOW);

  it('registers an account and refuses the same login on the same server', async () => {
    const caller = await newCaller(getDb());
    const account = await register(caller, { login: '5012345', name: 'Main' });
    expect(account).toMatchObject({
      login: '5012345',
      currency: 'USD',
      balance: 10000,
      pnl: 0,
      pnlPercent: 0,
      archived: false,
      challenge: null,
      name: 'Main',
    });
    await expect(register(caller, { login: '5012345' })).rejects.toMatchObject({ code: 'conflict', status: 409 });
    // another user may track the same login
    await expect(register(await newCaller(getDb()), { login: '5012345' })).resolves.toMatchObject({ login: '5012345' });
  });

  it('applies reports idempotently per account and day and follows the latest day', async () => {
    const caller = await newCaller(getDb());
    const account = await register(caller);
    const day = { id: account.id, date: '2026-03-14', balance: 10250.5, equity: 10200, closedPnl: 250.5 };
    expect((await report(caller, day)).outcome).toBe('created');
    const stored = await getDb().prisma.dailyPnl.findFirstOrThrow({ where: { accountId: account.id } });
    expect((await report(caller, day)).outcome).toBe('unchanged');
    const again = await getDb().prisma.dailyPnl.findFirstOrThrow({ where: { accountId: account.id } });
    expect(again.reportedAt).toEqual(stored.reportedAt);
    expect((await report(caller, { ...day, equity: 10210 })).outcome).toBe('updated');
    // an older day does not move the account's balance back
    await report(caller, { id: account.id, date: '2026-03-10', balance: 9000, equity: 9000, closedPnl: -1000 });
    const [listed] = (await services().accounts.list(caller, {})).items;
    expect(listed).toMatchObject({ balance: 10250.5, equity: 10210, pnl: 250.5, pnlPercent: 2.51, lastReportOn: '2026-03-14' });
    // broker days may be one day ahead of UTC, not more
    await expect(report(caller, { ...day, date: '2026-03-16' })).resolves.toMatchObject({ outcome: 'created' });
    await expect(report(caller, { ...day, date: '2026-03-17' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'date' }],
    });
  });

  it('shows days without a report as gaps with reported: false', async () => {
    const caller = await newCaller(getDb());
    const account = await register(caller);
    await report(caller, { id: account.id, date: '2026-03-12', balance: 10100, equity: 10100, closedPnl: 100.1 });
    await report(caller, { id: account.id, date: '2026-03-14', balance: 10000.3, equity: 10000.3, closedPnl: -99.8 });
    const series = await services().dailyPnl.series(caller, await parse(DailyPnlInput, { id: account.id, days: '5' }), NOW);
    expect(series).toMatchObject({ from: '2026-03-11', to: '2026-03-15', reportedDays: 2, closedPnlTotal: 0.3, currency: 'USD' });
    expect(series.days).toEqual([
      { date: '2026-03-11', reported: false, balance: null, equity: null, closedPnl: null },
      { date: '2026-03-12', reported: true, balance: 10100, equity: 10100, closedPnl: 100.1 },
      { date: '2026-03-13', reported: false, balance: null, equity: null, closedPnl: null },
      { date: '2026-03-14', reported: true, balance: 10000.3, equity: 10000.3, closedPnl: -99.8 },
      { date: '2026-03-15', reported: false, balance: null, equity: null, closedPnl: null },
    ]);
    // 30 days back crosses Europe's and America's daylight-saving changes: still one entry per calendar day.
    const month = await services().dailyPnl.series(caller, await parse(DailyPnlInput, { id: account.id }), NOW);
    expect(month.days.map((entry) => entry.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays('2026-02-14', i)));
    // Exact figures whatever their scale: PostgreSQL's numeric text read as JSON numbers.
    await report(caller, { id: account.id, date: '2026-03-15', balance: 123456789.07, equity: 0.01, closedPnl: -1234.56 });
    const today = await services().dailyPnl.series(caller, await parse(DailyPnlInput, { id: account.id, days: '1' }), NOW);
    expect(today).toMatchObject({ reportedDays: 1, closedPnlTotal: -1234.56 });
    expect(today.days).toEqual([{ date: '2026-03-15', reported: true, balance: 123456789.07, equity: 0.01, closedPnl: -1234.56 }]);
    for (const days of ['0', '367', 'x', '1.5']) {
      await expect(parse(DailyPnlInput, { id: account.id, days })).rejects.toMatchObject({
        code: 'validation_failed',
        errors: expect.arrayContaining([expect.objectContaining({ field: 'days' })]),
      });
    }
  });

  it('ends the series at the account’s firm day, not the UTC date', async () => {
    const caller = await newCaller(getDb());
    const s = services();
    const challenge = await newChallenge(caller);
    const rollover = { timeZone: 'Europe/Prague', time: '00:00' };
    await s.coach.rules.set(caller, {
      id: challenge.id,
      rules: { dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', rollover } },
    });
    const linked = await register(caller, { challengeId: challenge.id });
    const unlinked = await register(caller);
    const lastDay = async (id: string, at: string) =>
      (await s.dailyPnl.series(caller, await parse(DailyPnlInput, { id, days: '2' }), new Date(at))).to;
    // 23:30 UTC in winter is 00:30 the next day in Prague: that firm day has begun; UTC midnight's has not.
    expect(await lastDay(linked.id, '2026-01-14T23:30:00Z')).toBe('2026-01-15');
    expect(await lastDay(unlinked.id, '2026-01-14T23:30:00Z')).toBe('2026-01-14');
    // In summer Prague is UTC+2: 22:30 UTC is already tomorrow there, 21:30 is not.
    expect(await lastDay(linked.id, '2026-07-14T22:30:00Z')).toBe('2026-07-15');
    expect(await lastDay(linked.id, '2026-07-14T21:30:00Z')).toBe('2026-07-14');
  });

  it('refuses reports for an archived account with 409 account_archived and lists archived ones on request', async () => {
    const caller = await newCaller(getDb());
    const s = services();
    const challenge = await newChallenge(caller);
    const old = await register(caller, { challengeId: challenge.id });
    await s.challenges.update(caller, await parse(UpdateChallengeInput, { id: challenge.id, phase: 'Phase 2' }), NOW);
    const fresh = await register(caller, { challengeId: challenge.id });
    await expect(report(caller, { id: old.id, date: '2026-03-14', balance: 1, equity: 1, closedPnl: 0 })).rejects.toMatchObject({
      code: 'account_archived',
      status: 409,
    });
    const list = async (archived?: string) =>
      (await s.accounts.list(caller, await parse(ListAccountsInput, archived ? { archived } : {}))).items.map((a) => a.id);
    expect(await list()).toEqual([fresh.id]);
    expect(await list('only')).toEqual([old.id]);
    expect(await list('include')).toEqual([fresh.id, old.id]);
    await s.challenges.update(caller, await parse(UpdateChallengeInput, { id: challenge.id, status: 'failed' }), NOW);
    await expect(register(caller, { challengeId: challenge.id })).rejects.toMatchObject({ code: 'challenge_closed' });
  });

  it('keeps accounts private to their user', async () => {
    const owner = await newCaller(getDb());
    const intruder = await newCaller(getDb());
    const account = await register(owner);
    await expect(report(intruder, { id: account.id, date: '2026-03-14', balance: 1, equity: 1, closedPnl: 0 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(services().dailyPnl.series(intruder, { id: account.id }, NOW)).rejects.toMatchObject({
      status: 404,
      detail: 'EA account not found.',
    });
    const challenge = await services().challenges.create(owner, await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1 }), NOW);
    await expect(register(intruder, { challengeId: challenge.id })).rejects.toMatchObject({ status: 404 });
  });
});
