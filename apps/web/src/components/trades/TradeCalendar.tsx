import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import { weekdayName } from './format.js';
import { clockWords } from './StatsScope.js';
import type { TradeCalendarDays } from './types.js';

type Day = TradeCalendarDays['days'][number];

/** `YYYY-MM` of a day `YYYY-MM-DD`, and the month `delta` months from a `YYYY-MM`. */
const monthOf = (day: string) => day.slice(0, 7);
function addMonths(month: string, delta: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${String(at.getUTCFullYear())}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * A month of daily P&L, a week a row from Monday, each day the firm day the server named (its clock in the caption).
 * A day's result reads without colour: its amount carries its sign (+ or −) and the cell's name says it in words;
 * green and red only repeat it. The month opens on the last one with trades; the buttons step through the months.
 * Its days come from get_trade_calendar, read alone (one grouping by firm day), not with the curve's running sums.
 */
export function TradeCalendar({ calendar: curve, currency }: { calendar: TradeCalendarDays; currency: string | null }) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const byDay = useMemo(() => new Map(curve.days.map((d) => [d.day, d])), [curve.days]);
  const first = curve.days[0]?.day;
  const last = curve.days.at(-1)?.day;
  const [month, setMonth] = useState(last === undefined ? null : monthOf(last));
  if (month === null || first === undefined || last === undefined) return null;
  const shown = month < monthOf(first) || month > monthOf(last) ? monthOf(last) : month;
  const [y = 0, m = 1] = shown.split('-').map(Number);
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => `${shown}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const signed = (v: number) => `${v > 0 ? '+' : ''}${currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2)}`;
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const monthName = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
  const inMonth = curve.days.filter((d) => monthOf(d.day) === shown);
  const total = inMonth.reduce((sum, d) => sum + d.net, 0);
  const result = (d: Day) => (d.net >= 0.005 ? 'win' : d.net <= -0.005 ? 'loss' : 'even');
  return (
    <figure className="card trade-calendar">
      <figcaption>{t('tr.calendar', { clock: clockWords(curve.clock, i18n) })}</figcaption>
      <div className="calendar-nav">
        <button type="button" className="secondary" disabled={shown <= monthOf(first)} onClick={() => setMonth(addMonths(shown, -1))}>
          {t('tr.calendarPrev')}
        </button>
        <strong aria-live="polite">{monthName}</strong>
        <button type="button" className="secondary" disabled={shown >= monthOf(last)} onClick={() => setMonth(addMonths(shown, 1))}>
          {t('tr.calendarNext')}
        </button>
      </div>
      <table>
        <caption className="muted">
          {inMonth.length === 0
            ? t('tr.calendarEmpty')
            : t('tr.calendarMonth', { month: monthName, net: signed(Math.round(total * 10_000) / 10_000), days: inMonth.length })}
        </caption>
        <thead>
          <tr>
            {[1, 2, 3, 4, 5, 6, 7].map((k) => (
              <th key={k} scope="col">
                {weekdayName(k, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                const d = day === null ? undefined : byDay.get(day);
                if (day === null) return <td key={i} />;
                const date = Number(day.slice(8));
                if (!d)
                  return (
                    <td key={i}>
                      <span className="calendar-date">{date}</span>
                    </td>
                  );
                const words = t('tr.calendarDay', {
                  day: i18n.date(day),
                  net: signed(d.net),
                  trades: i18n.tn('count.trades', d.count),
                });
                return (
                  <td key={i} className={`calendar-${result(d)}`} title={words} aria-label={words}>
                    <span className="calendar-date">{date}</span>
                    <span className="calendar-net">{compact.format(d.net)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
