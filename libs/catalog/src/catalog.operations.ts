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
        'Use to find or compare prop-firm plans and their rules. Returns list prices before coupons and structured rules ' +
        '(null means unknown, never guessed), each with `checkedOn` and `stale`: when stale, tell the user to check the ' +
        'firm’s site. An unknown firm returns `suggestions`. Paginated: pass `nextCursor` back as `cursor`.',
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
      title: 'Price history of a plan',
      description:
        'Use when the user asks whether a plan got cheaper or dearer (search_plans gives the current price). Returns its ' +
        'list prices before coupons, newest first, each in force from its `checkedOn` until the next. An unknown id is a ' +
        'not_found error. Paginated: pass `nextCursor` back as `cursor`.',
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
        'Searches Propfolio’s articles (Japanese and English) on prop-firm challenges and rules, payouts, taxes in Japan, ' +
        'the EA tracker and EA settings. Returns hits ranked title first, each with a snippet (matches in <mark></mark>) ' +
        'and `checkedOn`; get_article gives the full text. Paginated: pass `nextCursor` back as `cursor`.',
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
      description:
        'Returns the full Markdown text and metadata (title, summary, tags, language, checkedOn, publishedAt) of one ' +
        'article, by the slug search_articles returned. An unknown slug is a not_found error.',
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
