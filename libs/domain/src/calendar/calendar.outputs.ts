import Type, { type Static } from 'typebox';
import { Nullable, Timestamp } from '../shared/schemas.js';
import { EVENT_IMPACTS } from './calendar.inputs.js';

export const CalendarImportSchema = Type.Object({
  format: Type.Enum(['forexfactory_json', 'forexfactory_xml'], { description: 'The format the file was read as.' }),
  events: Type.Integer({ description: 'Events read from the file (rows skipped not counted).' }),
  created: Type.Integer({ description: 'Events new to the calendar.' }),
  updated: Type.Integer({ description: 'Events already stored whose impact, forecast or previous changed.' }),
  unchanged: Type.Integer({ description: 'Events already stored as they are (a re-import changes nothing).' }),
  skipped: Type.Integer({ description: 'Rows skipped: an impossible date or time, an unknown impact, no title or currency.' }),
  skippedRows: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'The event’s 1-based position in the file.' }),
      reason: Type.String({ description: 'Why it was skipped.' }),
    }),
    { description: 'The first 20 skipped rows and why.' },
  ),
});
export type CalendarImport = Static<typeof CalendarImportSchema>;

export const CalendarEventSchema = Type.Object({
  at: Timestamp('The release instant (UTC); 00:00 UTC of the date for an all-day or tentative event.'),
  timing: Type.Enum(['exact', 'all_day', 'tentative'], {
    description: 'exact: released at `at` (opens news windows); all_day or tentative: no release minute (opens none).',
  }),
  currency: Type.String({ description: 'The currency it is filed under (USD, EUR, … or ALL).' }),
  impact: Type.Enum([...EVENT_IMPACTS], { description: 'low, medium, high or holiday.' }),
  title: Type.String({ description: 'The release, as the calendar names it.' }),
  forecast: Nullable(Type.String({ description: 'The forecast figure as the calendar writes it.' })),
  previous: Nullable(Type.String({ description: 'The previous figure as the calendar writes it.' })),
});
export type CalendarEventView = Static<typeof CalendarEventSchema>;

export const CalendarEventListSchema = Type.Object({
  from: Timestamp('The start of the span listed.'),
  to: Timestamp('The end of the span listed (excluded).'),
  items: Type.Array(CalendarEventSchema, { description: 'Events in the span, oldest first.' }),
});
export type CalendarEventList = Static<typeof CalendarEventListSchema>;
