import type { Funnel } from './ledger-types.js';

type FunnelStepKey = 'attempts' | 'reached' | 'passed' | 'funded' | 'firstPayout' | 'breached';
/** What a step's rate is a share of, as the operation defines it. */
type RateBase = 'reached' | 'attempts' | 'funded' | null;

export interface FunnelStep {
  key: FunnelStepKey;
  /** Phase number for reached/passed steps. */
  phase?: number;
  count: number;
  rate: number | null;
  rateOf: RateBase;
}

/** The funnel answer as the ordered steps the chart and the table show (breach last, outside the path). */
export function funnelSteps(funnel: Funnel): FunnelStep[] {
  return [
    { key: 'attempts', count: funnel.attempts, rate: null, rateOf: null },
    ...funnel.phases.flatMap((p): FunnelStep[] => [
      { key: 'reached', phase: p.step, count: p.reached, rate: null, rateOf: null },
      { key: 'passed', phase: p.step, count: p.passed, rate: p.passRate, rateOf: 'reached' },
    ]),
    { key: 'funded', count: funnel.funded.count, rate: funnel.funded.rate, rateOf: 'attempts' },
    { key: 'firstPayout', count: funnel.firstPayout.count, rate: funnel.firstPayout.rate, rateOf: 'funded' },
    { key: 'breached', count: funnel.breached.count, rate: funnel.breached.rate, rateOf: 'attempts' },
  ];
}
