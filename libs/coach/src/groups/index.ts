export { checkGroupTrade, type GroupMember, type GroupMemberCheck, type GroupTradeCheck } from './group-trade.js';
export {
  groupGuardLevels,
  type GroupGuard,
  type GroupGuardLevels,
  type GuardMember,
  type GuardRule,
  type MemberGuardLevels,
} from './guard-levels.js';
export { matchSignals, DEFAULT_SIGNAL_WINDOW_MS, type SignalTrade } from './signals.js';
