/**
 * A known data set for the analytics, entered through the operations (over any front door), and every
 * figure of get_analytics and get_tax_year computed by hand. The arithmetic is written out beside each one.
 */
import type { Database } from '@propfolio/db';

/** Runs one private operation by name with its input (REST route, MCP tool or direct call) and answers its output. */
export type DatasetRunner = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

export const REFUND_PLAN_ID = 'analytics-test-refund-on-first-payout';

/** A catalog plan whose fee comes back with the first payout (the analytics read `rules.feeRefund.when`). */
export async function seedRefundPlan(db: Database): Promise<void> {
  await db.prisma.firm.upsert({
    where: { slug: 'analytics-test' },
    create: { slug: 'analytics-test', name: 'Analytics Test', aliases: [] },
    update: {},
  });
  const plan = {
    firmSlug: 'analytics-test',
    program: '2-Step',
    phases: 2,
    currency: 'EUR',
    billing: 'one_time' as const,
    rules: { feeRefund: { when: 'first_payout', note: null } },
    checkedOn: new Date('2026-01-01T00:00:00Z'),
    sourceUrl: 'https://example.com/plan',
    contentHash: 'test',
  };
  await db.prisma.plan.upsert({ where: { id: REFUND_PLAN_ID }, create: { id: REFUND_PLAN_ID, ...plan }, update: {} });
}

/** Rates into JPY; 2026-02-01 USD is missing on purpose, and the 2026-03-01 payout carries a typed rate. */
export const DATASET_RATES_CSV = `date,base,quote,rate
2026-01-05,EUR,JPY,160.5
2026-01-10,USD,JPY,150
2026-01-26,USD,JPY,151.25
2026-01-31,USD,JPY,152
2026-02-28,USD,JPY,149.9
2026-03-01,EUR,JPY,162
2026-03-01,USD,JPY,999
`;

export interface DatasetIds {
  a: string;
  b: string;
  c: string;
  d: string;
  e: string;
}

const id = (value: Record<string, unknown>): string => value.id as string;

/**
 * A: FTMO 2-Step, 540 EUR (list 600, coupon), linked to the refund plan; Phase 1 → Phase 2 (01-20) → Funded
 *    and passed (02-10); paid payout 1000 USD on 03-01 with a typed rate 148.5; a requested one (not money);
 *    a refund of 400 EUR on 03-01 (so 140 EUR is still due).
 * B: FTMO 1-Step 300 USD, failed 01-25.  C: its reset, 99 USD on 01-26, a 10 USD data fee on 02-01.
 * D: Topstep monthly 49 USD from 01-31, ended 03-10 (billed 01-31 and 02-28); a denied payout.
 * E: FundedX 15000 JPY on 02-15, failed 03-01, a 5000 JPY reset fee on 03-02.
 */
export async function enterDataset(run: DatasetRunner): Promise<DatasetIds> {
  const a = id(
    await run('create_challenge', {
      firm: 'FTMO',
      plan: '2-Step 100k',
      price: 540,
      currency: 'eur',
      listPrice: 600,
      couponCode: 'X10',
      planId: REFUND_PLAN_ID,
      purchasedAt: '2026-01-05',
    }),
  );
  await run('update_challenge', { id: a, phase: 'Phase 2', changedAt: '2026-01-20' });
  await run('update_challenge', { id: a, phase: 'Funded', passedAt: '2026-02-10' });
  await run('add_payout', {
    challengeId: a,
    amount: 1000,
    currency: 'USD',
    date: '2026-03-01',
    grossAmount: 1250,
    splitPercent: 80,
    method: 'Rise',
    fxRate: 148.5,
    fxCurrency: 'JPY',
  });
  await run('add_payout', { challengeId: a, amount: 500, currency: 'USD', date: '2026-03-10', status: 'requested' });
  await run('add_cost', { id: a, kind: 'refund', amount: 400, currency: 'EUR', date: '2026-03-01', note: 'fee refund, partial' });
  const b = id(await run('create_challenge', { firm: 'FTMO', plan: '1-Step 50k', price: 300, purchasedAt: '2026-01-10' }));
  await run('update_challenge', { id: b, status: 'failed', changedAt: '2026-01-25' });
  const c = id(await run('create_challenge', { firm: 'ftmo', plan: '1-Step 50k', price: 99, resetOf: b, purchasedAt: '2026-01-26' }));
  await run('add_cost', { id: c, kind: 'data_fee', amount: 10, currency: 'USD', date: '2026-02-01' });
  const d = id(
    await run('create_challenge', {
      firm: 'Topstep',
      plan: 'Combine 50k',
      price: 49,
      billing: 'monthly',
      phase: 'Combine',
      purchasedAt: '2026-01-31',
    }),
  );
  await run('update_challenge', { id: d, monthlyEndedAt: '2026-03-10' });
  const denied = await run('add_payout', { challengeId: d, amount: 200, currency: 'USD', date: '2026-02-20', status: 'requested' });
  await run('update_payout', { id: id(denied), status: 'denied', deniedReason: 'consistency rule' });
  const e = id(await run('create_challenge', { firm: 'FundedX', plan: '10k', price: 15000, currency: 'JPY', purchasedAt: '2026-02-15' }));
  await run('update_challenge', { id: e, status: 'failed', changedAt: '2026-03-01' });
  await run('add_cost', { id: e, kind: 'reset_fee', amount: 5000, currency: 'JPY', date: '2026-03-02' });
  return { a, b, c, d, e };
}

/** GET /me/analytics?to=2026-03-15, per currency. */
export const expectedAnalytics = (ids: DatasetIds) => ({
  period: { from: null, to: '2026-03-15' },
  firm: null,
  totals: [
    { currency: 'EUR', spent: 540, refunded: 400, withdrawn: 0, net: -140, roi: -0.2593 }, // -140 / 540
    { currency: 'JPY', spent: 20000, refunded: 0, withdrawn: 0, net: -20000, roi: -1 }, // 15000 + 5000
    { currency: 'USD', spent: 507, refunded: 0, withdrawn: 1000, net: 493, roi: 0.9724 }, // 300 + 99 + 10 + 49 + 49; 493 / 507
  ],
  funnel: {
    attempts: 5,
    inProgress: 2, // C, D
    phases: [
      { step: 1, reached: 5, passed: 1, passRate: 0.2 }, // only A left Phase 1
      { step: 2, reached: 1, passed: 1, passRate: 1 }, // A got funded from Phase 2
    ],
    funded: { count: 1, rate: 0.2 },
    firstPayout: { count: 1, rate: 1 },
    breached: { count: 2, rate: 0.4 }, // B, E
  },
  firms: [
    {
      firm: 'FTMO',
      attempts: 3,
      funded: 1,
      breached: 1,
      passRate: 0.3333,
      medianDaysToPass: 36, // 2026-01-05 → 2026-02-10
      daysSinceLastPayout: 14, // 2026-03-01 → 2026-03-15
      avgDaysBetweenPayouts: null, // one paid payout
      money: [
        { currency: 'EUR', spent: 540, refunded: 400, withdrawn: 0, net: -140, roi: -0.2593 },
        { currency: 'USD', spent: 409, refunded: 0, withdrawn: 1000, net: 591, roi: 1.445 }, // 300 + 99 + 10
      ],
    },
    {
      firm: 'FundedX',
      attempts: 1,
      funded: 0,
      breached: 1,
      passRate: 0,
      medianDaysToPass: null,
      daysSinceLastPayout: null,
      avgDaysBetweenPayouts: null,
      money: [{ currency: 'JPY', spent: 20000, refunded: 0, withdrawn: 0, net: -20000, roi: -1 }],
    },
    {
      firm: 'Topstep',
      attempts: 1,
      funded: 0,
      breached: 0,
      passRate: 0,
      medianDaysToPass: null,
      daysSinceLastPayout: null,
      avgDaysBetweenPayouts: null,
      money: [{ currency: 'USD', spent: 98, refunded: 0, withdrawn: 0, net: -98, roi: -1 }],
    },
  ],
  monthly: [
    { month: '2026-01', currency: 'EUR', spent: 540, refunded: 0, withdrawn: 0, net: -540 },
    { month: '2026-01', currency: 'JPY', spent: 0, refunded: 0, withdrawn: 0, net: 0 },
    { month: '2026-01', currency: 'USD', spent: 448, refunded: 0, withdrawn: 0, net: -448 }, // 300 + 99 + 49
    { month: '2026-02', currency: 'EUR', spent: 0, refunded: 0, withdrawn: 0, net: 0 },
    { month: '2026-02', currency: 'JPY', spent: 15000, refunded: 0, withdrawn: 0, net: -15000 },
    { month: '2026-02', currency: 'USD', spent: 59, refunded: 0, withdrawn: 0, net: -59 }, // 10 + 49
    { month: '2026-03', currency: 'EUR', spent: 0, refunded: 400, withdrawn: 0, net: 400 },
    { month: '2026-03', currency: 'JPY', spent: 5000, refunded: 0, withdrawn: 0, net: -5000 },
    { month: '2026-03', currency: 'USD', spent: 0, refunded: 0, withdrawn: 1000, net: 1000 },
  ],
  refundsDue: [{ challengeId: ids.a, firm: 'FTMO', plan: '2-Step 100k', trigger: 'first_payout', amount: 140, currency: 'EUR' }], // 540 − 400
  conversions: null,
});

/** The JPY totals of get_analytics?currency=JPY&to=2026-03-15 (the 10 USD data fee of 02-01 has no rate). */
export const expectedJpyTotals = {
  // 540×160.5 + 300×150 + 99×151.25 + 49×152 + 15000 + 49×149.9 + 5000
  // = 86670 + 45000 + 14973.75 + 7448 + 15000 + 7345.1 + 5000
  spent: 181436.85,
  refunded: 64800, // 400×162
  withdrawn: 148500, // 1000×148.5 typed (wins over the imported 999)
  net: 31863.15,
  roi: 0.1756, // 31863.15 / 181436.85 = 0.17561…
};

/** get_tax_year 2026 in JPY: income = refund + paid payout; expenses by month. */
export const expectedTaxYear = {
  year: 2026,
  currency: 'JPY',
  complete: false,
  missingRates: 1,
  totals: { income: 213300, expenses: 181436.85, net: 31863.15 }, // 64800 + 148500
  monthsWithMoney: [
    { month: '2026-01', income: 0, expenses: 154091.75, net: -154091.75 }, // 86670 + 45000 + 14973.75 + 7448
    { month: '2026-02', income: 0, expenses: 22345.1, net: -22345.1 }, // 15000 + 7345.1 (the data fee has no rate)
    { month: '2026-03', income: 213300, expenses: 5000, net: 208300 },
  ],
};
export { closedPosition } from '../trades/trade-fixtures.js';
export { mt5Report, reportOfDays, type BuiltReport, type ReportDeal } from './statement-fixtures.js';
export { tinyJpeg, tinyPng, tinyWebp } from '../trade-screenshots/test-images.js';
