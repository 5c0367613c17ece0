/**
 * Output shapes of the catalog API, written once as JSON Schema (typebox) with their TypeScript types.
 * Dates are `YYYY-MM-DD` strings and money is a JSON number converted exactly from the stored decimal.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PlanRulesSchema } from './schemas/rules.js';

export const ARTICLE_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const PRICE_NOTE = 'List price before coupons/discounts';

const IsoDate = Type.String({ format: 'date' });
const NextCursor = Nullable(Type.String({ description: 'Pass as `cursor` to get the next page; null on the last page.' }));

export const PlanItemSchema = Type.Object({
  id: Type.String(),
  firm: Type.Object({ slug: Type.String(), name: Type.String() }),
  program: Type.String(),
  phases: Type.Integer({ minimum: 0, maximum: 3, description: 'Evaluation phases; 0 = instant funding.' }),
  accountSize: Nullable(Type.Number({ description: 'Account size in `currency`; null when the source gives none.' })),
  currency: Type.String({ description: 'ISO 4217 code of the price, as the source gives it.' }),
  billing: Type.Enum(['one_time', 'monthly']),
  price: Nullable(Type.Number({ description: 'List price; null when unknown.' })),
  priceNote: Type.Literal(PRICE_NOTE),
  rules: PlanRulesSchema,
  checkedOn: IsoDate,
  ageDays: Type.Integer({ description: 'Days since checkedOn.' }),
  stale: Type.Boolean({ description: 'True when older than the configured limit: re-check on the firm site.' }),
  sourceUrl: Type.String(),
  notes: Nullable(Type.String()),
});

const Suggestions = Type.Optional(
  Type.Array(Type.String(), { description: 'Closest known firm names, present when `firm` matched no firm.' }),
);

/** A page of plan rows, every row whole: what the search reads, and the `detail: "full"` answer. */
export const PlanSearchResultSchema = Type.Object({
  items: Type.Array(PlanItemSchema),
  nextCursor: NextCursor,
  suggestions: Suggestions,
});

export const PLAN_DETAILS = ['programs', 'full'] as const;
export type PlanDetail = (typeof PLAN_DETAILS)[number];

/** One program of a firm with its sizes: the fields its plans share, once, and per size what differs. */
export const PlanProgramSchema = Type.Object({
  firm: Type.Object({ slug: Type.String(), name: Type.String() }),
  program: Type.String(),
  phases: PlanItemSchema.properties.phases,
  currency: PlanItemSchema.properties.currency,
  billing: PlanItemSchema.properties.billing,
  sizes: Type.Array(
    Type.Object({
      id: Type.String({ description: 'Plan id (for planId, get_plan_price_history and the EA tools).' }),
      accountSize: PlanItemSchema.properties.accountSize,
      price: PlanItemSchema.properties.price,
      deferredFee: Type.Optional(
        Type.Number({ minimum: 0, description: 'Amount payable on passing, for a plan sold with a small upfront fee; absent when none.' }),
      ),
    }),
    { description: "The program's plans on this page, in the page's order." },
  ),
  rules: Type.Omit(PlanRulesSchema, ['deferredFee', 'otherSources'], {
    additionalProperties: false,
    description:
      'The rules of every size: those of a `full` row without `deferredFee` (given per size) and `otherSources` (only in `full`).',
  }),
  checkedOn: IsoDate,
  ageDays: PlanItemSchema.properties.ageDays,
  stale: PlanItemSchema.properties.stale,
  sourceUrl: Type.String(),
  notes: Nullable(Type.String()),
});

/**
 * The answer of search_plans (GET /plans): by default the page's plans grouped by program, each program's
 * rules once; with `detail: "full"` one whole row per plan, every row repeating its program's rules.
 */
export const PlanSearchAnswerSchema = Type.Object({
  priceNote: Type.Optional(Type.Literal(PRICE_NOTE, { description: 'With `programs`: what every price is.' })),
  programs: Type.Optional(
    Type.Array(PlanProgramSchema, {
      description:
        'Default (`detail` "programs"): the plans of this page grouped by program (same firm, program, phases, currency, billing, rules, dates and source), in the order of their first plan; each program gives its rules once and lists its sizes. Absent with `detail` "full".',
    }),
  ),
  items: Type.Optional(
    Type.Array(PlanItemSchema, {
      description: 'Only with `detail` "full": one whole row per plan (size), each repeating its program\'s rules. Absent by default.',
    }),
  ),
  nextCursor: NextCursor,
  suggestions: Suggestions,
});

export const PlanPriceOnDateSchema = Type.Object({
  planId: Type.String(),
  date: IsoDate,
  price: Nullable(Type.Number()),
  currency: Type.String(),
  checkedOn: IsoDate,
});

const PlanPriceEntrySchema = Type.Object({
  price: Nullable(Type.Number({ description: 'List price; null when the source gave none.' })),
  currency: Type.String(),
  checkedOn: IsoDate,
});

export const PlanPriceHistorySchema = Type.Object({
  planId: Type.String(),
  priceNote: Type.Literal(PRICE_NOTE),
  items: Type.Array(PlanPriceEntrySchema, {
    description: 'Newest first: one entry per list price seen, each in force from its checkedOn until the next entry.',
  }),
  nextCursor: NextCursor,
});

export const ArticleHitSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  snippet: Nullable(Type.String({ description: 'Excerpt around the first match, matches wrapped in <mark></mark>.' })),
  tags: Type.Array(Type.String()),
  language: Type.String(),
  checkedOn: IsoDate,
  publishedAt: IsoDate,
});

export const ArticleSearchResultSchema = Type.Object({ items: Type.Array(ArticleHitSchema), nextCursor: NextCursor });

export const ArticleDetailSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  body: Type.String({ description: 'Markdown.' }),
  tags: Type.Array(Type.String()),
  language: Type.String(),
  checkedOn: IsoDate,
  publishedAt: IsoDate,
});

export type PlanItem = Static<typeof PlanItemSchema>;
export type PlanSearchResult = Static<typeof PlanSearchResultSchema>;
export type PlanProgram = Static<typeof PlanProgramSchema>;
export type PlanSearchAnswer = Static<typeof PlanSearchAnswerSchema>;
export type PlanPriceOnDate = Static<typeof PlanPriceOnDateSchema>;
export type PlanPriceHistory = Static<typeof PlanPriceHistorySchema>;
export type ArticleHit = Static<typeof ArticleHitSchema>;
export type ArticleSearchResult = Static<typeof ArticleSearchResultSchema>;
export type ArticleDetail = Static<typeof ArticleDetailSchema>;
