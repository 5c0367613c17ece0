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
  type NotChecked,
} from './check-trade.js';
