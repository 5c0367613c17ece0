import { decimalToNumber, Prisma } from '@propfolio/db';

export type Decimal = Prisma.Decimal;

/** A JSON number from the wire to an exact Decimal (via its shortest decimal text, so 0.1 stays 0.1). */
export const toDecimal = (value: number): Decimal => new Prisma.Decimal(String(value));

/** Exact decimal text (PostgreSQL's numeric as text, a statement's figure) to a Decimal. */
export const decimalFromText = (text: string): Decimal => new Prisma.Decimal(text);

/** Rounding half away from zero, for `toDecimalPlaces` (how every rounded amount here rounds). */
export const ROUND_HALF_UP = Prisma.Decimal.ROUND_HALF_UP;

/** PostgreSQL's text of a numeric (a driver read) to the JSON number an answer carries, as toMoney would. */
export const moneyFromText = (text: string): number => decimalToNumber(new Prisma.Decimal(text));

/** A Decimal to a JSON number, only at the edge of an answer. */
export const toMoney = (value: Decimal): number => decimalToNumber(value);

const ZERO = new Prisma.Decimal(0);

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
