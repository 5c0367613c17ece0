import Decimal from 'decimal.js';

/**
 * Exact amounts as decimal.js Decimals, the library @propfolio/coach and the trade-file readers use, not Prisma's
 * re-export of it: arithmetic on money needs no database (docs/architecture.md, "Data access"). Prisma's own copy
 * reads and writes these alike (both copies recognise each other's instances, and a Decimal column takes any
 * decimal.js value), and both copies keep decimal.js's defaults (20 significant digits, half up), so every figure
 * comes out the same.
 */
export { Decimal };

/** A JSON number from the wire to an exact Decimal (via its shortest decimal text, so 0.1 stays 0.1). */
export const toDecimal = (value: number): Decimal => new Decimal(String(value));

/** Exact decimal text (PostgreSQL's numeric as text, a statement's figure) to a Decimal. */
export const decimalFromText = (text: string): Decimal => new Decimal(text);

/** Rounding half away from zero, for `toDecimalPlaces` (how every rounded amount here rounds). */
export const ROUND_HALF_UP = Decimal.ROUND_HALF_UP;

/** A Decimal to a JSON number, only at the edge of an answer (its exact text read as a number, as @propfolio/db's decimalToNumber). */
export const toMoney = (value: Decimal): number => Number(value.toFixed());

/** PostgreSQL's text of a numeric (a driver read) to the JSON number an answer carries, as toMoney would. */
export const moneyFromText = (text: string): number => toMoney(new Decimal(text));

const ZERO = new Decimal(0);

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** Exact running totals per currency; `list()` gives them in currency order for a stable answer. */
export class CurrencyTotals {
  private readonly totals = new Map<string, Decimal>();

  add(currency: string, amount: Decimal): this {
    this.totals.set(currency, (this.totals.get(currency) ?? ZERO).plus(amount));
    return this;
  }

  get(currency: string): Decimal {
    return this.totals.get(currency) ?? ZERO;
  }

  currencies(): string[] {
    return [...this.totals.keys()].sort();
  }

  list(): CurrencyAmount[] {
    return this.currencies().map((currency) => ({ currency, amount: toMoney(this.get(currency)) }));
  }
}
