import type { Lang } from '../../i18n/i18n.js';

/** A holding time in the largest two units ("2 d 3 h", "1時間30分"); under a minute in seconds. */
export function holding(seconds: number, lang: Lang): string {
  const units: [number, string, string][] = [
    [86_400, ' d', '日'],
    [3_600, ' h', '時間'],
    [60, ' min', '分'],
  ];
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [size, en, ja] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && parts.length < 2) parts.push(`${n}${lang === 'ja' ? ja : en}`);
    rest -= n * size;
  }
  if (parts.length === 0) return lang === 'ja' ? `${rest}秒` : `${rest} s`;
  return parts.join(lang === 'ja' ? '' : ' ');
}

/**
 * An instant as its local day and its local time, apart: the trade table shows them as two unbroken parts, so a
 * narrow column breaks between day and time ("Nov 23, 2026" / "9:47 AM") and never inside either.
 */
export function dayAndTime(iso: string, lang: Lang): [string, string] {
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const at = new Date(iso);
  return [
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at),
    new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at),
  ];
}

/** ISO weekday 1 (Monday) … 7 in the UI language: 2024-01-01 was a Monday. */
export function weekdayName(isoDay: number, lang: Lang): string {
  const monday = Date.UTC(2024, 0, 1);
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(monday + (isoDay - 1) * 86_400_000),
  );
}

/** The instant a local calendar day starts (`to` filters are exclusive, so the day after a chosen end). */
export function localDayStart(day: string, plusDays = 0): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** Tags typed as one comma-separated line (ASCII or Japanese comma), trimmed, empty and repeated ones dropped. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,、]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
