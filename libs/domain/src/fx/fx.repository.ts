/**
 * The exchange rates' data access: one method per intent, every row with named fields. The file format and the
 * rules of which rate applies stay in rates-csv.ts and rate-book.ts.
 */
import type { Database } from '@propfolio/db';
import { dateToIso, isoToDate } from '../shared/dates.js';
import type { Decimal } from '../shared/money.js';

/** One rate to store: 1 `base` = `rate` `quote` on `date` (YYYY-MM-DD), the rate as exact decimal text. */
export interface RateToStore {
  date: string;
  base: string;
  quote: string;
  rate: string;
}

/** One imported rate into a quote currency: 1 `base` = `rate` quote on `date` (YYYY-MM-DD). */
export interface ImportedRate {
  date: string;
  base: string;
  rate: Decimal;
}

export class FxRepository {
  constructor(private readonly db: Database) {}

  /** Stores the user's rates in one transaction; a rate already stored for that day and pair is replaced. */
  async upsertRates(userId: string, rates: readonly RateToStore[], now = new Date()): Promise<void> {
    await this.db.prisma.$transaction(async (tx) => {
      for (const rate of rates) {
        const key = { userId, base: rate.base, quote: rate.quote, date: isoToDate(rate.date) };
        await tx.fxRate.upsert({
          where: { userId_base_quote_date: key },
          create: { ...key, rate: rate.rate },
          update: { rate: rate.rate, importedAt: now },
        });
      }
    });
  }

  /** The user's imported rates into `quote`, within `from`..`to` (YYYY-MM-DD, each optional). */
  async ratesInto(userId: string, quote: string, from?: string, to?: string): Promise<ImportedRate[]> {
    const rows = await this.db.prisma.fxRate.findMany({
      where: {
        userId,
        quote,
        ...(from || to ? { date: { ...(from ? { gte: isoToDate(from) } : {}), ...(to ? { lte: isoToDate(to) } : {}) } } : {}),
      },
      select: { date: true, base: true, rate: true },
    });
    return rows.map((row) => ({ date: dateToIso(row.date), base: row.base, rate: row.rate }));
  }
}
