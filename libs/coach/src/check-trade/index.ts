export {
  checkTrade,
  MAX_CHECKED_VOLUME,
  riskAmountOf,
  type CheckTradeInput,
  type CheckedHeadroom,
  type TradeRisk,
  type TradeCheck,
  type RuleCheck,
  type CheckedRule,
} from './check-trade.js';
