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

const CalendarEventSchema = Type.Object({
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

export const CalendarEventListSchema = Type.Object({
  from: Timestamp('The start of the span listed.'),
  to: Timestamp('The end of the span listed (excluded).'),
  items: Type.Array(CalendarEventSchema, { description: 'Events in the span, oldest first.' }),
});
export type CalendarEventList = Static<typeof CalendarEventListSchema>;

const ReleaseSchema = Type.Object(
  {
    at: Timestamp('The release instant (UTC).'),
    currency: Type.String({ description: 'The currency it is filed under.' }),
    impact: Type.Enum([...EVENT_IMPACTS], { description: 'Its impact.' }),
    title: Type.String({ description: 'The release.' }),
  },
  { description: 'The calendar release the window is around.' },
);

const NewsWindowSchema = Type.Object({
  start: Timestamp('When the restriction starts (UTC), included.'),
  end: Timestamp('When it ends (UTC), included.'),
  release: ReleaseSchema,
});

const NEWS_PENALTY_DOC =
  'breach (the account fails), profit_removed (the trade’s profit is taken off) or profit_share (it counts at penaltyPercent)';

export const NewsCheckSchema = Type.Object(
  {
    symbol: Type.String({ description: 'The symbol checked.' }),
    stage: Nullable(
      Type.Enum(['phase1', 'phase2', 'phase3', 'funded'], { description: "The challenge's stage; null when its phase names none." }),
    ),
    appliesInStage: Type.Boolean({ description: 'Whether the firm’s news rule applies in this stage (an unknown stage counts as yes).' }),
    verdict: Type.Enum(['allowed', 'blocked', 'penalised'], {
      description: 'blocked: inside a window whose penalty is a breach; penalised: inside one that costs the profit; allowed otherwise.',
    }),
    penalty: Nullable(Type.Enum(['breach', 'profit_removed', 'profit_share'], { description: `Inside a window: ${NEWS_PENALTY_DOC}.` })),
    penaltyPercent: Nullable(Type.Number({ description: 'profit_share: the percent of the profit kept.' })),
    window: Nullable(NewsWindowSchema),
  },
  { description: "The firm's news rule at the instant checked, for `symbol`; null when no symbol was given or the plan has no news rule." },
);
export type NewsCheckView = Static<typeof NewsCheckSchema>;

export const NewsWindowsSchema = Type.Object(
  {
    rule: Nullable(
      Type.Object({
        windowBeforeMinutes: Type.Integer({ description: 'Minutes before a release the restriction starts.' }),
        windowAfterMinutes: Type.Integer({ description: 'Minutes after it lasts.' }),
        stages: Type.Array(Type.String(), { description: 'The stages it applies in.' }),
        impacts: Type.Array(Type.String(), { description: 'The impacts that open a window.' }),
        instruments: Type.Object({
          byCurrency: Type.Boolean({ description: 'A release restricts the symbols its currency moves.' }),
          symbols: Type.Array(Type.String(), { description: "The firm's own list, restricted by every release." }),
        }),
        penalty: Type.Enum(['breach', 'profit_removed', 'profit_share'], { description: NEWS_PENALTY_DOC }),
        penaltyPercent: Nullable(Type.Number({ description: 'profit_share: the percent kept.' })),
      }),
    ),
    stage: Nullable(Type.Enum(['phase1', 'phase2', 'phase3', 'funded'], { description: "The challenge's stage; null when unknown." })),
    windows: Type.Array(
      Type.Object({ ...NewsWindowSchema.properties, symbols: Type.Array(Type.String(), { description: 'The symbols it restricts.' }) }),
      {
        description:
          'The next restricted windows (one open now included) for the account’s open and usual symbols, soonest first, at most 10 within 7 days.',
      },
    ),
  },
  {
    description:
      "The plan's news rule and the next windows it restricts; rule null when the plan has none, windows empty in a stage it spares.",
  },
);
export type NewsWindowsView = Static<typeof NewsWindowsSchema>;

export const NewsMarkSchema = Type.Object(
  {
    when: Type.Enum(['close', 'open'], { description: 'Which end of the trade fell in the window (the close is looked at first).' }),
    penalty: Type.Enum(['breach', 'profit_removed', 'profit_share'], { description: `What the firm does: ${NEWS_PENALTY_DOC}.` }),
    penaltyPercent: Nullable(Type.Number({ description: 'profit_share: the percent of the profit kept.' })),
    window: NewsWindowSchema,
  },
  {
    description:
      "The firm's news window the trade was closed (or opened) in, with its penalty, under the challenge's news rule and stage now; null when none.",
  },
);
export type NewsMarkView = Static<typeof NewsMarkSchema>;
