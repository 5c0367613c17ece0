import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Decimal } from '../shared/money.js';
import { tradedDays } from './traded-days.js';

interface Day {
  date: string;
  closedPnl: string;
  balance: string;
  equity: string;
}

const day = (date: string, closedPnl: string, balance: string, equity = balance): Day => ({ date, closedPnl, balance, equity });

describe('tradedDays', () => {
  it('leaves out the deposit day and a weekend report, keeps the days with closed P&L', () => {
    const days = [
      day('2026-11-02', '0', '100000'), // the deposit that opened the account
      day('2026-11-03', '350.25', '100350.25'),
      day('2026-11-04', '-120', '100230.25'),
      day('2026-11-07', '0', '100230.25'), // Saturday's report
      day('2026-11-09', '80', '100310.25'),
    ];
    expect(tradedDays(days).map((d) => d.date)).toEqual(['2026-11-03', '2026-11-04', '2026-11-09']);
  });

  it('keeps a day a position was held through (floating P&L moved), not the weekend it sat still', () => {
    const days = [
      day('2026-11-05', '0', '100000', '100420'), // opened, still open at the report
      day('2026-11-06', '0', '100000', '99800'), // held through Friday
      day('2026-11-07', '0', '100000', '99800'), // Saturday: market closed, nothing moved
      day('2026-11-09', '250', '100250', '100250'), // closed on Monday
    ];
    expect(tradedDays(days).map((d) => d.date)).toEqual(['2026-11-05', '2026-11-06', '2026-11-09']);
  });

  it('counts 20 traded days in a statement of 20 trading days and its deposit day', () => {
    const days = [day('2026-10-01', '0', '100000')];
    let balance = new Decimal(100000);
    for (let i = 1; i <= 20; i++) {
      const pnl = new Decimal(i % 3 === 0 ? -150 : 210);
      balance = balance.plus(pnl);
      days.push(day(`2026-10-${String(i + 1).padStart(2, '0')}`, pnl.toString(), balance.toString()));
    }
    expect(tradedDays(days)).toHaveLength(20);
  });

  const cents = fc.integer({ min: -500_000, max: 500_000 }).map((c) => new Decimal(c).div(100));
  const tradedDay = fc.record({ pnl: cents.filter((d) => !d.isZero()), floating: cents });
  const idleDay = fc.record({ deposit: fc.integer({ min: 0, max: 1_000_000 }) });
  /** A history of traded days with idle days (deposits, closed markets: nothing closes, floating unchanged) anywhere. */
  const history = fc.array(fc.oneof(tradedDay, idleDay), { maxLength: 60 }).map((steps) => {
    let balance = new Decimal(100000);
    let floating = new Decimal(0);
    return steps.map((step, i) => {
      if ('pnl' in step) {
        balance = balance.plus(step.pnl);
        floating = step.floating;
      } else balance = balance.plus(step.deposit);
      const closedPnl = 'pnl' in step ? step.pnl : new Decimal(0);
      return {
        traded: 'pnl' in step,
        ...day(String(i), closedPnl.toString(), balance.toString(), balance.plus(floating).toString()),
      };
    });
  });

  it('keeps exactly the traded days, in order, wherever idle days fall (property)', () => {
    fc.assert(
      fc.property(history, (days) => {
        expect(tradedDays(days).map((d) => d.date)).toEqual(days.filter((d) => d.traded).map((d) => d.date));
      }),
    );
  });

  it('answers a subsequence of its input that keeps every day with closed P&L (property)', () => {
    const figures = fc.array(fc.record({ closedPnl: cents, balance: cents, equity: cents }), { maxLength: 40 });
    fc.assert(
      fc.property(figures, (days) => {
        const kept = tradedDays(days);
        let at = 0;
        for (const d of kept) {
          at = days.indexOf(d, at) + 1;
          expect(at).toBeGreaterThan(0);
        }
        for (const d of days) if (!d.closedPnl.isZero()) expect(kept).toContain(d);
      }),
    );
  });
});
