import { defineOperation, type Operation } from '@propfolio/core';
import type { CalendarService } from './calendar.service.js';
import { callerOf, KEY_CREATE } from '../shared/operation-flags.js';
import { ImportCalendarInput, ListCalendarEventsInput, MAX_CALENDAR_BODY_BYTES } from './calendar.inputs.js';
import { CalendarEventListSchema, CalendarImportSchema } from './calendar.outputs.js';

/** The calendar's operations: an operator's import (key) and the public list. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface CalendarOperationServices {
  calendar: CalendarService;
}

export const calendarOperations = (services: CalendarOperationServices): Operation[] => [
  defineOperation({
    name: 'import_calendar',
    // REST only: an operator's action on data every user shares, not an agent's tool (and tools/list has a budget).
    mcp: false,
    title: 'Import an economic calendar',
    description:
      "Admins only. Imports ForexFactory's weekly calendar (JSON or XML) from its text or an https URL into dated events that news rules restrict trading around. Re-importing updates in place. Returns counts, and rows skipped with why.",
    ...KEY_CREATE,
    idempotent: true,
    input: ImportCalendarInput,
    output: CalendarImportSchema,
    rest: { method: 'POST', path: '/calendar/imports', status: 200, bodyLimitBytes: MAX_CALENDAR_BODY_BYTES },
    run: async (ctx, input) => services.calendar.importCalendar(callerOf(ctx), input),
  }),
];

/** list_calendar_events needs no key: the calendar is public data. */
export const publicCalendarOperations = (services: CalendarOperationServices): Operation[] => [
  defineOperation({
    name: 'list_calendar_events',
    // REST only: agents get the windows that matter from check_trade (`news`) and get_headroom, and the raw
    // calendar's tool (1.1 kB) would push tools/list past its budget (apps/mcp-server/test/tools.spec.ts).
    mcp: false,
    title: 'List economic calendar events',
    description:
      'Lists economic calendar releases (UTC instant, currency, impact, title) in a span, oldest first: the news windows of check_trade come from them.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: ListCalendarEventsInput,
    output: CalendarEventListSchema,
    rest: { method: 'GET', path: '/calendar/events' },
    run: async (ctx, input) => services.calendar.list(input, ctx.now),
  }),
];
