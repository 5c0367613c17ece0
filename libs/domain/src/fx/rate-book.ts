import { toDecimal, type Decimal } from '../shared/money.js';
import type { FxRepository } from './fx.repository.js';

const ONE = toDecimal(1);

export type RateSource = 'same_currency' | 'typed' | 'imported';

export interface AppliedRate {
  rate: Decimal;
  source: RateSource;
}

/** A money record as the converter sees it: its own currency and date, and a rate typed on it, if any. */
export interface Convertible {
  currency: string;
  date: string;
  fxRate: Decimal | null;
  fxCurrency: string | null;
}

/**
 * The rates into one base currency: a rate typed on the record wins, then the user's imported rate for
 * that exact date and pair (1 currency = rate base). Nothing else: no nearest day, no inverse, no cross
 * rate, so a missing rate is reported instead of guessed.
 */
export class RateBook {
  private constructor(
    readonly base: string,
    private readonly imported: Map<string, Decimal>,
  ) {}

  /** The user's imported rates into `base` within `from`..`to` (YYYY-MM-DD, each optional). */
  static async load(rates: FxRepository, userId: string, base: string, from?: string, to?: string): Promise<RateBook> {
    const rows = await rates.ratesInto(userId, base, from, to);
    return new RateBook(base, new Map(rows.map((row) => [`${row.date} ${row.base}`, row.rate])));
  }

  rateFor(record: Convertible): AppliedRate | null {
    if (record.currency === this.base) return { rate: ONE, source: 'same_currency' };
    if (record.fxRate !== null && record.fxCurrency === this.base) return { rate: record.fxRate, source: 'typed' };
    const imported = this.imported.get(`${record.date} ${record.currency}`);
    return imported ? { rate: imported, source: 'imported' } : null;
  }
}
