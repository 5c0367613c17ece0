/**
 * Output shapes of the catalog API, written once as JSON Schema (typebox) with their TypeScript types.
 * Dates are `YYYY-MM-DD` strings and money is a JSON number converted exactly from the stored decimal.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PlanRulesSchema } from './rules.js';

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

export const PlanSearchResultSchema = Type.Object({
  items: Type.Array(PlanItemSchema),
  nextCursor: NextCursor,
  suggestions: Type.Optional(Type.Array(Type.String(), { description: 'Closest known firm names, present when `firm` matched no firm.' })),
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
export type PlanPriceOnDate = Static<typeof PlanPriceOnDateSchema>;
export type PlanPriceHistory = Static<typeof PlanPriceHistorySchema>;
export type ArticleHit = Static<typeof ArticleHitSchema>;
export type ArticleSearchResult = Static<typeof ArticleSearchResultSchema>;
export type ArticleDetail = Static<typeof ArticleDetailSchema>;
