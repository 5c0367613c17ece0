export {
  NewsRuleSchema,
  NewsRuleFields,
  NEWS_STAGES,
  NEWS_PENALTIES,
  CALENDAR_IMPACTS,
  type NewsRule,
  type NewsStage,
  type NewsPenalty,
  type CalendarImpact,
} from './news-rule.js';
export {
  newsRuleApplies,
  newsStageOf,
  releaseAffects,
  restrictingReleases,
  windowOf,
  newsVerdictAt,
  nextNewsWindows,
  type CalendarRelease,
  type NewsWindow,
  type NewsVerdict,
  type SymbolsWindow,
} from './news-windows.js';
export { symbolCurrencies, CALENDAR_CURRENCIES } from './symbol-currencies.js';
