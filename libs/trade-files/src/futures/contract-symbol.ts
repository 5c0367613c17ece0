/**
 * A futures contract symbol read into its root and expiry month. The platforms write the same contract three ways:
 * exchange month codes (`MNQH6` in Tradovate and TopstepX, `MNQH26`), a month name (`MNQ MAR26`, NinjaTrader's
 * instrument list) and a numeric month (`MNQ 03-26`, NinjaTrader's own instrument names).
 */

export interface ContractSymbol {
  /** The product code without the expiry: `MNQ`, `M2K`, `6E`. */
  root: string;
  /** The contract month, 'YYYY-MM'. */
  expiry: string;
}

export interface ParseContractOptions {
  /**
   * The year the symbol was traded in (the trade's own date). A one-digit year (`H6`) is the first year ending in that
   * digit from the year before this one on: contracts are listed at most a few years ahead, and the year before allows
   * a trade dated in the days around a December expiry. Without it a one-digit year is read in the 2020s.
   */
  tradedInYear?: number;
}

/** CME Group's month codes, January to December. */
const MONTH_CODES = 'FGHJKMNQUVXZ';
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Roots are product codes of up to 4 characters with at least one letter (`ES`, `M2K`, `6E`). */
const ROOT = '([A-Z0-9]{1,4}?)';
const CODED = new RegExp(`^${ROOT}([${MONTH_CODES}])(\\d{1,2})$`);
const NAMED = new RegExp(`^([A-Z0-9]{1,4})[ -](${MONTH_NAMES.join('|')})[ -]?(\\d{2})$`);
const NUMERIC = /^([A-Z0-9]{1,4}) (\d{2})-(\d{2})$/;

/** `MNQH6`, `MNQH26`, `MNQ MAR26` and `MNQ 03-26` → { root: 'MNQ', expiry: '2026-03' }; anything else → null. */
export function parseContract(symbol: string, options: ParseContractOptions = {}): ContractSymbol | null {
  const s = symbol.trim().toUpperCase();
  const coded = CODED.exec(s);
  const named = coded === null ? NAMED.exec(s) : null;
  const numeric = coded === null && named === null ? NUMERIC.exec(s) : null;
  let root: string;
  let month: number;
  let yearDigits: string;
  if (coded !== null) {
    const [, r = '', code = '', digits = ''] = coded;
    [root, month, yearDigits] = [r, MONTH_CODES.indexOf(code) + 1, digits];
  } else if (named !== null) {
    const [, r = '', name = '', digits = ''] = named;
    [root, month, yearDigits] = [r, MONTH_NAMES.indexOf(name) + 1, digits];
  } else if (numeric !== null) {
    const [, r = '', mm = '', digits = ''] = numeric;
    [root, month, yearDigits] = [r, Number(mm), digits];
  } else {
    return null;
  }
  if (!/[A-Z]/.test(root) || month < 1 || month > 12) return null;
  const year = yearDigits.length === 2 ? 2000 + Number(yearDigits) : oneDigitYear(Number(yearDigits), options.tradedInYear);
  return { root, expiry: `${year}-${String(month).padStart(2, '0')}` };
}

function oneDigitYear(digit: number, tradedInYear: number | undefined): number {
  if (tradedInYear === undefined) return 2020 + digit;
  const from = tradedInYear - 1;
  return from + ((digit - (from % 10) + 10) % 10);
}
