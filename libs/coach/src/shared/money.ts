/** Exact money: strings in, Decimal inside, JSON numbers only at the edge. */
import Decimal from 'decimal.js';
import { CoachInputError } from './errors.js';

export { Decimal };

export function money(text: string, field: string): Decimal {
  try {
    const d = new Decimal(text);
    if (d.isFinite()) return d;
  } catch {
    // fall through to the error below
  }
  throw new CoachInputError(`${field}: "${text}" is not an amount`, field);
}

/** The exact value as a JSON number (no rounding beyond what a double holds). */
export const num = (d: Decimal): number => Number(d.toString());
export const numOrNull = (d: Decimal | null): number | null => (d === null ? null : num(d));

/** A display percentage: part / whole × 100, rounded to 2 decimals. */
export function percentOf(part: Decimal, whole: Decimal): number | null {
  if (whole.isZero()) return null;
  return num(part.div(whole).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

export const maxOf = (a: Decimal, b: Decimal): Decimal => (a.gte(b) ? a : b);
export const minOf = (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b);
