import { symbolCurrencies } from '@propfolio/coach';

/** Decimals written in a price as the server sent it (1.0862 → 4; 1.089 → 3, its trailing zeros lost on the way). */
const decimalsOf = (price: number) => (Number.isFinite(price) ? (/\.(\d+)$/.exec(String(price))?.[1]?.length ?? 0) : 0);

/** A currency pair's quote digits as MetaTrader brokers give them: 3 for a yen or forint quote, else 5. */
function pairDigits(symbol: string): number | null {
  const currencies = symbolCurrencies(symbol);
  const bare = symbol.toUpperCase().replace(/[^A-Z]/g, '');
  // only a pair of two currencies (EURUSD): a metal, an index or a coin has one currency and its own digits
  if (currencies.length !== 2 || !/^[A-Z]{6}/.test(bare)) return null;
  return ['JPY', 'HUF'].includes(bare.slice(3, 6)) ? 3 : 5;
}

/**
 * The digits to show each symbol's prices with: the most any of its prices carries (a JSON number drops trailing
 * zeros, so 1.08900 arrives as 1.089 while 1.08620 keeps 4 or 5 of them), and for a currency pair at least its
 * quote digits. "1.089 → 1.0862" reads "1.08900 → 1.08620", as the terminal shows it.
 */
export function priceDigitsBySymbol(trades: { symbol: string; prices: (number | null)[] }[]): Map<string, number> {
  const digits = new Map<string, number>();
  for (const { symbol, prices } of trades) {
    const seen = Math.max(0, ...prices.map((p) => (p === null ? 0 : decimalsOf(p))));
    digits.set(symbol, Math.min(8, Math.max(digits.get(symbol) ?? pairDigits(symbol) ?? 0, seen)));
  }
  return digits;
}

/** A price in the UI language with exactly `digits` decimals. */
export const priceText = (price: number, digits: number, lang: 'ja' | 'en') =>
  new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(price);
