import Decimal from 'decimal.js';

/**
 * Reads an amount as the platforms write it, into an exact decimal string, or null when it is not one:
 * `-262.50`, `-$262.50`, `$-262.50`, `($75.90)`, `$(30.00)`, `"$1,200.00"`, `1 049.40` (space or no-break space
 * between thousands, as cTrader writes), `1'049.40`, `+12.5`, `0.5 Lots` (a trailing unit word), `12.50 USD`.
 * A decimal comma is read only when the caller says the file uses one (`1.049,40`, `-12,5`).
 */
export function readAmount(raw: string, opts: { decimalComma?: boolean } = {}): string | null {
  let s = raw.trim().replace(/[\u00a0\u202f\u2009]/g, ' ');
  if (s === '') return null;
  // A trailing unit or currency word ("Lots", "USD", "contracts").
  s = s.replace(/\s*[A-Za-z]{1,10}\.?$/, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/^([+-]?)\s*[$€£¥]\s*/, '$1').replace(/^[$€£¥]\s*([+-]?)/, '$1');
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  s = s.trim();
  if (opts.decimalComma) {
    if (!/^\d{1,3}([ .']\d{3})*(,\d+)?$|^\d+(,\d+)?$/.test(s)) return null;
    s = s.replace(/[ .']/g, '').replace(',', '.');
  } else {
    if (!/^\d{1,3}([ ,']\d{3})*(\.\d+)?$|^\d+(\.\d+)?$|^\.\d+$/.test(s)) return null;
    s = s.replace(/[ ,']/g, '');
  }
  const value = new Decimal(s);
  return (negative && !value.isZero() ? value.negated() : value).toFixed();
}
