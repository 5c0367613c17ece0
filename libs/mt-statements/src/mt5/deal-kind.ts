import type { Decimal } from '../money.js';
import type { Transaction, TransactionKind } from '../types.js';

/**
 * What an MT5 deal is, from its Type column (ENUM_DEAL_TYPE as the terminal prints it: buy, sell, balance,
 * credit, charge, correction, bonus, commission, daily/monthly (agent) commission, interest, dividend, tax…).
 * A `balance` deal is a deposit or a withdrawal by its sign: MT5 has no separate withdrawal type.
 */
export function dealKind(type: string, net: Decimal): TransactionKind {
  const t = type.toLowerCase();
  if (t === 'buy' || t === 'sell') return 'trade';
  if (t === 'balance') return net.isPositive() && !net.isZero() ? 'deposit' : net.isNegative() ? 'withdrawal' : 'other-balance';
  if (t === 'credit') return 'credit';
  if (t.includes('commission')) return 'commission';
  if (t === 'charge' || t === 'tax' || t.includes('fee')) return 'fee';
  if (t === 'correction') return 'correction';
  // bonus, interest, dividend, canceled deals: they move the balance but are neither trading nor cash in/out.
  return 'other-balance';
}

/** MT5's Direction column for a trade deal. */
export function dealEntry(direction: string): Transaction['entry'] {
  switch (direction.toLowerCase().replace(/\s+/g, ' ')) {
    case 'in':
      return 'in';
    case 'out':
      return 'out';
    case 'inout':
    case 'in/out':
      return 'inout';
    case 'out by':
      return 'out_by';
    default:
      return null;
  }
}
