import type { PropFirmRules } from '../firm.js';

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** A guard value a safety margin inside a firm limit: 20% of it, at least 0.5 point (5% → 4.0%). */
export function insideLimit(limitPercent: number): number {
  return Math.max(0.1, round1(limitPercent - Math.max(0.5, limitPercent * 0.2)));
}

/** The EA's DailyLossBasis value that measures the day the way the firm does. */
export function dailyBasisFor(basis: PropFirmRules['dailyLossBasis']): number | null {
  switch (basis) {
    case 'initial_balance':
      return 2;
    case 'day_start_balance':
      return 0;
    case 'max_balance_equity':
      return 3;
    default:
      return null;
  }
}

/** The EA's MaxDrawdownBasis value that follows the firm's total-loss type. */
export function drawdownBasisFor(type: PropFirmRules['maxLossType']): number | null {
  switch (type) {
    case 'static':
      return 0;
    case 'trailing_eod':
    case 'trailing_closed_balance':
      return 1;
    case 'trailing_equity':
      return 2;
    default:
      return null;
  }
}
