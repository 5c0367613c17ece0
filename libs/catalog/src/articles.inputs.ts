import { CursorPageQuery, Doc } from '@propfolio/core';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ARTICLE_SLUG_PATTERN } from './catalog.outputs.js';

export const MAX_QUERY_LENGTH = 200;

/** Free-text search over the articles (GET /articles and the matching MCP tool). */
export class ArticleQuery extends CursorPageQuery {
  /** Words to find, separated by spaces; every word must match; any script; empty lists the newest articles. */
  @Doc({
    description:
      'Words to find, separated by spaces; every word must match; Japanese needs no spaces, and full-width forms and katakana/hiragana are folded; empty lists the newest articles.',
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
  @Doc({ description: 'Article slug: lower-case letters, digits and single hyphens.', example: 'daily-loss-and-trailing-drawdown' })
  @IsString()
  @MaxLength(100)
  @Matches(new RegExp(ARTICLE_SLUG_PATTERN))
  slug!: string;
}
