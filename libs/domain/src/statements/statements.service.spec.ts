import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { ImportStatementInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { mt5Report, reportOfDays, type ReportDeal } from '../testing/statement-fixtures.js';
import { MAX_CONTENT_LENGTH } from './statements.inputs.js';

/** The service clock of these cases: the built reports end on 2026-11-20, the day they are written. */
const NOW = new Date('2026-11-26T12:00:00Z');

describeEachDatabase('statement import: large files, concurrency, corrections, out-of-world values', (getDb) => {
  const services = () => createDomainServices(getDb());
  let logins = 0;
  const newAccount = async (caller: Caller) => {
    const login = `${String(process.pid)}${String((logins += 1))}`;
    const account = await services().accounts.register(
      caller,
      await parse(RegisterAccountInput, { login, server: 'Spec', currency: 'USD', initialBalance: 100000 }),
    );
    return { id: account.id, login };
  };
  const importOf = async (caller: Caller, id: string, bytes: Buffer, extra: object = {}) =>
    services().statements.import(caller, await parse(ImportStatementInput, { id, content: bytes.toString('base64'), ...extra }), NOW);

  it('2,500 days are written in one import (a loop of upserts outlived the transaction on PostgreSQL), summarised and paged', async () => {
    const caller = await newCaller(getDb());
    const account = await newAccount(caller);
    const file = reportOfDays(account.login, 2_500, 1).bytes;

    const imported = await importOf(caller, account.id, file);
    expect(imported).toMatchObject({
      created: 2_500,
      updated: 0,
      unchanged: 0,
      daysTotal: 2_500,
      changedFrom: imported.from,
      changedTo: imported.to,
    });
    expect(imported.days).toHaveLength(1_000);
    expect(imported.nextDaysAfter).toBe(imported.days.at(-1)?.date);
    expect(await getDb().prisma.dailyPnl.count({ where: { accountId: account.id } })).toBe(2_500);

    // The next pages, as a preview: the same days, each now unchanged, ending with no cursor.
    const second = await importOf(caller, account.id, file, { dryRun: true, daysAfter: imported.nextDaysAfter });
    expect((second.days[0]?.date ?? '') > (imported.nextDaysAfter ?? '')).toBe(true);
    const third = await importOf(caller, account.id, file, { dryRun: true, daysAfter: second.nextDaysAfter });
    expect(third.days).toHaveLength(500);
    expect(third.nextDaysAfter).toBeNull();
    expect(third.days.at(-1)?.date).toBe(imported.to);

    // The same file again: nothing updated.
    expect(await importOf(caller, account.id, file)).toMatchObject({ created: 0, updated: 0, unchanged: 2_500, changedFrom: null });
  });

  it('identical imports sent together: one creates the days, every other finds them unchanged', async () => {
    const caller = await newCaller(getDb());
    const account = await newAccount(caller);
    const file = reportOfDays(account.login, 30, 2).bytes;
    const answers = await Promise.all(Array.from({ length: 5 }, () => importOf(caller, account.id, file)));
    expect(answers.map((a) => [a.created, a.updated, a.unchanged]).sort()).toEqual([
      [0, 0, 30],
      [0, 0, 30],
      [0, 0, 30],
      [0, 0, 30],
      [30, 0, 0],
    ]);
  });

  it('a corrected, overlapping statement moves the day’s equity and the account’s with its balance', async () => {
    const caller = await newCaller(getDb());
    const account = await newAccount(caller);
    const deals = (last: string): ReportDeal[] => [
      { time: '2026.11.16 10:00:00', profit: '100000.00' },
      { time: '2026.11.17 10:00:00', profit: '50.00' },
      { time: '2026.11.18 10:00:00', profit: last },
    ];
    await importOf(caller, account.id, mt5Report(account.login, deals('20.00'), '2026.11.20 10:00'));
    // The tracker saw 30.00 floating on the last day.
    await getDb().prisma.dailyPnl.updateMany({ where: { accountId: account.id, date: new Date('2026-11-18') }, data: { equity: 100100 } });

    const corrected = await importOf(caller, account.id, mt5Report(account.login, deals('-80.00'), '2026.11.20 10:00'));
    expect(corrected).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(corrected.days.at(-1)).toMatchObject({ outcome: 'updated', balance: 99970, previous: { balance: 100070, closedPnl: 0 } });
    const day = await getDb().prisma.dailyPnl.findUniqueOrThrow({
      where: { accountId_date: { accountId: account.id, date: new Date('2026-11-18') } },
    });
    expect([day.balance.toString(), day.equity.toString()]).toEqual(['99970', '100000']);
    const stored = await getDb().prisma.eaAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect([stored.balance.toString(), stored.equity.toString()]).toEqual(['99970', '100000']);
  });

  it('a deal dated after the service’s clock plus a day is refused, naming it, by the dry run and the import alike', async () => {
    const caller = await newCaller(getDb());
    const account = await newAccount(caller);
    const file = mt5Report(
      account.login,
      [
        { time: '2026.11.16 10:00:00', profit: '100000.00' },
        { time: '2100.01.01 10:00:00', profit: '5.00' },
      ],
      '2100.01.02 10:00',
    );
    for (const dryRun of [true, false]) {
      await expect(importOf(caller, account.id, file, { dryRun })).rejects.toMatchObject({
        code: 'statement_rejected',
        message: expect.stringMatching(/Deal 2 is dated 2100-01-01 10:00:00/) as unknown,
      });
    }
    expect(await getDb().prisma.dailyPnl.count({ where: { accountId: account.id } })).toBe(0);
    expect((await getDb().prisma.eaAccount.findUniqueOrThrow({ where: { id: account.id } })).lastReportOn).toBeNull();
  });

  it('base64 wrapped at 76 characters with CRLF, as mail writes it, is read like the unwrapped text', async () => {
    const caller = await newCaller(getDb());
    const account = await newAccount(caller);
    const file = reportOfDays(account.login, 3, 1).bytes;
    const wrapped = (file.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
    const answer = await services().statements.import(caller, await parse(ImportStatementInput, { id: account.id, content: wrapped }), NOW);
    expect(answer.created).toBe(3);
    // The largest file's base64, wrapped, passes the field's bound (it was refused as too long).
    const largest = 'A'.repeat(Math.ceil((5 * 1024 * 1024) / 3) * 4);
    const wrappedLargest = (largest.match(/.{1,76}/g) ?? []).join('\r\n');
    expect(wrappedLargest.length).toBeLessThanOrEqual(MAX_CONTENT_LENGTH);
    await expect(parse(ImportStatementInput, { id: account.id, content: wrappedLargest })).resolves.toBeDefined();
  });
});
