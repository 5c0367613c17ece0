import fc from 'fast-check';
import Decimal from 'decimal.js';
import { foldDays, readStatement, type Transaction } from '../src/index.js';
import { fixture, serverDay } from './load-fixture.js';

const amount = fc.integer({ min: -500_000, max: 500_000 });
const cents = (n: number): string => new Decimal(n).div(100).toFixed(2);

const transaction: fc.Arbitrary<Transaction> = fc
  .record({
    kind: fc.constantFrom<Transaction['kind']>(
      'trade',
      'deposit',
      'withdrawal',
      'commission',
      'swap',
      'fee',
      'correction',
      'other-balance',
      'credit',
    ),
    ticket: fc.integer({ min: 1, max: 1_000_000 }).map(String),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    amounts: fc.tuple(amount, amount, amount, amount),
    entry: fc.constantFrom<Transaction['entry']>('in', 'out', 'inout', 'out_by'),
  })
  .map(({ kind, ticket, day, hour, amounts: [p, c, s, f], entry }): Transaction => {
    const time = `2024-05-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:30:00`;
    const zero = '0.00';
    if (kind === 'deposit')
      return {
        kind,
        ticket,
        time,
        symbol: null,
        profit: cents(Math.abs(p) + 1),
        commission: zero,
        swap: zero,
        fee: zero,
        comment: null,
        entry: null,
      };
    if (kind === 'withdrawal')
      return {
        kind,
        ticket,
        time,
        symbol: null,
        profit: cents(-Math.abs(p) - 1),
        commission: zero,
        swap: zero,
        fee: zero,
        comment: null,
        entry: null,
      };
    if (kind === 'trade')
      return {
        kind,
        ticket,
        time,
        symbol: 'EURUSD',
        profit: cents(p),
        commission: cents(c),
        swap: cents(s),
        fee: cents(f),
        comment: null,
        entry,
      };
    return { kind, ticket, time, symbol: null, profit: cents(p), commission: zero, swap: zero, fee: zero, comment: null, entry: null };
  });

describe('foldDays', () => {
  it('does not depend on the order of the transactions', () => {
    fc.assert(
      fc.property(
        fc
          .array(transaction, { maxLength: 40 })
          .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        ([list, shuffled]) => {
          expect(foldDays(shuffled, { dayOf: serverDay })).toEqual(foldDays(list, { dayOf: serverDay }));
        },
      ),
    );
  });

  it('ends at the balance its own days add up to: Σ closedPnl + Σ deposits − Σ withdrawals = final balance', () => {
    fc.assert(
      fc.property(fc.array(transaction, { minLength: 1, maxLength: 40 }), (list) => {
        const { days } = foldDays(list, { dayOf: serverDay });
        const total = days.reduce((acc, d) => acc.plus(d.closedPnl).plus(d.deposits).minus(d.withdrawals), new Decimal(0));
        expect(new Decimal(days.at(-1)?.balance ?? 0).equals(total)).toBe(true);
        // …and that is every non-credit transaction's net amount.
        const direct = list
          .filter((t) => t.kind !== 'credit')
          .reduce((acc, t) => acc.plus(t.profit).plus(t.commission).plus(t.swap).plus(t.fee), new Decimal(0));
        expect(total.equals(direct)).toBe(true);
        expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
      }),
    );
  });

  it('holds for the fixture statements shuffled', () => {
    for (const name of ['ReportHistory-51234567.html', 'Statement-2089123.htm']) {
      const { transactions } = readStatement(fixture(name));
      const expected = foldDays(transactions, { dayOf: serverDay });
      fc.assert(
        fc.property(fc.shuffledSubarray(transactions, { minLength: transactions.length }), (shuffled) => {
          expect(foldDays(shuffled, { dayOf: serverDay })).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('skips a transaction the caller cannot place on a day, saying why', () => {
    const [t] = readStatement(fixture('Statement-2089123.htm')).transactions;
    const { days, skipped } = foldDays([t as Transaction], { dayOf: () => 'unknown' });
    expect(days).toEqual([]);
    expect(skipped).toEqual([{ ticket: '40001000', reason: expect.stringContaining('not a YYYY-MM-DD day') as string }]);
  });

  it('starts from an opening balance when given one', () => {
    const { transactions } = readStatement(fixture('Statement-2089123.htm'));
    expect(foldDays(transactions, { dayOf: serverDay, openingBalance: '100.50' }).days.at(-1)?.balance).toBe('4118.23');
  });
});
