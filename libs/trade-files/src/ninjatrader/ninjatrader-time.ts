import { wallClock } from '../ctrader/ctrader-values.js';

/**
 * A NinjaTrader 8 time cell as wall clock 'YYYY-MM-DD HH:MM:SS', or null. The grid writes the computer's own date
 * format: US month first with a 12-hour clock (`2/1/2024 2:00:00 PM` is 1 February), month first with a 24-hour clock,
 * day first with dots (`01.02.2024 14:00:00`, German and similar Windows settings), or ISO `2024-02-01 14:00:00`.
 * Slashes are read month first: NinjaTrader's own documentation and the exports found all use the US form.
 */
export function readNinjaTraderTime(raw: string): string | null {
  const s = raw.trim();
  let date: { y: string; mo: string; d: string; rest: string } | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (.*)$/.exec(s)) !== null) {
    const [, mo = '', d = '', y = '', rest = ''] = m;
    date = { y, mo, d, rest };
  } else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}) (.*)$/.exec(s)) !== null) {
    const [, d = '', mo = '', y = '', rest = ''] = m;
    date = { y, mo, d, rest };
  } else if ((m = /^(\d{4})-(\d{2})-(\d{2})[ T](.*)$/.exec(s)) !== null) {
    const [, y = '', mo = '', d = '', rest = ''] = m;
    date = { y, mo, d, rest };
  }
  if (date === null) return null;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(?:\s*([AaPp])\.?[Mm]\.?)?$/.exec(date.rest.trim());
  if (t === null) return null;
  const [, h = '', mi = '', sec = '0', meridiem] = t;
  let hour = Number(h);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  return wallClock(Number(date.y), Number(date.mo), Number(date.d), hour, Number(mi), Number(sec));
}
