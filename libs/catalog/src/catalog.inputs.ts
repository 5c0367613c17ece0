import { CursorPageQuery, Doc, NumberFromQuery, UpperCase } from '@propfolio/core';
import { IsIn, IsInt, IsISO4217CurrencyCode, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ARTICLE_SLUG_PATTERN, PLAN_DETAILS, type PlanDetail } from './catalog.outputs.js';

// Plans

/** Plan ids are `<firm>-<program>[-<size>]`; a size may carry decimals. */
const PLAN_ID_PATTERN = '^[a-z0-9]+(?:[-.][a-z0-9]+)*$';

export const PLAN_SORTS = ['price', '-price', 'size', '-size'] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];

/** Query of the public plan database (GET /plans and the matching MCP tool). */
export class PlanQuery extends CursorPageQuery {
  /** Firm slug or display name, matched regardless of case, width and spaces ("ftmo", "ＦＴＭＯ", "the 5ers"). */
  @Doc({ description: 'Firm slug or name.', example: 'FTMO' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  firm?: string;

  /** A plan as a purchase writes it: with `firm`, only the plans it names (search/plan-match.ts). */
  @Doc({
    description: 'Program and size as a purchase writes it; with firm, only the plans it names.',
    example: '2-Step 100k',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  plan?: string;

  /** Number of evaluation phases, 0 to 3 (0 = instant funding). */
  @Doc({ description: 'Evaluation phases (0 = instant funding).', example: 2 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(0)
  @Max(3)
  phases?: number;

  /** Exact account size, in the plan's currency. */
  @Doc({ description: "Exact account size, in the plan's currency.", example: 100000 })
  @IsOptional()
  @NumberFromQuery()
  @IsNumber()
  @Min(0)
  size?: number;

  /** Highest list price to include, in the plan's currency (plans with an unknown price are excluded). */
  @Doc({ description: 'Highest list price; unknown prices excluded.', example: 300 })
  @IsOptional()
  @NumberFromQuery()
  @IsNumber()
  @Min(0)
  maxPrice?: number;

  /** ISO 4217 currency of the price (USD, EUR, JPY...). */
  @Doc({ description: 'Currency of the price.', example: 'USD' })
  @IsOptional()
  @UpperCase()
  @IsISO4217CurrencyCode()
  currency?: string;

  /** How the fee is charged: once, or monthly until passed or cancelled. */
  @Doc({ description: 'Fee once, or monthly until passed or cancelled.', example: 'one_time' })
  @IsOptional()
  @IsIn(['one_time', 'monthly'])
  billing?: 'one_time' | 'monthly';

  /** Sort order: price or size, ascending, or descending with a leading "-"; default firm, program, size. */
  @Doc({
    description: 'Price or size ("-": descending); default firm, program, size.',
    example: 'price',
  })
  @IsOptional()
  @IsIn([...PLAN_SORTS])
  sort?: PlanSort;

  /** How much of each plan the answer carries: grouped by program (default) or one whole row per plan. */
  @Doc({
    description: 'program: rules once, sizes with id and price; items: a row per plan.',
    example: 'full',
  })
  @IsOptional()
  @IsIn([...PLAN_DETAILS])
  detail?: PlanDetail;
}

// `limit` is CursorPageQuery's; only what it counts here differs: plans (one per account size), not programs.
Doc({ description: 'Plans per page (one per size, also grouped).', default: 20 })(PlanQuery.prototype, 'limit');

/** Path and query of GET /plans/:id/prices (the plan's list-price history). */
export class PlanPriceHistoryQuery extends CursorPageQuery {
  /** Plan id as search_plans returns it. */
  @Doc({ description: 'Plan id as search_plans returns it.', example: 'ftmo-2-step-100000' })
  @IsString()
  @MaxLength(200)
  @Matches(new RegExp(PLAN_ID_PATTERN))
  id!: string;
}

// Articles

export const MAX_QUERY_LENGTH = 200;

/** Free-text search over the articles (GET /articles and the matching MCP tool). */
export class ArticleQuery extends CursorPageQuery {
  /** Words to find, separated by spaces; every word must match; any script; empty lists the newest articles. */
  @Doc({
    description: 'Words, all must match; Japanese needs no spaces; empty: newest.',
    example: '日次損失 FTMO',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  q?: string;

  /** Only articles in this language. */
  @Doc({ description: 'Only articles in this language.', example: 'ja' })
  @IsOptional()
  @IsIn(['ja', 'en'])
  language?: 'ja' | 'en';
}

/** Path parameter of GET /articles/:slug. */
export class ArticleSlugParams {
  /** Article slug: lower-case letters, digits and single hyphens. */
  @Doc({ description: 'Article slug.', example: 'daily-loss-and-trailing-drawdown' })
  @IsString()
  @MaxLength(100)
  @Matches(new RegExp(ARTICLE_SLUG_PATTERN))
  slug!: string;
}
