/**
 * Which calendar currencies move a symbol, for news windows: a currency pair's two currencies (EURUSD → EUR, USD),
 * a metal or crypto quoted in a currency → that currency (XAUUSD → USD), an index or a future → its country's
 * currency (US30, NAS100, ES → USD; GER40 → EUR; JP225 → JPY). Broker decorations are ignored: a suffix or prefix
 * (EURUSD.r, EURUSDm, EURUSD-pro, #US30, mUS30) and case. An unknown symbol moves with none (an empty list).
 */

/** The currencies an economic calendar files releases under (ForexFactory's country column). */
export const CALENDAR_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'CNY'] as const;

/** Currencies a pair may be quoted in beyond the calendar's (exotics' quote currencies still name the major side). */
const ISO_CURRENCIES = new Set<string>([
  ...CALENDAR_CURRENCIES,
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'HUF',
  'CZK',
  'TRY',
  'ZAR',
  'MXN',
  'SGD',
  'HKD',
  'CNH',
  'ILS',
  'THB',
  'RUB',
  'INR',
  'BRL',
  'KRW',
]);

/** Metals, energies and coins quoted against a currency: only the quote currency has releases. */
const QUOTED_ASSETS = ['XAU', 'XAG', 'XPT', 'XPD', 'BTC', 'ETH', 'LTC', 'XRP', 'SOL', 'BCH', 'ADA', 'DOG', 'DOT'];

/**
 * Indices, energies and futures by the name brokers and futures exchanges give them (after decorations are stripped),
 * each with the currency of the country whose releases move it.
 */
const NAMED: Readonly<Record<string, readonly string[]>> = (() => {
  const table: Record<string, readonly string[]> = {};
  const add = (currency: readonly string[], names: string) => {
    for (const name of names.split(' ')) table[name] = currency;
  };
  add(['USD'], 'US30 US100 US500 US2000 DJ30 DJI DOW NAS100 NAS NDX USTEC USTECH SPX SPX500 SP500 US500CASH US30CASH US100CASH');
  add(['USD'], 'USOIL WTI XTIUSD CL MCL UKOIL BRENT XBRUSD NGAS NATGAS XNGUSD USDX DXY');
  add(['USD'], 'ES MES NQ MNQ YM MYM RTY M2K GC MGC SI SIL HG PL ZB ZN ZF ZT UB');
  add(
    ['EUR'],
    'GER30 GER40 DE30 DE40 DAX DAX40 GER40CASH FRA40 FR40 CAC40 EU50 EUSTX50 ESTX50 STOXX50 SPA35 ES35 IT40 NETH25 AEX FDAX FESX',
  );
  add(['GBP'], 'UK100 FTSE FTSE100 UK100CASH');
  add(['JPY'], 'JP225 JPN225 NIK225 NIKKEI JP225CASH NKD');
  add(['AUD'], 'AUS200 AU200 ASX200');
  add(['CHF'], 'SWI20 CH20 SMI');
  add(['CAD'], 'CAN60');
  add(['CNY'], 'CHINA50 CN50 CHINAH HK50 HSI HK33');
  // Currency futures: the currency against the dollar.
  add(['EUR', 'USD'], '6E M6E');
  add(['GBP', 'USD'], '6B M6B');
  add(['JPY', 'USD'], '6J');
  add(['AUD', 'USD'], '6A M6A');
  add(['CAD', 'USD'], '6C');
  add(['CHF', 'USD'], '6S');
  add(['NZD', 'USD'], '6N');
  return table;
})();

/** A futures contract month and year after the root (ESZ6, NQH27, 6EM26): the root alone names the market. */
const FUTURES_MONTH = /^([A-Z0-9]{1,4}?)[FGHJKMNQUVXZ]\d{1,2}$/;

/** The symbol without a broker's decorations: upper case, letters and digits only, known prefixes and suffixes off. */
export function bareSymbol(symbol: string): string {
  const upper = symbol.normalize('NFKC').toUpperCase();
  // A separator starts a suffix (EURUSD.r, EURUSD-pro, EURUSD_i); # or . at the start is a prefix (#US30, .US30).
  const core = upper.replace(/^[#.]+/, '').split(/[.\-_+!/ ]/)[0] ?? '';
  return core.replace(/[^A-Z0-9]/g, '');
}

/** The currencies whose releases move this symbol, in the symbol's order, without repeats. */
export function symbolCurrencies(symbol: string): readonly string[] {
  const core = bareSymbol(symbol);
  if (core === '') return [];
  const named = NAMED[core] ?? lookupFuture(core);
  if (named) return named;
  const pair = pairCurrencies(core);
  if (pair) return pair;
  // A mini or micro prefix (mUS30) or a trailing letter or cash mark (US30m, GER40c): try without it.
  for (const trimmed of [core.replace(/^M/, ''), core.replace(/[A-Z]$/, ''), core.replace(/CASH$/, '')]) {
    if (trimmed === core || trimmed === '') continue;
    const again = NAMED[trimmed] ?? pairCurrencies(trimmed);
    if (again) return again;
  }
  return [];
}

function lookupFuture(core: string): readonly string[] | undefined {
  const m = FUTURES_MONTH.exec(core);
  return m?.[1] ? NAMED[m[1]] : undefined;
}

/** Six letters (plus a broker's trailing letters) read as base and quote: EURUSD, EURUSDm, XAUUSD, BTCUSD. */
function pairCurrencies(core: string): readonly string[] | null {
  if (!/^[A-Z]{6}/.test(core)) return null;
  const base = core.slice(0, 3);
  const quote = core.slice(3, 6);
  if (!ISO_CURRENCIES.has(quote)) return null;
  // The offshore yuan's releases are China's, filed under CNY.
  const calendar = (c: string) => (c === 'CNH' ? 'CNY' : c);
  if (QUOTED_ASSETS.includes(base)) return [calendar(quote)];
  if (!ISO_CURRENCIES.has(base)) return null;
  return base === quote ? [calendar(base)] : [calendar(base), calendar(quote)];
}
