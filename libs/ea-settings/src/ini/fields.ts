import { EaSettingsError } from '../errors.js';
import { timeframeByName, type Timeframe } from '../mt/timeframes.js';

const fail = (field: string, message: string): never => {
  throw new EaSettingsError('invalid_ini_field', message, field);
};

/** `YYYY.MM.DD` from `YYYY.MM.DD`, `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYYMMDD`; rejects impossible dates. */
export function iniDate(value: unknown, field: string): string {
  const m = typeof value === 'string' ? /^(\d{4})[.\-/]?(\d{2})[.\-/]?(\d{2})$/.exec(value.normalize('NFKC').trim()) : null;
  if (!m) return fail(field, `${field} must be a date YYYY.MM.DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1970) return fail(field, `${field} is not a real date`);
  return `${m[1]}.${m[2]}.${m[3]}`;
}

export function iniInt(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return fail(field, `${field} must be an integer from ${min} to ${max}`);
  return value;
}

export function iniPeriod(value: unknown, field: string, mt4: boolean): Timeframe {
  const tf = typeof value === 'string' ? timeframeByName(value.normalize('NFKC')) : undefined;
  if (!tf) return fail(field, `${field} must be one of the 21 timeframes (M1…MN1; Daily, Weekly, Monthly accepted)`);
  if (mt4 && !tf.inMt4) return fail(field, `${field} ${tf.name} does not exist in MT4 (M1 M5 M15 M30 H1 H4 D1 W1 MN)`);
  return tf;
}

/** EA path relative to MQL5\Experts (or MQL4\Experts): subfolders allowed, no drive, no `Experts\` prefix, no source file. */
export function iniExpert(value: unknown, field: string, mt4: boolean): string {
  if (typeof value !== 'string' || value.trim() === '') return fail(field, `${field} is required`);
  const path = value.trim().replace(/\//g, '\\');
  if (/^[a-z]:|^\\\\/i.test(path)) return fail(field, `${field} must be relative to the Experts folder, not an absolute path`);
  if (/^\\?(mql[45]\\)?experts\\/i.test(path))
    return fail(field, `${field} must not start with MQL5\\Experts\\ or Experts\\; give the path inside Experts`);
  if (/(^|\\)\.\.(\\|$)/.test(path)) return fail(field, `${field} must not contain ..`);
  if (/\.mq[45]$/i.test(path)) return fail(field, `${field} names a source file; the tester runs the compiled .ex${mt4 ? 4 : 5}`);
  if (/[<>:"|?*]/.test(path)) return fail(field, `${field} contains characters Windows does not allow in paths`);
  return path.replace(/^\\/, '');
}

export function iniSymbol(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9._#+\-!$]{1,32}$/.test(value.trim()))
    return fail(field, `${field} must be a symbol name with its broker suffix, e.g. EURUSD or EURUSD.raw`);
  return value.trim();
}

export function iniCurrency(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value.trim())) return fail(field, `${field} must be a 3-letter currency code`);
  return value.trim().toUpperCase();
}

/** `1:100` or `100` → 100. */
export function iniLeverage(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(?:1\s*:\s*)?(\d{1,5})$/.exec(text);
  const n = m ? Number(m[1]) : 0;
  if (n < 1 || n > 10000) return fail(field, `${field} must be like 1:100 or 100`);
  return n;
}

export function iniPositive(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fail(field, `${field} must be a positive number`);
  return value;
}

/** Report path relative to the terminal (data) folder; the folder itself must exist. */
export function iniReport(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || /[<>"|?*]/.test(value) || /^[a-z]:/i.test(value.trim())) {
    return fail(field, `${field} must be a path relative to the terminal folder, e.g. reports\\tester`);
  }
  return value.trim().replace(/\//g, '\\');
}

export function iniFileName(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[^\\/:*?"<>|]+\.set$/i.test(value.trim()))
    return fail(field, `${field} must be a bare .set file name (it is looked up in MQL5\\Profiles\\Tester)`);
  return value.trim();
}

export function iniText(value: unknown, field: string): string {
  if ((typeof value !== 'string' && typeof value !== 'number') || /[\r\n]/.test(String(value)) || String(value).trim() === '')
    return fail(field, `${field} must be a single-line value`);
  return String(value).trim();
}
