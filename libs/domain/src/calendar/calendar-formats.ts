/**
 * The ForexFactory weekly export (nfs.faireconomy.media/ff_calendar_thisweek.{json,xml}) read into dated events.
 *
 * - JSON: an array of `{ title, country, date, impact, forecast, previous }` where `date` is ISO 8601 with the
 *   offset of the feed's clock (New York: `2025-04-04T08:30:00-04:00`), so it converts to an instant exactly. An
 *   all-day or tentative release carries 00:00 local in `date`; the JSON does not tell it apart, so it is read as timed.
 * - XML: `<weeklyevents><event>` with `title`, `country`, `date` (mm-dd-yyyy), `time` (`8:30am`, `All Day`,
 *   `Tentative`, empty), `impact`, `forecast`, `previous` (the values often in CDATA). Its date and time are GMT: the
 *   feed's own long-lived readers (FFCal, FFC.mq4) count minutes to a release as that time minus the terminal's
 *   TimeGMT(), with no zone conversion. All-day and tentative events are kept with timing `all_day` / `tentative` at
 *   00:00 UTC of the date; they open no news window.
 *
 * A row with an impossible date or time, an unknown impact or no title is skipped and counted (with the first few
 * reasons); a file in neither format is refused whole.
 */
import { Parser } from 'htmlparser2';

export type CalendarFormat = 'forexfactory_json' | 'forexfactory_xml';
export type EventTiming = 'exact' | 'all_day' | 'tentative';
export type EventImpact = 'low' | 'medium' | 'high' | 'holiday';

export interface ParsedCalendarEvent {
  at: Date;
  timing: EventTiming;
  currency: string;
  impact: EventImpact;
  title: string;
  forecast: string | null;
  previous: string | null;
}

interface SkippedRow {
  /** 1-based position of the event in the file. */
  row: number;
  reason: string;
}

export interface ParsedCalendar {
  format: CalendarFormat;
  events: ParsedCalendarEvent[];
  skipped: number;
  /** The first reasons rows were skipped for (at most MAX_SKIPPED_LISTED). */
  skippedRows: SkippedRow[];
}

const MAX_SKIPPED_LISTED = 20;
const EXPECTED_FORMATS =
  'the ForexFactory weekly export as JSON (an array of events with title, country, date, impact) or as XML (<weeklyevents> of <event> with title, country, date mm-dd-yyyy, time, impact)';

export class CalendarFormatError extends Error {
  constructor(detail: string) {
    super(`${detail}; expected ${EXPECTED_FORMATS}.`);
    this.name = 'CalendarFormatError';
  }
}

const IMPACTS: Readonly<Record<string, EventImpact>> = {
  low: 'low',
  'low impact expected': 'low',
  medium: 'medium',
  'medium impact expected': 'medium',
  high: 'high',
  'high impact expected': 'high',
  holiday: 'holiday',
  'non-economic': 'holiday',
};
const CURRENCY = /^[A-Z]{3}$|^ALL$/;
const MAX_TITLE = 300;
const MAX_VALUE = 40;

class Rows {
  readonly events: ParsedCalendarEvent[] = [];
  readonly skippedRows: SkippedRow[] = [];
  skipped = 0;

  /** Counts a skipped row (listing the first few); false, so a caller can `return rows.skip(…)`. */
  skip(row: number, reason: string): false {
    this.skipped += 1;
    if (this.skippedRows.length < MAX_SKIPPED_LISTED) this.skippedRows.push({ row, reason });
    return false;
  }

  /** Checks the fields every format shares and keeps the event, or skips the row naming why. */
  add(
    row: number,
    raw: { title: unknown; country: unknown; impact: unknown; forecast: unknown; previous: unknown },
    when: Omit<ParsedCalendarEvent, 'currency' | 'impact' | 'title' | 'forecast' | 'previous'>,
  ): boolean {
    const title = typeof raw.title === 'string' ? raw.title.trim() : '';
    if (title === '' || title.length > MAX_TITLE) return this.skip(row, 'no title (or one over 300 characters)');
    const currency = typeof raw.country === 'string' ? raw.country.trim().toUpperCase() : '';
    if (!CURRENCY.test(currency)) return this.skip(row, `country ${JSON.stringify(raw.country)} is not a currency code`);
    const impact = typeof raw.impact === 'string' ? IMPACTS[raw.impact.trim().toLowerCase()] : undefined;
    if (!impact) return this.skip(row, `impact ${JSON.stringify(raw.impact)} is not Low, Medium, High or Holiday`);
    this.events.push({ ...when, currency, impact, title, forecast: value(raw.forecast), previous: value(raw.previous) });
    return true;
  }
}

const value = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const text = String(v).trim();
  return text === '' ? null : text.slice(0, MAX_VALUE);
};

/** ISO 8601 with a zone, as the JSON writes it; seconds optional. The parts are checked, not only Date.parse. */
const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isoInstant(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = ISO_WITH_ZONE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!realDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const at = new Date(text.trim());
  return Number.isNaN(at.getTime()) ? null : at;
}

function realDate(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

function parseJson(text: string): ParsedCalendar {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CalendarFormatError('the file is neither well-formed JSON nor XML');
  }
  if (!Array.isArray(data)) throw new CalendarFormatError('the JSON is not an array of events');
  const rows = new Rows();
  data.forEach((item: unknown, index) => {
    const row = index + 1;
    if (typeof item !== 'object' || item === null) return rows.skip(row, 'not an object');
    const e = item as Record<string, unknown>;
    const at = isoInstant(e['date']);
    if (!at) return rows.skip(row, `date ${JSON.stringify(e['date'])} is not an ISO 8601 instant with its offset`);
    rows.add(
      row,
      { title: e['title'], country: e['country'], impact: e['impact'], forecast: e['forecast'], previous: e['previous'] },
      { at, timing: 'exact' },
    );
  });
  return { format: 'forexfactory_json', ...rowsOf(rows) };
}

const XML_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const XML_TIME = /^(\d{1,2}):(\d{2})\s*(am|pm)$/i;

/** The XML's date and time (GMT) as an instant and its timing; a reason when either is impossible. */
function xmlInstant(date: string, time: string): { at: Date; timing: EventTiming } | string {
  const d = XML_DATE.exec(date.trim());
  if (!d) return `date ${JSON.stringify(date)} is not mm-dd-yyyy`;
  const [month, day, year] = [Number(d[1]), Number(d[2]), Number(d[3])];
  if (!realDate(year, month, day)) return `date ${JSON.stringify(date)} is not a calendar date`;
  const t = time.trim();
  const lower = t.toLowerCase();
  if (lower === '' || lower === 'all day' || /^day \d+$/.test(lower))
    return { at: new Date(Date.UTC(year, month - 1, day)), timing: 'all_day' };
  if (lower === 'tentative') return { at: new Date(Date.UTC(year, month - 1, day)), timing: 'tentative' };
  const m = XML_TIME.exec(t);
  if (!m) return `time ${JSON.stringify(time)} is not h:mmam/pm, All Day or Tentative`;
  const [h12, minute] = [Number(m[1]), Number(m[2])];
  if (h12 < 1 || h12 > 12 || minute > 59) return `time ${JSON.stringify(time)} is not a time of day`;
  const hour = (h12 % 12) + (m[3]?.toLowerCase() === 'pm' ? 12 : 0);
  return { at: new Date(Date.UTC(year, month - 1, day, hour, minute)), timing: 'exact' };
}

const XML_FIELDS = new Set(['title', 'country', 'date', 'time', 'impact', 'forecast', 'previous']);

function parseXml(text: string): ParsedCalendar {
  const rows = new Rows();
  // Set from the parser's callbacks: an object, so the checks after `end` read what they wrote.
  const seen: { root: string | null; broken: boolean } = { root: null, broken: false };
  let current: Record<string, string> | null = null;
  let field: string | null = null;
  let count = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        seen.root ??= name;
        if (name === 'event' && seen.root === 'weeklyevents') current = {};
        else if (current && XML_FIELDS.has(name)) field = name;
      },
      ontext(chunk) {
        if (current && field) current[field] = (current[field] ?? '') + chunk;
      },
      oncdatastart() {},
      onclosetag(name) {
        if (name === field) field = null;
        else if (name === 'event' && current) {
          count += 1;
          const e = current;
          current = null;
          const when = xmlInstant(e['date'] ?? '', e['time'] ?? '');
          if (typeof when === 'string') rows.skip(count, when);
          else
            rows.add(
              count,
              { title: e['title'], country: e['country'], impact: e['impact'], forecast: e['forecast'], previous: e['previous'] },
              when,
            );
        }
      },
      onerror() {
        seen.broken = true;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(text);
  if (seen.broken || seen.root !== 'weeklyevents')
    throw new CalendarFormatError(`the XML's root element is <${seen.root ?? 'none'}>, not <weeklyevents>`);
  return { format: 'forexfactory_xml', ...rowsOf(rows) };
}

const rowsOf = (rows: Rows) => ({ events: rows.events, skipped: rows.skipped, skippedRows: rows.skippedRows });

/** Reads a calendar file in either ForexFactory form, told apart by its first character. */
export function parseCalendar(text: string): ParsedCalendar {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('[') || body.startsWith('{')) return parseJson(body);
  if (body.startsWith('<')) return parseXml(body);
  throw new CalendarFormatError('the file is neither JSON nor XML');
}
