import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { newCaller, parse } from '../testing/fixtures.js';
import { CalendarFormatError, parseCalendar } from './calendar-formats.js';
import { ImportCalendarInput, ListCalendarEventsInput } from './calendar.inputs.js';
import { CalendarService } from './calendar.service.js';
import { CalendarRepository } from './calendar.repository.js';

// The fixtures are laid out as ForexFactory's weekly export writes them (the feed at nfs.faireconomy.media, file names
// ff_calendar_thisweek.xml/.json): the XML declares windows-1252, wraps values in CDATA, dates mm-dd-yyyy and times
// like 3:00pm in GMT (as the FFCal/FFC MetaTrader indicators read it, docs/alerts.md); the JSON's `date` is an ISO
// instant with New York's offset (-05:00 in winter); impact words High/Medium/Low/Holiday. Numbers are synthetic.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const XML = fixture('ff_calendar_thisweek.xml');
const JSON_FILE = fixture('ff_calendar_thisweek.json');

describe('parseCalendar', () => {
  it('reads the XML export: GMT times, all-day and tentative kept without a release minute, bad rows counted', () => {
    const parsed = parseCalendar(XML);
    expect(parsed.format).toBe('forexfactory_xml');
    expect(parsed.events.map((e) => [e.title, e.at.toISOString(), e.timing, e.impact, e.currency])).toEqual([
      ['Bank Holiday', '2026-11-30T00:00:00.000Z', 'all_day', 'holiday', 'JPY'],
      ['ISM Manufacturing PMI', '2026-12-01T15:00:00.000Z', 'exact', 'high', 'USD'],
      ['German Prelim CPI m/m', '2026-12-01T00:00:00.000Z', 'tentative', 'medium', 'EUR'],
      ['Non-Farm Employment Change', '2026-12-04T13:30:00.000Z', 'exact', 'high', 'USD'],
    ]);
    expect(parsed.events[3]).toMatchObject({ forecast: '120K', previous: '95K' });
    expect(parsed.skipped).toBe(3);
    expect(parsed.skippedRows.map((r) => r.row)).toEqual([5, 6, 7]);
    expect(parsed.skippedRows[2]?.reason).toContain('Extreme');
  });

  it('reads the JSON export: ISO instants with the feed’s New York offset, converted exactly', () => {
    const parsed = parseCalendar(JSON_FILE);
    expect(parsed.format).toBe('forexfactory_json');
    expect(parsed.events.find((e) => e.title === 'Non-Farm Employment Change')?.at.toISOString()).toBe('2026-12-04T13:30:00.000Z');
    expect(parsed.events).toHaveLength(4);
    expect(parsed.skipped).toBe(2);
    expect(parsed.skippedRows.map((r) => r.row)).toEqual([5, 6]);
  });

  it('refuses a file in neither format, naming the formats expected', () => {
    for (const bad of ['Date,Time,Currency\n2026-12-04,13:30,USD', '{"events": []}', '<rss><channel/></rss>', '[{"title": "x",']) {
      expect(() => parseCalendar(bad)).toThrow(CalendarFormatError);
      expect(() => parseCalendar(bad)).toThrow(/ForexFactory weekly export as JSON .* or as XML/);
    }
  });
});

describeEachDatabase('calendar import and list', (getDb) => {
  const service = (over: Partial<ConstructorParameters<typeof CalendarService>[1]> = {}) =>
    new CalendarService(new CalendarRepository(getDb()), { allowPrivateUrls: false, fetchTimeoutMs: 2000, ...over });
  const admin = async () => {
    const caller = await newCaller(getDb());
    await getDb().prisma.user.update({ where: { id: caller.userId }, data: { admin: true } });
    return caller;
  };

  it('imports both forms into one set of events, idempotently: a re-import creates nothing and an overlap updates in place', async () => {
    const caller = await admin();
    const calendar = service();
    const first = await calendar.importCalendar(caller, await parse(ImportCalendarInput, { content: XML }));
    expect(first).toMatchObject({ format: 'forexfactory_xml', events: 4, created: 4, updated: 0, unchanged: 0, skipped: 3 });
    const again = await calendar.importCalendar(caller, await parse(ImportCalendarInput, { content: XML }));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    // The JSON names the same two timed USD releases at the same instants (its -05:00 clock), one new EUR release and the holiday at New York's midnight.
    const json = await calendar.importCalendar(caller, await parse(ImportCalendarInput, { content: JSON_FILE }));
    expect(json).toMatchObject({ format: 'forexfactory_json', events: 4, created: 2, updated: 0, unchanged: 2, skipped: 2 });

    const week = await calendar.list(
      await parse(ListCalendarEventsInput, { from: '2026-11-30T00:00:00Z', to: '2026-12-07T00:00:00Z' }),
      new Date(),
    );
    expect(week.items).toHaveLength(6);
    const usdHigh = await calendar.list(
      await parse(ListCalendarEventsInput, { from: '2026-11-30T00:00:00Z', currency: 'usd', impact: 'high' }),
      new Date(),
    );
    expect(usdHigh.items.map((e) => [e.at, e.title])).toEqual([
      ['2026-12-01T15:00:00.000Z', 'ISM Manufacturing PMI'],
      ['2026-12-04T13:30:00.000Z', 'Non-Farm Employment Change'],
    ]);
    expect(usdHigh.to).toBe('2026-12-07T00:00:00.000Z');
  });

  it('refuses a file in neither format whole (422 calendar_rejected), storing nothing', async () => {
    const caller = await admin();
    const before = await getDb().prisma.calendarEvent.count();
    await expect(service().importCalendar(caller, await parse(ImportCalendarInput, { content: 'not a calendar' }))).rejects.toMatchObject({
      code: 'calendar_rejected',
      detail: expect.stringContaining('expected the ForexFactory weekly export'),
    });
    expect(await getDb().prisma.calendarEvent.count()).toBe(before);
  });

  it('is an operator action: a user who is not an admin is refused (403), and content and url are one or the other', async () => {
    const user = await newCaller(getDb());
    await expect(service().importCalendar(user, await parse(ImportCalendarInput, { content: XML }))).rejects.toMatchObject({
      code: 'forbidden',
    });
    const caller = await admin();
    await expect(service().importCalendar(caller, await parse(ImportCalendarInput, {}))).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      service().importCalendar(caller, await parse(ImportCalendarInput, { content: XML, url: 'https://example.com/c.xml' })),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('refuses a URL that is not https or resolves to a private address, as an alert destination, before connecting', async () => {
    const caller = await admin();
    const calendar = service({ resolve: async () => ['10.0.0.5'] });
    for (const url of [
      'http://nfs.faireconomy.media/ff_calendar_thisweek.json',
      'ftp://example.com/c.xml',
      'https://127.0.0.1/c.json',
      'https://calendar.internal/c.json',
    ]) {
      await expect(calendar.importCalendar(caller, await parse(ImportCalendarInput, { url }))).rejects.toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ field: 'url' })],
      });
    }
  });

  it('fetches a calendar from a URL when the operator allows private addresses (a test server on 127.0.0.1), and says why a fetch failed', async () => {
    const caller = await admin();
    const server = createServer((req, res) => {
      if (req.url === '/ff_calendar_thisweek.json') res.end(JSON_FILE);
      else if (req.url === '/moved') res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      else res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    try {
      const calendar = service({ allowPrivateUrls: true });
      expect(
        await calendar.importCalendar(caller, await parse(ImportCalendarInput, { url: `${base}/ff_calendar_thisweek.json` })),
      ).toMatchObject({
        format: 'forexfactory_json',
        events: 4,
        skipped: 2,
      });
      await expect(calendar.importCalendar(caller, await parse(ImportCalendarInput, { url: `${base}/moved` }))).rejects.toMatchObject({
        code: 'service_unavailable',
        detail: expect.stringContaining('HTTP 302 redirect refused'),
      });
      // The same URL without the operator's allowance: refused before any connection, as an alert destination.
      await expect(
        service().importCalendar(caller, await parse(ImportCalendarInput, { url: `${base}/ff_calendar_thisweek.json` })),
      ).rejects.toMatchObject({
        code: 'validation_failed',
      });
    } finally {
      server.close();
      await once(server, 'close');
    }
  });

  it('lists with a bad span refused (to before from, or over 92 days)', async () => {
    const calendar = service();
    await expect(
      calendar.list(await parse(ListCalendarEventsInput, { from: '2026-12-01T00:00:00Z', to: '2026-11-01T00:00:00Z' }), new Date()),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      calendar.list(await parse(ListCalendarEventsInput, { from: '2026-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }), new Date()),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
