import 'reflect-metadata';
import { expect, it } from '@jest/globals';
import { parseInput, type Logger, type OperationContext } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import {
  DATASET_RATES_CSV,
  enterDataset,
  expectedAnalytics,
  expectedJpyTotals,
  expectedTaxYear,
  REFUND_PLAN_ID,
  seedRefundPlan,
} from '@propfolio/domain/testing';
import { privateOperations } from '../operations.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const logger = {} as Logger;

describeEachDatabase('ledger and analytics operations', (getDb) => {
  const as = async (name: string) => {
    const db = getDb();
    const ops = privateOperations(createDomainServices(db));
    const user = await db.prisma.user.create({ data: { name: `${name}-${Math.random()}` } });
    const context: OperationContext = {
      caller: { userId: user.id, userName: user.name, credentialId: 'key:k', scope: 'full' },
      logger,
      now: NOW,
    };
    const run = async (operation: string, input: Record<string, unknown>) => {
      const op = ops.find((o) => o.name === operation);
      if (!op) throw new Error(operation);
      return (await op.run(context, await parseInput(op.input, input))) as Record<string, unknown>;
    };
    return { run, userId: user.id };
  };

  it('computes every figure of the known data set, per currency, as worked out by hand', async () => {
    await seedRefundPlan(getDb());
    const { run } = await as('known');
    const ids = await enterDataset(run);
    expect(await run('get_analytics', { to: '2026-03-15' })).toEqual(expectedAnalytics(ids));
    // The monthly series adds up to the totals, currency by currency.
    const analytics = expectedAnalytics(ids);
    for (const total of analytics.totals) {
      const months = analytics.monthly.filter((m) => m.currency === total.currency);
      expect(months.reduce((sum, m) => sum + m.net, 0)).toBeCloseTo(total.net, 6);
    }
  });

  it('converts into a base currency at each date’s rate, typed rates first, and reports the missing rate', async () => {
    await seedRefundPlan(getDb());
    const { run } = await as('jpy');
    const ids = await enterDataset(run);
    await expect(run('import_fx_rates', { csv: DATASET_RATES_CSV })).resolves.toEqual({
      imported: 7,
      pairs: ['EUR/JPY', 'USD/JPY'],
      from: '2026-01-05',
      to: '2026-03-01',
    });
    const jpy = (await run('get_analytics', { to: '2026-03-15', currency: 'jpy' })) as {
      totals: unknown[];
      monthly: { month: string; currency: string; net: number }[];
      conversions: { base: string; rates: { date: string; currency: string; rate: number; source: string }[]; missing: unknown[] };
    };
    expect(jpy.totals).toEqual([{ currency: 'JPY', ...expectedJpyTotals }]);
    expect(jpy.conversions.missing).toEqual([{ date: '2026-02-01', currency: 'USD', amount: 10, kind: 'data_fee', challengeId: ids.c }]);
    expect(jpy.conversions.rates).toContainEqual({ date: '2026-03-01', currency: 'USD', rate: 148.5, source: 'typed' });
    expect(jpy.conversions.rates).toContainEqual({ date: '2026-01-05', currency: 'EUR', rate: 160.5, source: 'imported' });
    expect(jpy.conversions.rates.some((r) => r.rate === 999)).toBe(false);
    expect(jpy.monthly.map((m) => `${m.month} ${m.currency} ${m.net}`)).toEqual([
      '2026-01 JPY -154091.75',
      '2026-02 JPY -22345.1',
      '2026-03 JPY 208300',
    ]);

    const tax = (await run('get_tax_year', { year: '2026', currency: 'JPY' })) as typeof expectedTaxYear & {
      byMonth: { month: string; income: number; expenses: number; net: number }[];
      lines: { date: string; kind: string; type: string; rate: number | null; rateSource: string | null; converted: number | null }[];
      note: { ja: string };
      csv?: string;
    };
    expect(tax).toMatchObject({ year: 2026, currency: 'JPY', complete: false, missingRates: 1, totals: expectedTaxYear.totals });
    expect(tax.byMonth).toHaveLength(12);
    expect(tax.byMonth.filter((m) => m.income !== 0 || m.expenses !== 0)).toEqual(expectedTaxYear.monthsWithMoney);
    expect(tax.lines).toHaveLength(10);
    expect(tax.lines).toContainEqual(
      expect.objectContaining({ date: '2026-03-01', kind: 'payout', type: 'income', rate: 148.5, rateSource: 'typed', converted: 148500 }),
    );
    expect(tax.lines).toContainEqual(
      expect.objectContaining({ date: '2026-03-01', kind: 'refund', type: 'income', rate: 162, rateSource: 'imported', converted: 64800 }),
    );
    expect(tax.lines).toContainEqual(
      expect.objectContaining({ date: '2026-02-01', kind: 'data_fee', rate: null, rateSource: null, converted: null }),
    );
    expect(tax.lines).toContainEqual(
      expect.objectContaining({ date: '2026-02-28', kind: 'monthly_fee', type: 'expense', converted: 7345.1 }),
    );
    expect(tax.note.ja).toContain('税務上の助言ではありません');
    expect(tax.csv).toBeUndefined();

    const csv = ((await run('get_tax_year', { year: 2026, currency: 'JPY', format: 'csv' })) as { csv: string }).csv;
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('date,type,kind,firm,plan,amount,currency,rate,rate_source,amount_JPY');
    expect(rows).toContain('2026-03-01,income,payout,FTMO,2-Step 100k,1000,USD,148.5,typed,148500');
    expect(rows).toContain('2026-02-01,expense,data_fee,ftmo,1-Step 50k,10,USD,,,');
    expect(rows).toContain('2026,net,,,,,,,,31863.15');
  });

  it('filters by period and firm (case-insensitive) and keeps the monthly sums equal to the totals', async () => {
    await seedRefundPlan(getDb());
    const { run } = await as('filters');
    await enterDataset(run);
    const ftmo = (await run('get_analytics', { to: '2026-03-15', firm: 'ftmo' })) as ReturnType<typeof expectedAnalytics>;
    expect(ftmo.firms.map((f) => f.firm)).toEqual(['FTMO']);
    expect(ftmo.totals).toEqual(expectedAnalytics({ a: '', b: '', c: '', d: '', e: '' }).firms[0]!.money);
    const feb = (await run('get_analytics', { from: '2026-02-01', to: '2026-02-28' })) as ReturnType<typeof expectedAnalytics>;
    // Money dated in February: C's data fee 10 USD, D's second month 49 USD, E's purchase 15000 JPY; attempts bought in February: E.
    expect(feb.totals).toEqual([
      { currency: 'JPY', spent: 15000, refunded: 0, withdrawn: 0, net: -15000, roi: -1 },
      { currency: 'USD', spent: 59, refunded: 0, withdrawn: 0, net: -59, roi: -1 },
    ]);
    expect(feb.funnel.attempts).toBe(1);
  });

  it('records the history of every phase and status change with its date, and links a reset to the breached attempt', async () => {
    await seedRefundPlan(getDb());
    const { run } = await as('history');
    const ids = await enterDataset(run);
    const a = await run('get_challenge', { id: ids.a });
    expect(a.history).toEqual([
      { date: '2026-01-05', phase: 'Phase 1', status: 'in_progress' },
      { date: '2026-01-20', phase: 'Phase 2', status: 'in_progress' },
      { date: '2026-02-10', phase: 'Funded', status: 'passed' },
    ]);
    expect(a.challenge).toMatchObject({ listPrice: 600, couponCode: 'X10', planId: REFUND_PLAN_ID, price: 540 });
    expect(a.catalogPlan).toMatchObject({ id: REFUND_PLAN_ID, checkedOn: '2026-01-01', rules: { feeRefund: { when: 'first_payout' } } });
    expect(a.costs).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 400, currency: 'EUR', date: '2026-03-01', note: 'fee refund, partial' }),
    ]);
    const b = (await run('get_challenge', { id: ids.b })) as { history: unknown[]; resets: string[]; challenge: { failedAt: string } };
    expect(b.history).toEqual([
      { date: '2026-01-10', phase: 'Phase 1', status: 'in_progress' },
      { date: '2026-01-25', phase: 'Phase 1', status: 'failed' },
    ]);
    expect(b.challenge.failedAt).toBe('2026-01-25');
    expect(b.resets).toEqual([ids.c]);
    expect(((await run('get_challenge', { id: ids.c })) as { challenge: { resetOf: string } }).challenge.resetOf).toBe(ids.b);
  });

  it('counts only paid payouts as withdrawn, moves the status by the rules, and needs a reason for a denial', async () => {
    const { run } = await as('payouts');
    const c = (await run('create_challenge', { firm: 'F', plan: 'P', price: 100, purchasedAt: '2026-01-01' })) as { id: string };
    const asked = (await run('add_payout', { id: c.id, amount: 300, currency: 'USD', date: '2026-02-01', status: 'requested' })) as {
      id: string;
      status: string;
    };
    expect(asked.status).toBe('requested');
    expect(await run('get_summary', {})).toMatchObject({ withdrawn: [] });
    expect(await run('list_payouts', {})).toMatchObject({ totals: [] });
    await expect(run('update_payout', { id: asked.id, status: 'denied' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'deniedReason' }],
    });
    await expect(run('add_payout', { id: c.id, amount: 1, currency: 'USD', date: '2026-02-01', deniedReason: 'x' })).rejects.toMatchObject({
      errors: [{ field: 'deniedReason' }],
    });
    const paid = (await run('update_payout', { id: asked.id, status: 'paid', date: '2026-02-05', amount: 290 })) as {
      payout: Record<string, unknown>;
      changed: string[];
    };
    expect(paid.payout).toMatchObject({ status: 'paid', amount: 290, date: '2026-02-05' });
    expect(paid.changed.sort()).toEqual(['amount', 'date', 'status']);
    expect(await run('get_summary', {})).toMatchObject({ withdrawn: [{ currency: 'USD', amount: 290 }] });
    await expect(run('update_payout', { id: asked.id, status: 'denied', deniedReason: 'late' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(run('update_payout', { id: asked.id, status: 'paid' })).resolves.toMatchObject({ changed: [] });
    await expect(run('update_payout', { id: asked.id })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(run('update_payout', { id: asked.id, date: '2026-03-16' })).rejects.toMatchObject({ errors: [{ field: 'date' }] });
  });

  it('refuses bad costs, half a typed rate, an unknown plan and a reset of someone else’s challenge', async () => {
    const { run } = await as('bad');
    const other = await as('other');
    const c = (await run('create_challenge', { firm: 'F', plan: 'P', price: 100, purchasedAt: '2026-01-01' })) as { id: string };
    const theirs = (await other.run('create_challenge', { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-01-01' })) as { id: string };
    const cases: [string, Record<string, unknown>, string][] = [
      ['add_cost', { id: c.id, kind: 'tip', amount: 1, currency: 'USD', date: '2026-02-01' }, 'kind'],
      ['add_cost', { id: c.id, kind: 'refund', amount: -1, currency: 'USD', date: '2026-02-01' }, 'amount'],
      ['add_cost', { id: c.id, kind: 'addon', amount: 1, currency: 'USD', date: '2025-12-31' }, 'date'],
      ['add_cost', { id: c.id, kind: 'addon', amount: 1, currency: 'USD', date: '2026-03-16' }, 'date'],
      ['add_cost', { id: c.id, kind: 'addon', amount: 1, currency: 'USD', date: '2026-02-01', fxRate: 150 }, 'fxCurrency'],
      ['add_cost', { id: c.id, kind: 'addon', amount: 1, currency: 'USD', date: '2026-02-01', fxRate: 1, fxCurrency: 'usd' }, 'fxCurrency'],
      ['create_challenge', { firm: 'F', plan: 'P', price: 1, planId: 'no-such-plan' }, 'planId'],
      ['create_challenge', { firm: 'F', plan: 'P', price: 1, resetOf: theirs.id }, 'resetOf'],
      ['get_tax_year', { year: 1999, currency: 'JPY' }, 'year'],
      ['get_tax_year', { year: 2026 }, 'currency'],
      ['get_analytics', { currency: 'YEN' }, 'currency'],
      ['get_analytics', { from: '2026-03-01', to: '2026-02-01' }, 'from'],
    ];
    for (const [operation, input, field] of cases) {
      const error = await run(operation, input).then(
        () => null,
        (e: unknown) => {
          const refusal = e as { code: string; errors?: { field: string }[] };
          return `${refusal.code} ${refusal.errors?.map((x) => x.field).join() ?? ''}`;
        },
      );
      expect(`${operation} ${JSON.stringify(input)}: ${error}`).toBe(`${operation} ${JSON.stringify(input)}: validation_failed ${field}`);
    }
    await expect(run('add_cost', { id: theirs.id, kind: 'addon', amount: 1, currency: 'USD', date: '2026-02-01' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('isolates users: analytics, tax years, rates and payouts of another user are invisible', async () => {
    await seedRefundPlan(getDb());
    const owner = await as('owner');
    const intruder = await as('intruder');
    await enterDataset(owner.run);
    await owner.run('import_fx_rates', { csv: DATASET_RATES_CSV });
    const seen = (await intruder.run('get_analytics', { to: '2026-03-15', currency: 'JPY' })) as {
      totals: unknown[];
      funnel: { attempts: number };
      conversions: { rates: unknown[] };
    };
    expect(seen.totals).toEqual([]);
    expect(seen.funnel.attempts).toBe(0);
    expect(seen.conversions.rates).toEqual([]);
    expect(await intruder.run('get_tax_year', { year: 2026, currency: 'JPY' })).toMatchObject({
      lines: [],
      totals: { income: 0, expenses: 0, net: 0 },
    });
    const payouts = (await owner.run('list_payouts', {})) as { items: { id: string }[] };
    await expect(intruder.run('update_payout', { id: payouts.items[0]!.id, status: 'paid' })).rejects.toMatchObject({ code: 'not_found' });
    // The intruder's own rate for the same day does not reach the owner, and vice versa.
    await intruder.run('import_fx_rates', { csv: 'date,base,quote,rate\n2026-02-01,USD,JPY,1' });
    const mine = (await owner.run('get_analytics', { to: '2026-03-15', currency: 'JPY' })) as { conversions: { missing: unknown[] } };
    expect(mine.conversions.missing).toHaveLength(1);
  });

  it('imports a rates file all or nothing, naming each bad line, and replaces a rate of the same day', async () => {
    const { run } = await as('fx');
    const bad = 'date,base,quote,rate\n2026-01-01,USD,JPY,150\n2026-02-30,USD,JPY,150\n2026-01-02,USD,USD,1\n2026-01-03,USD,JPY,-1\n';
    await expect(run('import_fx_rates', { csv: bad })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [
        { field: 'csv', message: expect.stringContaining('line 3') },
        { field: 'csv', message: expect.stringContaining('line 4') },
        { field: 'csv', message: expect.stringContaining('line 5') },
      ],
    });
    await expect(run('import_fx_rates', { csv: 'day,from,to,rate\n' })).rejects.toMatchObject({ errors: [{ field: 'csv' }] });
    await run('create_challenge', { firm: 'F', plan: 'P', price: 100, purchasedAt: '2026-01-01' });
    const rate = async () =>
      ((await run('get_tax_year', { year: 2026, currency: 'JPY' })) as { lines: { rate: number | null }[] }).lines[0]?.rate;
    expect(await rate()).toBeNull();
    await run('import_fx_rates', { csv: '\uFEFFdate,base,quote,rate\r\n2026-01-01,usd,jpy,150.12345678\r\n' });
    expect(await rate()).toBe(150.12345678);
    await run('import_fx_rates', { csv: 'date,base,quote,rate\n2026-01-01,USD,JPY,151' });
    expect(await rate()).toBe(151);
  });
});
