import { StatementError } from './errors.js';

const MT_TIME = /^(\d{4})\.(\d{2})\.(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Whether a cell holds an MT time 'YYYY.MM.DD HH:MM[:SS]'. */
export const isMtTime = (raw: string): boolean => MT_TIME.test(raw.trim());

/**
 * 'YYYY.MM.DD HH:MM:SS' (MT4 may omit the seconds, a date alone means midnight) to 'YYYY-MM-DD HH:MM:SS',
 * still broker-server wall clock: turning it into an instant needs the server's zone, which the caller has.
 */
export function normaliseMtTime(raw: string, where: string): string {
  const m = MT_TIME.exec(raw.trim());
  if (!m) throw new StatementError('malformed', `${where}: "${raw}" is not a MetaTrader time (YYYY.MM.DD HH:MM:SS).`);
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new StatementError('malformed', `${where}: "${raw}" is not a valid date and time.`);
  }
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The report date in the header: MT5 writes '2024.03.07 18:20', MT4 '2024 February 16, 18:05'.
 * Null when it is in neither shape (a localised month name, say): the date is informative only.
 */
export function parseGeneratedAt(raw: string): string | null {
  const text = raw.trim();
  if (isMtTime(text)) return normaliseMtTime(text, 'report date');
  const m = /^(\d{4}) ([A-Za-z]+) (\d{1,2}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf((m[2] as string).toLowerCase());
  if (month < 0) return null;
  const pad = (v: string): string => v.padStart(2, '0');
  return `${m[1] as string}-${pad(String(month + 1))}-${pad(m[3] as string)} ${pad(m[4] as string)}:${m[5] as string}:${m[6] ?? '00'}`;
}
