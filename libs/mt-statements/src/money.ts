import Decimal from 'decimal.js';
import { StatementError } from './errors.js';

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * A money cell as MT writes it: '10 000.00' (space, or &nbsp;, between thousands), '-2 000.00', or empty
 * for zero. Anything else is refused, never guessed at.
 */
export function parseMoney(raw: string, where: string): Decimal {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return new Decimal(0);
  if (!NUMBER.test(compact)) {
    throw new StatementError('malformed', `${where}: "${raw}" is not an amount.`);
  }
  return new Decimal(compact);
}

/** Whether a cell holds an amount (or is blank), without throwing. */
export const isMoney = (raw: string): boolean => NUMBER.test(raw.replace(/[\s\u00a0\u202f]/g, ''));

/** Exact decimal string with at least two decimals ('-12.50', '1500.00'); never '-0.00'. */
export function formatMoney(value: Decimal): string {
  const places = Math.max(2, value.decimalPlaces());
  return value.isZero() ? new Decimal(0).toFixed(places) : value.toFixed(places);
}

export const sumMoney = (values: readonly Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), new Decimal(0));

export { Decimal };
