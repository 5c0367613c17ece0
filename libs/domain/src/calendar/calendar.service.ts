import type { CalendarRelease } from '@propfolio/coach';
import { AppError, type Caller, type Logger } from '@propfolio/core';
import { DestinationError, type Resolve } from '../shared/destination.js';
import { CalendarFormatError, parseCalendar } from './calendar-formats.js';
import { fetchCalendar } from './calendar-fetch.js';
import type { ImportCalendarInput, ListCalendarEventsInput } from './calendar.inputs.js';
import type { CalendarEventList, CalendarImport } from './calendar.outputs.js';
import type { CalendarRepository } from './calendar.repository.js';

const DAY_MS = 86_400_000;
/** The longest span one list answers (a quarter), so an answer stays a page. */
const MAX_SPAN_DAYS = 92;

export interface CalendarOptions {
  /** ALERTS_ALLOW_PRIVATE_DESTINATIONS: the same switch lets a calendar URL be private or http (tests, a closed LAN). */
  readonly allowPrivateUrls: boolean;
  readonly fetchTimeoutMs: number;
  readonly resolve?: Resolve;
}

/**
 * The economic calendar: public, dated releases that news rules restrict trading around. Importing is an operator's
 * action (an admin's full key, or CALENDAR_URL fetched on a schedule), since every user's checks read the same events.
 */
export class CalendarService {
  constructor(
    /** Where imports are stored: the news checks' repository too, so they see an import at once. */
    private readonly events: CalendarRepository,
    private readonly options: CalendarOptions,
  ) {}

  async importCalendar(caller: Caller, input: ImportCalendarInput): Promise<CalendarImport> {
    await this.requireOperator(caller);
    if ((input.content === undefined) === (input.url === undefined))
      throw AppError.invalidField(input.content === undefined ? 'content' : 'url', 'give either content (the file) or url, not both');
    return input.url !== undefined ? this.importFromUrl(input.url) : this.importText(input.content ?? '');
  }

  /** Reads and stores a file's text; a file in neither format is refused whole (422), a bad row is skipped and counted. */
  async importText(text: string): Promise<CalendarImport> {
    let parsed;
    try {
      parsed = parseCalendar(text);
    } catch (error) {
      if (error instanceof CalendarFormatError) throw new AppError('calendar_rejected', error.message);
      throw error;
    }
    const stored = await this.events.storeEvents(parsed.events, parsed.format);
    return { format: parsed.format, events: parsed.events.length, ...stored, skipped: parsed.skipped, skippedRows: parsed.skippedRows };
  }

  /** Fetches a calendar from an https URL on a public address (refused as an alert destination would be), then imports it. */
  async importFromUrl(url: string): Promise<CalendarImport> {
    let text: string;
    try {
      text = await fetchCalendar(url, {
        timeoutMs: this.options.fetchTimeoutMs,
        allowPrivate: this.options.allowPrivateUrls,
        resolve: this.options.resolve,
      });
    } catch (error) {
      if (error instanceof DestinationError) throw AppError.invalidField('url', error.message);
      throw new AppError(
        'service_unavailable',
        `The calendar could not be fetched from ${url}: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    return this.importText(text);
  }

  /**
   * CALENDAR_URL: fetches and imports the operator's calendar now and then every `refreshMinutes`, off the request
   * path; a failure is logged and the next round tries again. Returns the stop function.
   */
  watchUrl(url: string, refreshMinutes: number, log: Logger): () => void {
    const round = () => {
      this.importFromUrl(url).then(
        (result) => log.info('calendar imported', { url, ...result, skippedRows: undefined }),
        (error: unknown) => log.error('calendar import failed', { url, error: error instanceof Error ? error.message : String(error) }),
      );
    };
    round();
    const timer = setInterval(round, refreshMinutes * 60_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  async list(input: ListCalendarEventsInput, now: Date): Promise<CalendarEventList> {
    const from = input.from === undefined ? now : new Date(input.from);
    const to = input.to === undefined ? new Date(from.getTime() + 7 * DAY_MS) : new Date(input.to);
    if (to.getTime() <= from.getTime()) throw AppError.invalidField('to', 'must be after from');
    if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * DAY_MS)
      throw AppError.invalidField('to', `must be at most ${MAX_SPAN_DAYS} days after from`);
    const rows = await this.events.eventsBetween({
      from,
      to,
      currencies: input.currency === undefined ? null : [input.currency],
      impacts: input.impact === undefined ? null : [input.impact],
      limit: input.limit ?? 200,
    });
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      items: rows.map(({ at, timing, currency, impact, title, forecast, previous }) => ({
        at,
        timing,
        currency,
        impact,
        title,
        forecast,
        previous,
      })),
    };
  }

  /** The releases between two instants that could open a window (any impact; the rule picks), for the news checks. */
  async releasesBetween(from: Date, to: Date): Promise<CalendarRelease[]> {
    const rows = await this.events.eventsBetween({ from, to, currencies: null, impacts: ['low', 'medium', 'high'], limit: 5000 });
    return rows.map(({ at, currency, impact, title, timing }) => ({ at, currency, impact, title, timing }));
  }

  /** Only an admin's full key imports: the calendar is every user's, so one user's file must not change another's checks. */
  private async requireOperator(caller: Caller): Promise<void> {
    if (caller.scope !== 'full' || !(await this.events.isAdmin(caller.userId)))
      throw new AppError(
        'forbidden',
        'Importing the economic calendar is an operator action: use the API key of an admin user (or set CALENDAR_URL).',
      );
  }
}
