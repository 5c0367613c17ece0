import { ROUND_HALF_UP, toMoney, type Decimal } from '../shared/money.js';
import type { RateBook, RateSource } from '../fx/rate-book.js';
import type { MoneyEntry } from './money-entries.js';

/** An entry after conversion: `amount` in the base currency, with the original beside it. */
interface ConvertedEntry extends MoneyEntry {
  original: { amount: Decimal; currency: string };
  rate: Decimal;
  rateSource: RateSource;
}

interface RateUsed {
  date: string;
  currency: string;
  rate: number;
  source: RateSource;
}

interface MissingRate {
  date: string;
  currency: string;
  amount: number;
  kind: string;
  challengeId: string;
}

export interface Conversion {
  converted: ConvertedEntry[];
  missing: MissingRate[];
  rates: RateUsed[];
}

/** Each converted amount is rounded once, to 4 decimals (half up); totals add the rounded lines. */
export const convertAmount = (amount: Decimal, rate: Decimal): Decimal => amount.times(rate).toDecimalPlaces(4, ROUND_HALF_UP);

/** Converts every entry it has a rate for; the others are listed as missing and left out of every total. */
export function convertEntries(entries: MoneyEntry[], book: RateBook): Conversion {
  const converted: ConvertedEntry[] = [];
  const missing: MissingRate[] = [];
  const rates = new Map<string, RateUsed>();
  for (const entry of entries) {
    const applied = book.rateFor(entry);
    if (!applied) {
      missing.push({
        date: entry.date,
        currency: entry.currency,
        amount: toMoney(entry.amount),
        kind: entry.kind,
        challengeId: entry.challengeId,
      });
      continue;
    }
    converted.push({
      ...entry,
      original: { amount: entry.amount, currency: entry.currency },
      amount: convertAmount(entry.amount, applied.rate),
      currency: book.base,
      rate: applied.rate,
      rateSource: applied.source,
    });
    if (applied.source !== 'same_currency') {
      const key = `${entry.date} ${entry.currency} ${applied.source} ${applied.rate.toFixed()}`;
      rates.set(key, { date: entry.date, currency: entry.currency, rate: toMoney(applied.rate), source: applied.source });
    }
  }
  return { converted, missing, rates: [...rates.values()] };
}
