import { buildSet, type BuildChange } from '../build/build-set.js';
import type { PropFirmRules } from '../firm.js';
import { diagnoseSet } from '../api/diagnose-set.js';
import { crossRules } from './cross-rules.js';
import { firmRules } from './firm-checks.js';

type Purpose = 'live' | 'tester';
type Fixture = { fail: BuildChange[]; pass: BuildChange[]; purpose?: Purpose; passPurpose?: Purpose; firm?: Partial<PropFirmRules> };
const c = (ref: string, value: string | number | boolean): BuildChange => ({ ref, value });

/** A failing and a passing set of changes (over the defaults) for every rule. */
const fixtures: Record<string, Fixture> = {
  trailing_start_inside_break_even: { fail: [c('TrailingStartPoints', 100)], pass: [c('TrailingStartPoints', 300)] },
  rr_take_profit_below_stop_loss: { fail: [c('RiskRewardRatio', 0.5)], pass: [c('RiskRewardRatio', 1.5)] },
  rr_mode_without_stop_loss: { fail: [c('StopLossMode', 0), c('LotMode', 0)], pass: [c('StopLossMode', 1)] },
  risk_lot_without_stop_loss: {
    fail: [c('StopLossMode', 0), c('TakeProfitMode', 1)],
    pass: [c('StopLossMode', 2), c('TakeProfitMode', 1)],
  },
  time_filter_start_equals_end: {
    fail: [c('TimeFilterEnabled', true), c('TradeStartTime', '08:00'), c('TradeEndTime', '08:00')],
    pass: [c('TimeFilterEnabled', true)],
  },
  martingale_without_lot_cap: { fail: [c('MartingaleEnabled', true)], pass: [c('MartingaleEnabled', true), c('MartingaleMaxLot', 1)] },
  daily_loss_guard_off: { fail: [c('DailyLossGuardEnabled', false)], pass: [c('DailyLossGuardEnabled', false)], passPurpose: 'tester' },
  total_risk_too_high: { fail: [c('RiskPercent', 2), c('MaxOpenPositions', 5)], pass: [c('RiskPercent', 1), c('MaxOpenPositions', 5)] },
  news_gmt_offset_inconsistent: {
    fail: [c('NewsUseMt5Calendar', false), c('GmtOffsetMode', 1), c('DstMode', 0)],
    pass: [c('NewsUseMt5Calendar', false), c('GmtOffsetMode', 1), c('DstMode', 2)],
  },
  news_window_zero: { fail: [c('NewsMinutesBefore', 0), c('NewsMinutesAfter', 0)], pass: [c('NewsMinutesBefore', 0)] },
  grid_without_drawdown_guard: { fail: [c('GridEnabled', true), c('MaxDrawdownGuardEnabled', false)], pass: [c('GridEnabled', true)] },
  grid_with_martingale: {
    fail: [c('GridEnabled', true), c('MartingaleEnabled', true), c('MartingaleMaxLot', 1)],
    pass: [c('GridEnabled', true)],
  },
  break_even_lock_beyond_trigger: { fail: [c('BreakEvenLockPoints', 250)], pass: [c('BreakEvenLockPoints', 50)] },
  trailing_step_exceeds_distance: { fail: [c('TrailingStepPoints', 300)], pass: [c('TrailingStepPoints', 100)] },
  partial_close_over_100: {
    fail: [c('PartialCloseEnabled', true), c('Partial1Percent', 60), c('Partial2Percent', 40)],
    pass: [c('PartialCloseEnabled', true)],
  },
  partial_levels_out_of_order: {
    fail: [c('PartialCloseEnabled', true), c('Partial2TriggerPoints', 200)],
    pass: [c('PartialCloseEnabled', true)],
  },
  max_lot_below_min_lot: { fail: [c('MinLot', 1), c('MaxLot', 0.5)], pass: [c('MinLot', 0.5), c('MaxLot', 1)] },
  fixed_lot_outside_limits: { fail: [c('LotMode', 0), c('FixedLot', 10)], pass: [c('LotMode', 0), c('FixedLot', 1)] },
  friday_cutoff_after_close: { fail: [c('FridayNoNewTradesTime', '22:00')], pass: [c('FridayNoNewTradesTime', '17:00')] },
  weekend_close_needs_friday_close: {
    fail: [c('FridayCloseEnabled', false)],
    pass: [c('FridayCloseEnabled', false), c('WeekendCloseAll', false)],
  },
  daily_loss_not_below_total: { fail: [c('DailyLossPercent', 9)], pass: [c('DailyLossPercent', 3)] },
  no_trading_days: {
    fail: ['TradeMonday', 'TradeTuesday', 'TradeWednesday', 'TradeThursday', 'TradeFriday'].map((d) => c(d, false)),
    pass: [c('TradeMonday', false)],
  },
  no_trade_direction: { fail: [c('AllowBuy', false), c('AllowSell', false)], pass: [c('AllowBuy', false)] },
  no_session_selected: {
    fail: [c('SessionFilterEnabled', true), c('TradeTokyo', false), c('TradeLondon', false), c('TradeNewYork', false)],
    pass: [c('SessionFilterEnabled', true), c('TradeTokyo', false)],
  },
  no_stop_loss_live: {
    fail: [c('StopLossMode', 0), c('LotMode', 0), c('TakeProfitMode', 1)],
    pass: [c('LotMode', 0), c('TakeProfitMode', 1)],
  },
  hidden_stop_without_stop: {
    fail: [c('HiddenStopLoss', true), c('StopLossMode', 0), c('LotMode', 0), c('TakeProfitMode', 1)],
    pass: [c('HiddenStopLoss', true)],
  },
  per_symbol_above_total: { fail: [c('MaxPositionsPerSymbol', 5)], pass: [c('MaxPositionsPerSymbol', 3)] },
  atr_floor_above_cap: { fail: [c('AtrMinPoints', 500), c('AtrMaxPoints', 100)], pass: [c('AtrMinPoints', 50)] },
  stop_loss_min_above_max: { fail: [c('StopLossMinPoints', 3000)], pass: [c('StopLossMinPoints', 100)] },
  magic_number_zero: { fail: [c('MagicNumber', 0)], pass: [c('MagicNumber', 7)] },
  signal_fast_not_below_slow: { fail: [c('SignalMaFast', 60)], pass: [c('SignalMaFast', 10)] },
  gmt_auto_in_tester: { fail: [], pass: [c('GmtOffsetMode', 1)], purpose: 'tester' },
  firm_daily_loss_guard_off: { fail: [c('DailyLossGuardEnabled', false)], pass: [], firm: {} },
  firm_daily_loss_looser_than_firm: { fail: [c('DailyLossPercent', 5)], pass: [c('DailyLossPercent', 4)], firm: {} },
  firm_daily_loss_no_margin: { fail: [c('DailyLossPercent', 4.5)], pass: [c('DailyLossPercent', 3.5)], firm: {} },
  firm_max_loss_guard_off: { fail: [c('MaxDrawdownGuardEnabled', false)], pass: [], firm: {} },
  firm_max_loss_looser_than_firm: { fail: [c('MaxDrawdownPercent', 10)], pass: [c('MaxDrawdownPercent', 8)], firm: {} },
  firm_max_loss_no_margin: { fail: [c('MaxDrawdownPercent', 9)], pass: [c('MaxDrawdownPercent', 7)], firm: {} },
  firm_daily_basis_mismatch: { fail: [c('DailyLossBasis', 2)], pass: [c('DailyLossBasis', 0)], firm: {} },
  firm_daily_loss_excludes_floating: { fail: [c('DailyLossIncludeFloating', false)], pass: [], firm: {} },
  firm_max_loss_type_mismatch: { fail: [], pass: [], firm: { maxLossType: 'trailing_equity' } },
  firm_ea_banned: { fail: [], pass: [], firm: { eaPolicy: 'banned' } },
  firm_ea_restricted: { fail: [], pass: [], firm: { eaPolicy: 'restricted' } },
  firm_news_filter_off: { fail: [c('NewsFilterEnabled', false)], pass: [], firm: {} },
  firm_news_window_before_short: { fail: [c('NewsMinutesBefore', 1)], pass: [], firm: {} },
  firm_news_window_after_short: { fail: [c('NewsMinutesAfter', 1)], pass: [], firm: {} },
  firm_news_positions_held: { fail: [], pass: [c('NewsCloseBefore', true)], firm: { newsTrading: 'banned' } },
  firm_weekend_holding: { fail: [c('WeekendCloseAll', false)], pass: [], firm: {} },
  firm_weekend_friday_close_off: { fail: [c('FridayCloseEnabled', false), c('WeekendCloseAll', false)], pass: [], firm: {} },
  firm_risk_per_trade_exceeded: { fail: [c('RiskPercent', 1.5)], pass: [], firm: {} },
  firm_risk_per_trade_unchecked: { fail: [c('LotMode', 0)], pass: [], firm: {} },
  firm_hedging_banned: { fail: [c('AllowHedging', true)], pass: [], firm: {} },
  firm_total_risk_exceeds_daily: { fail: [c('MaxOpenPositions', 5)], pass: [], firm: {} },
  firm_grid_enabled: { fail: [c('GridEnabled', true)], pass: [], firm: {} },
  firm_martingale_enabled: { fail: [c('MartingaleEnabled', true), c('MartingaleMaxLot', 1)], pass: [], firm: {} },
};

const baseFirm: PropFirmRules = {
  firm: 'TestFirm',
  dailyLossPercent: 5,
  dailyLossBasis: 'day_start_balance',
  maxLossPercent: 10,
  maxLossType: 'static',
  eaPolicy: 'allowed',
  newsTrading: 'restricted',
  newsWindowMinutes: 5,
  weekendHolding: 'banned',
  maxRiskPerTradePercent: 1,
  hedging: 'banned',
};

function codes(changes: BuildChange[], purpose: Purpose, firmOverrides: Partial<PropFirmRules> | undefined): string[] {
  const built = buildSet({ changes });
  const firmRulesInput = firmOverrides ? { ...baseFirm, ...firmOverrides } : undefined;
  return diagnoseSet({ content: built.bytes, purpose, ...(firmRulesInput ? { firmRules: firmRulesInput } : {}) }).findings.map(
    (x) => x.code,
  );
}

describe('cross-input and prop-firm rules', () => {
  it('has a fixture for every rule and at least 15 cross-input rules', () => {
    const all = [...crossRules, ...firmRules].map((r) => r.code).sort();
    expect(Object.keys(fixtures).sort()).toEqual(all);
    expect(crossRules.length).toBeGreaterThanOrEqual(15);
  });

  it.each(Object.entries(fixtures))('%s fails on its failing fixture and passes on its passing one', (code, f) => {
    expect(codes(f.fail, f.purpose ?? 'live', f.firm)).toContain(code);
    // A firm rule whose failing fixture is the firm itself passes once that firm fact is unknown or allowed.
    const passFirm =
      f.firm && Object.keys(f.firm).length > 0
        ? Object.fromEntries(Object.keys(f.firm).map((k) => [k, k === 'maxLossType' ? 'static' : 'allowed']))
        : f.firm;
    expect(codes(f.pass, f.passPurpose ?? f.purpose ?? 'live', passFirm)).not.toContain(code);
  });

  it('every finding of a rule points at its input and carries a usable fix', () => {
    const built = buildSet({ changes: [c('TrailingStartPoints', 100)] });
    const finding = diagnoseSet({ content: built.bytes }).findings.find((x) => x.code === 'trailing_start_inside_break_even');
    expect(finding).toMatchObject({ number: '11-2', name: 'TrailingStartPoints', fix: { kind: 'set_value', value: '200' } });
    expect(finding?.line).toBeGreaterThan(0);
    const fixed = buildSet({ base: { content: built.bytes }, changes: [{ ref: 'TrailingStartPoints', value: '200' }] });
    expect(diagnoseSet({ content: fixed.bytes }).findings.map((x) => x.code)).not.toContain('trailing_start_inside_break_even');
  });
});
