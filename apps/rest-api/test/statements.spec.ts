import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { StatementImport } from '@propfolio/domain';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`../../../libs/mt-statements/test/fixtures/${name}`, import.meta.url));
/** MT5 history report as the terminal writes it: UTF-16LE with BOM, login 51234567, 4–7 March 2024, server time GMT+2. */
const MT5 = fixture('ReportHistory-51234567.html');
/** MT4 detailed statement, windows-1252, login 2089123, 12–15 February 2024. */
const MT4 = fixture('Statement-2089123.htm');

describeEachDatabase('REST statement import', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  // The daily-pnl route looks back at most a year from today; these statements are from 2024, so read the rows.
  const reported = async (accountId: string): Promise<[string, number, number][]> =>
    (await app.context.db.prisma.dailyPnl.findMany({ where: { accountId }, orderBy: { date: 'asc' } })).map((row) => [
      row.date.toISOString().slice(0, 10),
      row.closedPnl.toNumber(),
      row.balance.toNumber(),
    ]);

  it('imports an MT5 report by firm day: server days under a 17:00 New York plan, deposits and withdrawals kept out of P&L', async () => {
    // FundedNext's day rolls over at 17:00 New York, which is midnight of a GMT+2/+3 broker: firm days are server days.
    const challenge = await createChallenge(app, {
      firm: 'FundedNext',
      planId: 'fundednext-stellar-2-step-100000',
      purchasedAt: '2024-03-01',
    });
    const account = await registerAccount(app, { login: '51234567', challengeId: challenge.id, initialBalance: 10000 });
    const body = { content: MT5.toString('base64'), contentEncoding: 'base64' };

    const preview = json<StatementImport>(await app.post(`/accounts/${account.id}/statements`, { ...body, dryRun: true }));
    expect(preview).toMatchObject({ dryRun: true, platform: 'mt5', login: '51234567', from: '2024-03-04', to: '2024-03-07', created: 4 });
    expect(await reported(account.id)).toEqual([]);

    const res = await app.post(`/accounts/${account.id}/statements`, body);
    expect(res.status).toBe(200);
    const imported = json<StatementImport>(res);
    expect(imported).toMatchObject({
      dryRun: false,
      rolloverKnown: true,
      serverTimeZone: 'GMT+2/+3',
      created: 4,
      updated: 0,
      unchanged: 0,
    });
    // 03-04: deposit 10 000 (not profit); commissions −3.50 −3.50 −2.00 and a 138.00 win → +129.00, balance 10 129.00.
    // 03-05: −331.25 (gold out) −1.05 (GBPUSD in at 23:40) → −332.30; 9 796.70.
    // 03-06: GBPUSD closed at 00:02:55 server time, the next firm day: +39.75; US30 −92.50 → −52.75; withdrawal 2 000 → 7 743.95.
    // 03-07: a platform commission −5.00 → 7 738.95 (a credit moves no balance: skipped).
    expect(imported.days.map((d) => [d.date, d.closedPnl, d.balance, d.deposits, d.withdrawals])).toEqual([
      ['2024-03-04', 129, 10129, 10000, 0],
      ['2024-03-05', -332.3, 9796.7, 0, 0],
      ['2024-03-06', -52.75, 7743.95, 0, 2000],
      ['2024-03-07', -5, 7738.95, 0, 0],
    ]);
    expect(imported.skipped.map((s) => s.reason).join(' ')).toMatch(/credit/i);

    // The same file again changes nothing.
    expect(json<StatementImport>(await app.post(`/accounts/${account.id}/statements`, body))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 4,
    });
  });

  it('cuts days at the plan’s own clock: Prague midnight moves the trade closed after server midnight back a day', async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', purchasedAt: '2024-03-01' });
    const account = await registerAccount(app, {
      login: '51234567',
      server: 'Other-Server',
      challengeId: challenge.id,
      initialBalance: 10000,
    });
    const imported = json<StatementImport>(await app.post(`/accounts/${account.id}/statements`, { content: MT5.toString('base64') }));
    // 00:02:55 server time (UTC+2) is 23:02:55 in Prague (UTC+1): the GBPUSD close (+39.75) belongs to 5 March there.
    expect(imported.days.map((d) => [d.date, d.closedPnl, d.balance])).toEqual([
      ['2024-03-04', 129, 10129],
      ['2024-03-05', -292.55, 9836.45],
      ['2024-03-06', -92.5, 7743.95],
      ['2024-03-07', -5, 7738.95],
    ]);
  });

  it('reads an MT4 detailed statement, and says which reported figures a newer file replaced', async () => {
    const account = await registerAccount(app, { login: '2089123', initialBalance: 5000 });
    // The tracker reported 13 February differently, and 16 February, which the statement does not cover.
    await app.post(`/accounts/${account.id}/reports`, { date: '2024-02-13', balance: 4900, equity: 4890, closedPnl: -221.5 }).expect(200);
    await app.post(`/accounts/${account.id}/reports`, { date: '2024-02-16', balance: 4100, equity: 4100, closedPnl: 82.27 }).expect(200);
    // No plan: days are cut at UTC midnight; the MT4 times are server time UTC+02:00 here.
    const imported = json<StatementImport>(
      await app.post(`/accounts/${account.id}/statements`, { content: MT4.toString('base64'), serverTimeZone: 'UTC+02:00' }),
    );
    expect(imported).toMatchObject({ platform: 'mt4', rolloverKnown: false, created: 3, updated: 1, unchanged: 0 });
    expect(imported.days.find((d) => d.date === '2024-02-13')).toMatchObject({
      outcome: 'updated',
      closedPnl: -183.97,
      balance: 4937.53,
      previous: { balance: 4900, closedPnl: -221.5 },
    });
    // 00:04:31 server time on the 14th is 22:04:31 UTC on the 13th: the USDJPY close (+15.38) joins 13 February.
    expect((await reported(account.id)).filter(([d]) => d < '2024-02-17')).toEqual([
      ['2024-02-12', 121.5, 5121.5],
      ['2024-02-13', -183.97, 4937.53],
      ['2024-02-14', 0, 3937.53],
      ['2024-02-15', 80.2, 4017.73],
      ['2024-02-16', 82.27, 4100],
    ]);
  });

  it('refuses a file of another login, a truncated one, a non-statement and a spreadsheet whole, writing nothing', async () => {
    const account = await registerAccount(app, { login: '2089123', server: 'Refusals-Demo', initialBalance: 5000 });
    const other = expectProblem(
      await app.post(`/accounts/${account.id}/statements`, { content: MT5.toString('base64') }),
      422,
      'statement_rejected',
    );
    expect(other.detail).toMatch(/51234567.*2089123/);
    // The reader's code rides along as `facts.statement`, for the dashboard to say why in the person's language.
    expect(other.facts).toEqual({ statement: 'other_login', fileLogin: '51234567', login: '2089123' });
    const codes: Record<string, unknown> = {};
    for (const name of ['ReportHistory-51234567.truncated.html', 'not-a-statement.html', 'ReportHistory-51234567.xlsx']) {
      const problem = expectProblem(
        await app.post(`/accounts/${account.id}/statements`, { content: fixture(name).toString('base64') }),
        422,
        'statement_rejected',
      );
      expect(problem.detail).toMatch(/Nothing was imported/);
      codes[name] = problem.facts?.statement ?? problem.facts?.reason;
    }
    expect(codes).toEqual({
      'ReportHistory-51234567.truncated.html': 'truncated',
      'not-a-statement.html': 'not_a_statement',
      'ReportHistory-51234567.xlsx': 'workbook_damaged', // a trade file's reason (the fixture is a stub workbook)
    });
    expect(await reported(account.id)).toEqual([]);
    const bad = expectProblem(await app.post(`/accounts/${account.id}/statements`, { content: '***' }), 400, 'validation_failed');
    expect(bad.errors?.[0]?.field).toBe('content');
    const zone = expectProblem(
      await app.post(`/accounts/${account.id}/statements`, { content: MT4.toString('base64'), serverTimeZone: 'Mars/Olympus' }),
      400,
      'validation_failed',
    );
    expect(zone.errors?.[0]?.field).toBe('serverTimeZone');
    // Over the 5 MiB file limit (sent as text, so under the route's body limit): 413 naming the limit.
    const huge = expectProblem(
      await app.post(`/accounts/${account.id}/statements`, { content: 'x'.repeat(5 * 1024 * 1024 + 1), contentEncoding: 'utf8' }),
      413,
      'payload_too_large',
    );
    expect(huge.detail).toMatch(/5 MiB/);
    expect(huge.facts).toEqual({ limitBytes: 5 * 1024 * 1024 });
    const stranger = await app.newUserKey();
    expectProblem(await app.post(`/accounts/${account.id}/statements`, { content: MT4.toString('base64') }, stranger), 404, 'not_found');
  });
});
