import { describe, expect, it } from '@jest/globals';
import { billedMonths } from '../summary/billing.js';
import { attemptFacts, funnel, median, ratio } from './funnel.js';
import { billingDates } from './money-entries.js';

describe('analytics rules', () => {
  it('bills a monthly plan on the purchase day of each month (the last day of shorter months), as many times as the summary counts', () => {
    expect(billingDates('2026-01-31', '2026-04-30')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(billingDates('2024-01-31', '2024-02-29')).toEqual(['2024-01-31', '2024-02-29']);
    expect(billingDates('2026-12-15', '2027-01-14')).toEqual(['2026-12-15']);
    expect(billingDates('2026-03-10', '2026-03-09')).toEqual([]);
    for (const [from, to] of [
      ['2026-01-31', '2026-11-23'],
      ['2025-02-28', '2026-03-31'],
      ['2026-05-15', '2026-05-15'],
    ] as const) {
      expect(billingDates(from, to)).toHaveLength(billedMonths(from, to));
    }
  });

  it('counts evaluation phases from the history and funding from the pass date or a funded-looking phase', () => {
    const base = { id: 'x', firm: 'F', purchasedAt: '2026-01-01', paidPayouts: [] };
    expect(
      attemptFacts({
        ...base,
        status: 'in_progress',
        passedAt: null,
        history: [
          { date: '2026-01-01', phase: 'Phase 1' },
          { date: '2026-01-09', phase: 'phase 1 ' },
        ],
      }),
    ).toEqual({ evaluationPhases: 1, funded: false, fundedOn: null, breached: false });
    expect(
      attemptFacts({
        ...base,
        status: 'failed',
        passedAt: null,
        history: [
          { date: '2026-01-01', phase: 'Step 1' },
          { date: '2026-01-20', phase: 'Step 2' },
          { date: '2026-02-03', phase: 'ファンド口座' },
        ],
      }),
    ).toEqual({ evaluationPhases: 2, funded: true, fundedOn: '2026-02-03', breached: true });
  });

  it('rounds rates to 4 decimals, answers null for an empty denominator, and takes the middle of an even median', () => {
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(0, 0)).toBeNull();
    expect(median([10, 2, 7, 3])).toBe(5);
    expect(median([])).toBeNull();
    expect(funnel([])).toMatchObject({ attempts: 0, phases: [], funded: { count: 0, rate: null } });
  });
});
