/**
 * Money as a person reads it, one formatter for the dashboard and the alerts' messages (`$2,133.45`, `¥142,970`,
 * `€1,250.00`): the currency's symbol and grouping in the reader's language, the currency's own minor units (JPY
 * none). An exact amount keeps up to 4 decimals; `rounded` rounds to the minor units (gauges, computed figures).
 * A decimal string is formatted as written, without passing through a float.
 */
export type MoneyLanguage = 'ja' | 'en';

const formats = new Map<string, Intl.NumberFormat>();

/** Decimals of a currency's minor unit (USD 2, JPY 0); 2 for a code Intl does not know. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function format(lang: MoneyLanguage, currency: string, rounded: boolean): Intl.NumberFormat {
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const id = `${locale}:${currency}:${rounded ? 'r' : 'x'}`;
  let fmt = formats.get(id);
  if (!fmt) {
    const minor = minorDigits(currency);
    const maximumFractionDigits = rounded || minor === 0 ? minor : 4;
    try {
      fmt = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits });
    } catch {
      fmt = new Intl.NumberFormat(locale, { maximumFractionDigits });
    }
    formats.set(id, fmt);
  }
  return fmt;
}

export function moneyText(amount: number | string, currency: string, lang: MoneyLanguage, options: { rounded?: boolean } = {}): string {
  // Intl formats a numeric string exactly (ES2023); typed as number here since lib.es2023 lacks the overload.
  return format(lang, currency, options.rounded ?? false).format(amount as number);
}
