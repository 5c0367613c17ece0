export { judgeTradeRules, MAX_LISTED, type TradeRulesInput } from './judge.js';
export {
  challengeTradeRules,
  planTradeRules,
  readTrades,
  NO_TRADE_RULES,
  type OpenPositionFact,
  type TradeFact,
  type PlanTradeRules,
  type Permission,
} from './trades.js';
export { nextWeekendClose, weekendHolds } from './weekend.js';
export { firmDayNamer, type FirmDayNamer } from './days.js';
export { hedges } from './hedging.js';
export { riskPerTrade } from './risk.js';
export { bestDayOf } from './best-day.js';
export { TradeRulesSchema, type TradeRules, type TradeRef } from './schema.js';
