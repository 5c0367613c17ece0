/**
 * A firm's news rule as data (catalog `news:`): how many minutes before and after a release of the named impacts
 * trading is restricted, in which stages, on which instruments, and what the firm does to a trade inside the window.
 * The schema is the coach's, so the catalog's rule and the engine that applies it share one vocabulary.
 */
import Type, { type Static } from 'typebox';

export const NEWS_STAGES = ['phase1', 'phase2', 'phase3', 'funded'] as const;
export type NewsStage = (typeof NEWS_STAGES)[number];
export const CALENDAR_IMPACTS = ['low', 'medium', 'high', 'holiday'] as const;
export type CalendarImpact = (typeof CALENDAR_IMPACTS)[number];
/** breach: the account fails; profit_removed: the trade's profit is taken off; profit_share: it counts at penaltyPercent. */
export const NEWS_PENALTIES = ['breach', 'profit_removed', 'profit_share'] as const;
export type NewsPenalty = (typeof NEWS_PENALTIES)[number];

export const NewsRuleFields = {
  windowBeforeMinutes: Type.Integer({ minimum: 0, maximum: 1440, description: 'Minutes before the release the restriction starts.' }),
  windowAfterMinutes: Type.Integer({ minimum: 0, maximum: 1440, description: 'Minutes after the release it lasts.' }),
  stages: Type.Array(Type.Enum(NEWS_STAGES), {
    minItems: 1,
    uniqueItems: true,
    description: 'The stages it applies in: phase1, phase2, phase3 (evaluation) and funded.',
  }),
  impacts: Type.Array(Type.Enum(['low', 'medium', 'high']), {
    minItems: 1,
    uniqueItems: true,
    description: 'The calendar impacts whose releases open a window (usually high).',
  }),
  instruments: Type.Object(
    {
      byCurrency: Type.Boolean({ description: "A release restricts every symbol moved by its currency (EURUSD by EUR's and USD's)." }),
      symbols: Type.Array(Type.String({ minLength: 1 }), {
        description: "The firm's own list: symbols every restricted release restricts, whatever its currency.",
      }),
    },
    { additionalProperties: false },
  ),
  penalty: Type.Enum(NEWS_PENALTIES, {
    description:
      'breach (the account fails), profit_removed (the trade’s profit is taken off) or profit_share (it counts at penaltyPercent).',
  }),
  penaltyPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'profit_share: the percent of the profit kept.' })),
};

export const NewsRuleSchema = Type.Object(NewsRuleFields, { additionalProperties: false });
export type NewsRule = Static<typeof NewsRuleSchema>;
