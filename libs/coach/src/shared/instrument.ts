/**
 * One instrument's name whatever a broker appends to it. Firms' brokers decorate symbols by account type:
 * `EURUSD.r`, `EURUSD.raw`, `EURUSD-ECN`, `EURUSD_i`, `EURUSD+`, `EURUSDm`, `#US30`, `US30.cash`, `EUR/USD`.
 * Two accounts of one trader at one firm often sit on different account types, so a hedge across them or a
 * copied signal reads `EURUSD.r` on one and `EURUSD` on the other; both are the same market.
 *
 * The rule, on the trimmed name:
 * - a leading `#` or `.` goes (`#US30` → `US30`);
 * - two three-letter codes around `/` or `-` are one pair (`EUR/USD`, `BTC-USD` → `EURUSD`, `BTCUSD`);
 * - a suffix after `.`, `_`, `+`, `!` or `#`, or after `-` when letters follow, goes (`EURUSD.r`, `US30.cash`,
 *   `EURUSD-ECN` → `EURUSD`, `US30`, `EURUSD`); a `-` before digits stays (`ES-12-26` is a contract month);
 * - lower-case letters right after a six-letter upper-case pair go (`EURUSDm`, `XAUUSDpro` → `EURUSD`, `XAUUSD`);
 * - the rest is upper-cased.
 * Futures' month codes (`ESZ6`, `MNQH7`) are left as they are: two months are two instruments.
 */
export function instrumentKey(symbol: string): string {
  let name = symbol.replace(/^[\s#.]+/, '').trimEnd();
  const pair = /^([A-Za-z]{3})[/-]([A-Za-z]{3})(?=$|[._+!#]|-[A-Za-z])/.exec(name);
  if (pair) name = `${pair[1]}${pair[2]}${name.slice(pair[0].length)}`;
  const suffix = /[._+!#]|-(?=[A-Za-z])/.exec(name);
  if (suffix && suffix.index > 0) name = name.slice(0, suffix.index).trimEnd();
  const decorated = /^([A-Z]{6})[a-z]+$/.exec(name);
  if (decorated?.[1]) name = decorated[1];
  return name.toUpperCase();
}
