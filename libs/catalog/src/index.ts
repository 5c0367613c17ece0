export { importCatalog, type ImportOptions, type ImportReport } from './import/import-catalog.js';
export { CatalogService, type CatalogServiceOptions } from './catalog.service.js';
export type { PlanRulesOnDate } from './search/plan-rules-on.js';
export { matchPlan, readPlanText, type MatchablePlan, type PlanMatch, type PlanText } from './search/plan-match.js';
export {
  PlanQuery,
  PlanPriceHistoryQuery,
  PLAN_SORTS,
  type PlanSort,
  ArticleQuery,
  ArticleSlugParams,
  MAX_QUERY_LENGTH,
} from './catalog.inputs.js';
export {
  PlanItemSchema,
  PlanSearchResultSchema,
  PlanSearchAnswerSchema,
  PlanProgramSchema,
  PLAN_DETAILS,
  PlanPriceOnDateSchema,
  PlanPriceHistorySchema,
  ArticleHitSchema,
  ArticleSearchResultSchema,
  ArticleDetailSchema,
  ARTICLE_SLUG_PATTERN,
  PRICE_NOTE,
  type PlanItem,
  type PlanSearchResult,
  type PlanSearchAnswer,
  type PlanProgram,
  type PlanDetail,
  type PlanPriceOnDate,
  type PlanPriceHistory,
  type ArticleHit,
  type ArticleSearchResult,
  type ArticleDetail,
} from './catalog.outputs.js';
export {
  PlanRulesSchema,
  RolloverSchema,
  type PlanRules,
  type Rollover,
  type DailyLoss,
  type MaxLoss,
  type DailyLossBasis,
  type MaxLossType,
  type Policy,
  type Permission,
} from './schemas/rules.js';
export { firmRulesForEa } from './ea/firm-rules-for-ea.js';
export { catalogDataDir } from './data-dir.js';
// The plan files as read from disk, for tools that need the catalog without a database (tools/planfit/calibration.ts).
export { loadPlanCatalog, type PlanRecord } from './data/plan-files.js';
export { type FirmCrossAccount, firmOfChallenge } from './cross-account/firm-cross-account.js';
export {
  CrossAccountRulesSchema,
  CROSS_ACCOUNT_HEDGING,
  ALLOCATION_COUNTS,
  COPY_TRADING,
  type CrossAccountRules,
} from './schemas/cross-account.js';
// The article search's parts the catalog bench (tools/bench/suites/catalog.ts) measures on their own.
export { searchArticles } from './search/article-search.js';
export { flushSearchIndex } from './import/import-catalog.js';
export { articleIndexFields } from './text/article-index.js';
export { catalogOperations } from './catalog.operations.js';
export { firmRulesFromCatalog, type FirmRulesChoice, type PlanHints } from './ea/plan-for-ea.js';
