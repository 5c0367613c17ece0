import { ArticleDetailSchema, ArticleSearchResultSchema, PlanPriceHistorySchema, PlanSearchAnswerSchema } from './catalog.outputs.js';
import { ArticleQuery, ArticleSlugParams, PlanPriceHistoryQuery, PlanQuery } from './catalog.inputs.js';
import { type CatalogService } from './catalog.service.js';
import { defineOperation, type Operation } from '@propfolio/core';

/** The public catalog: prop-firm plans and articles. No key needed; a key that is sent must be valid. */
export function catalogOperations(catalog: CatalogService): Operation[] {
  return [
    defineOperation({
      name: 'search_plans',
      title: 'Search prop-firm plans',
      description:
        "Finds prop-firm plans. Returns list prices before coupons, rules (null: unknown), checkedOn and stale (then tell the user to check the firm's site); for an unknown firm, suggestions.",
      auth: 'public',
      input: PlanQuery,
      output: PlanSearchAnswerSchema,
      readOnly: true,
      idempotent: true,
      cacheable: 'catalog',
      rest: { method: 'GET', path: '/plans' },
      run: (_ctx, input) => catalog.answerPlanSearch(input),
    }),
    defineOperation({
      name: 'get_plan_price_history',
      title: 'Plan price history',
      description: "Returns a plan's list prices before coupons, newest first, each in force from its checkedOn.",
      auth: 'public',
      input: PlanPriceHistoryQuery,
      output: PlanPriceHistorySchema,
      readOnly: true,
      idempotent: true,
      cacheable: 'catalog',
      rest: { method: 'GET', path: '/plans/:id/prices' },
      run: (_ctx, input) => catalog.planPriceHistory(input),
    }),
    defineOperation({
      name: 'search_articles',
      title: 'Search articles',
      description:
        "Searches Propfolio's Japanese and English articles (challenges, payouts, Japanese taxes, the EA). Returns hits with a snippet (matches in <mark>) and checkedOn.",
      auth: 'public',
      input: ArticleQuery,
      output: ArticleSearchResultSchema,
      readOnly: true,
      idempotent: true,
      cacheable: 'catalog',
      rest: { method: 'GET', path: '/articles' },
      run: (_ctx, input) => catalog.searchArticles(input),
    }),
    defineOperation({
      name: 'get_article',
      title: 'Read an article',
      description: "Returns one article's full Markdown and metadata.",
      auth: 'public',
      input: ArticleSlugParams,
      output: ArticleDetailSchema,
      readOnly: true,
      idempotent: true,
      cacheable: 'catalog',
      rest: { method: 'GET', path: '/articles/:slug' },
      run: (_ctx, input) => catalog.getArticle(input.slug),
    }),
  ];
}
