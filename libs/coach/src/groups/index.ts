export { checkGroupTrade, type GroupMember, type GroupMemberCheck, type GroupTradeCheck } from './group-trade.js';
export { matchSignals, DEFAULT_SIGNAL_WINDOW_MS, type SignalTrade } from './signals.js';
