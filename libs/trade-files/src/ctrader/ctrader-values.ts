/**
 * The cell and header forms of cTrader's History export (see ctrader-reader.ts for where they come from): the clock
 * offset written in a time column's header, the three date forms the platform writes, quantities with their unit
 * word, and the account currency written after `Net`/`Gross`/`Balance`.
 */

/** `Opening time (UTC+3)` → 180, `(UTC-4)` → -240, `(UTC+5:30)` → 330, `(UTC)` → 0; null when the header names none. */
export function offsetFromHeader(header: string): number | null {
  const m = /\((?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?\)/i.exec(header);
  if (m === null) return null;
  if (m[1] === undefined) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  if (minutes > 14 * 60) return null;
  return m[1] === '-' ? -minutes : minutes;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A cTrader time cell as wall clock 'YYYY-MM-DD HH:MM:SS', or null. cTrader writes `20 Aug 2026 21:56:13.342`,
 * day first with slashes or dots (`02/03/2026 14:47:44.584` is 2 March) or ISO `2026-03-10 09:00:00`; the
 * milliseconds are dropped (the shared FileTime carries seconds).
 */
export function readCtraderTime(raw: string): string | null {
  const s = raw.trim();
  let date: { y: string; mo: string; d: string; rest: string } | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})[ T](.*)$/.exec(s)) !== null) {
    const [, d = '', month = '', y = '', rest = ''] = m;
    date = { y, mo: String(MONTHS.indexOf(month.toLowerCase()) + 1), d, rest };
  } else if ((m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})[ T](.*)$/.exec(s)) !== null) {
    const [, d = '', mo = '', y = '', rest = ''] = m;
    date = { y, mo, d, rest };
  } else if ((m = /^(\d{4})-(\d{2})-(\d{2})[ T](.*)$/.exec(s)) !== null) {
    const [, y = '', mo = '', d = '', rest = ''] = m;
    date = { y, mo, d, rest };
  }
  if (date === null) return null;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?$/.exec(date.rest.trim());
  if (t === null) return null;
  const [, h = '', mi = '', sec = '0'] = t;
  return wallClock(Number(date.y), Number(date.mo), Number(date.d), Number(h), Number(mi), Number(sec));
}

/** 'YYYY-MM-DD HH:MM:SS' when every field is in range (the day within its month), else null. */
export function wallClock(y: number, mo: number, d: number, h: number, mi: number, sec: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) return null;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > daysInMonth) return null;
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(y, 4)}-${p(mo)}-${p(d)} ${p(h)}:${p(mi)}:${p(sec)}`;
}

/** The unit a quantity cell or its column names: `0.5 Lots`, `10 000 Units`; a bare number takes the column's unit. */
export function quantityUnit(cell: string, columnUnit: 'lots' | 'units'): 'lots' | 'units' | 'contracts' | null {
  const word = /[A-Za-z]+\.?$/.exec(cell.trim())?.[0].toLowerCase().replace(/\.$/, '');
  if (word === undefined) return columnUnit;
  if (word === 'lot' || word === 'lots') return 'lots';
  if (word === 'unit' || word === 'units') return 'units';
  if (word === 'contract' || word === 'contracts') return 'contracts';
  return null;
}

const CURRENCY_SIGNS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** `Net USD`, `Net (USD)`, `Gross EUR`, `Net €` → the ISO code; null when the header names no currency. */
export function currencyFromHeader(header: string): string | null {
  const m = /^(?:net|gross|balance)\b\s*\(?\s*([A-Za-z]{3}|[$€£¥])\s*\)?$/i.exec(header.trim());
  const code = m?.[1];
  if (code === undefined) return null;
  return CURRENCY_SIGNS[code] ?? code.toUpperCase();
}
