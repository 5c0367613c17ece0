import { ArticleDetailSchema, ArticleSearchResultSchema, PlanPriceHistorySchema, PlanSearchAnswerSchema } from './catalog.outputs.js';
import { ArticleQuery, ArticleSlugParams } from './articles.inputs.js';
import { PlanPriceHistoryQuery, PlanQuery } from './plans.inputs.js';
import { type CatalogService } from './catalog.service.js';
import { defineOperation, type Operation } from '@propfolio/core';

/** The public catalog: prop-firm plans and articles. No key needed; a key that is sent must be valid. */
export function catalogOperations(catalog: CatalogService): Operation[] {
  return [
    defineOperation({
      name: 'search_plans',
      title: 'Search prop-firm plans',
      description:
        'Find prop-firm challenge plans by firm (slug or name, any case or width: "ftmo", "ＦＴＭＯ", "the 5ers"), ' +
        'number of phases (0 = instant funding), account size, maximum price, currency and billing. Prices are ' +
        'list prices before coupons or discounts; each plan carries `checkedOn` (when the source was read), ' +
        '`ageDays` and `stale`: when stale is true, tell the user the information may be out of date and to check ' +
        'the firm’s site. Rules are structured (targets, daily and maximum loss with their basis, minimum days, ' +
        'payout split and cadence, refund, EA/news/weekend policies); null means unknown, never guessed. An unknown ' +
        'firm returns no plans and `suggestions` with the closest known firm names. By default the answer groups the ' +
        'plans under their program (`programs`: the rules, dates and source once, then each size with its plan `id` and ' +
        'price), a few KB for one firm; `detail: "full"` answers `items` instead, one whole row per plan repeating its ' +
        'program’s rules. Paginated with `cursor` (`limit` counts plans, i.e. sizes).',
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
        'The list prices one plan (its `id` from search_plans) has had, newest first: an entry each time the catalog saw a ' +
        'different list price, in force from its `checkedOn` (when the source was read) until the next entry. List prices ' +
        'before coupons or discounts. Use it when the user asks whether a plan got cheaper or dearer; search_plans already ' +
        'gives the current price. An unknown id is a not_found error. Paginated with `cursor`.',
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
        'Search Propfolio’s articles (Japanese and English) about prop-firm challenges, drawdown rules, payouts, ' +
        'taxes in Japan, the EA P&L tracker and the EA settings assistant. Every space-separated word must match; ' +
        'Japanese works without spaces, full-width and katakana/hiragana are folded. Returns hits ranked title first ' +
        'with a snippet (matches wrapped in <mark></mark>) and `checkedOn`; an empty query lists the newest articles. Use ' +
        'get_article for the full text. Paginated with `cursor`.',
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
        'The full Markdown text and metadata (title, summary, tags, language, checkedOn, publishedAt) of one article, ' +
        'by the slug that search_articles returned. An unknown slug is a not_found error.',
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
