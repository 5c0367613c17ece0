import Decimal from 'decimal.js';
import { StatementError } from './errors.js';

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * Decimals an amount may have. The terminals print money with the account currency's digits: 2 for every
 * currency a prop firm funds in (0 for some JPY accounts). A third decimal is not money MT wrote (a misaligned
 * price column, an edited file), and rounding it would import a figure the statement does not show.
 */
export const MONEY_DECIMALS = 2;

/**
 * Integer digits an amount may have: below 10 billion. The database keeps money as numeric(19,4), 15 integer
 * digits; MAX_STATEMENT_DEALS amounts of at most 10 digits sum to under 10^15, so no day's P&L or balance
 * built from a statement can overflow the column.
 */
export const MAX_AMOUNT_INTEGER_DIGITS = 10;

const compactOf = (raw: string): string => raw.replace(/[\s\u00a0\u202f]/g, '');

/** The digits before and after the point of a compact number the NUMBER pattern accepted. */
function digitsOf(compact: string): { integer: number; decimals: number } {
  const [whole = '', fraction = ''] = compact.replace(/^[-+]/, '').split('.');
  return { integer: whole.replace(/^0+/, '').length, decimals: fraction.length };
}

/**
 * A money cell as MT writes it: '10 000.00' (space, or &nbsp;, between thousands), '-2 000.00', or empty
 * for zero. Anything else, including more than {@link MONEY_DECIMALS} decimals or
 * {@link MAX_AMOUNT_INTEGER_DIGITS} integer digits, is refused, never guessed at or rounded.
 */
export function parseMoney(raw: string, where: string): Decimal {
  const compact = compactOf(raw);
  if (compact === '') return new Decimal(0);
  if (!NUMBER.test(compact)) {
    throw new StatementError('malformed', `${where}: "${raw}" is not an amount.`);
  }
  const { integer, decimals } = digitsOf(compact);
  if (decimals > MONEY_DECIMALS) {
    throw new StatementError(
      'malformed',
      `${where}: "${raw}" has more than ${MONEY_DECIMALS} decimals, which MetaTrader does not write for money.`,
    );
  }
  if (integer > MAX_AMOUNT_INTEGER_DIGITS) {
    throw new StatementError(
      'malformed',
      `${where}: "${raw}" is beyond the largest amount imported (${MAX_AMOUNT_INTEGER_DIGITS} integer digits).`,
    );
  }
  return new Decimal(compact);
}

/** Decimals a price (or S/L, T/P) may have: the database keeps prices as numeric(24,8). */
export const PRICE_DECIMALS = 8;
/** Decimals a volume in lots may have: the database keeps lots as numeric(19,4); MT's smallest step is 0.001. */
export const VOLUME_DECIMALS = 4;

/**
 * A price or volume cell ('2 115.40', '0.50', '38 950.5'): a non-negative number of at most
 * {@link PRICE_DECIMALS} / {@link VOLUME_DECIMALS} decimals and {@link MAX_AMOUNT_INTEGER_DIGITS} integer digits.
 * Null for an empty cell; `text` is the number as written without separators ('2115.40', trailing zero kept).
 */
export function parseQuantity(raw: string, where: string, kind: 'price' | 'volume'): { value: Decimal; text: string } | null {
  const compact = compactOf(raw);
  if (compact === '') return null;
  const places = kind === 'price' ? PRICE_DECIMALS : VOLUME_DECIMALS;
  if (!/^\d+(\.\d+)?$/.test(compact) || digitsOf(compact).integer > MAX_AMOUNT_INTEGER_DIGITS || digitsOf(compact).decimals > places) {
    throw new StatementError('malformed', `${where}: "${raw}" is not a ${kind} (at most ${places} decimals).`);
  }
  return { value: new Decimal(compact), text: compact };
}

/** Whether a cell holds an amount (or is blank), without throwing. */
export const isMoney = (raw: string): boolean => NUMBER.test(compactOf(raw));

/** Exact decimal string with at least two decimals ('-12.50', '1500.00'); never '-0.00'. */
export function formatMoney(value: Decimal): string {
  const places = Math.max(2, value.decimalPlaces());
  return value.isZero() ? new Decimal(0).toFixed(places) : value.toFixed(places);
}

export const sumMoney = (values: readonly Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), new Decimal(0));

export { Decimal };
