import { timeToMinutes } from '../catalog/values.js';
import { lt } from '../text/i18n.js';
import type { Rule, Values } from './rule.js';

/** Total open risk (risk % × maximum positions) above which a single bad day can end an account. */
const SANE_TOTAL_RISK_PERCENT = 5;

const floor2 = (n: number): number => Math.floor(n * 100) / 100;
const hhmm = (minutes: number): string => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const allOff = (v: Values, names: readonly string[]): boolean => names.every((n) => !v.b(n));
const DAYS = ['TradeMonday', 'TradeTuesday', 'TradeWednesday', 'TradeThursday', 'TradeFriday', 'TradeSunday'] as const;
const SESSIONS = ['TradeTokyo', 'TradeLondon', 'TradeNewYork'] as const;

/** Rules across inputs that users trip over; each has a failing and a passing fixture in rules.spec.ts. */
export const crossRules: readonly Rule<null>[] = [
  {
    code: 'trailing_start_inside_break_even',
    severity: 'warning',
    target: 'TrailingStartPoints',
    inputs: ['TrailingMode', 'BreakEvenEnabled', 'BreakEvenMode', 'TrailingStartPoints', 'BreakEvenTriggerPoints'],
    broken: (v) =>
      v.n('TrailingMode') !== 0 &&
      v.b('BreakEvenEnabled') &&
      v.n('BreakEvenMode') === 0 &&
      v.n('TrailingStartPoints') < v.n('BreakEvenTriggerPoints'),
    fix: (v) => v.n('BreakEvenTriggerPoints'),
    message: (v) =>
      lt(
        `トレーリング開始（${v.n('TrailingStartPoints')}）が建値移動の発動幅（${v.n('BreakEvenTriggerPoints')}）より手前です。建値移動の前にトレーリングが損切りを動かし、建値移動が意味を持ちません。`,
        `Trailing starts (${v.n('TrailingStartPoints')}) before break-even triggers (${v.n('BreakEvenTriggerPoints')}), so trailing moves the stop first and break-even never matters.`,
      ),
  },
  {
    code: 'rr_take_profit_below_stop_loss',
    severity: 'warning',
    target: 'RiskRewardRatio',
    inputs: ['TakeProfitMode', 'RiskRewardRatio'],
    broken: (v) => v.n('TakeProfitMode') === 3 && v.n('RiskRewardRatio') < 1,
    fix: () => 1,
    message: (v) =>
      lt(
        `リスクリワード比が${v.n('RiskRewardRatio')}で、利確幅が損切り幅より小さくなります。勝率がかなり高くないと損失が続きます。`,
        `A risk:reward ratio of ${v.n('RiskRewardRatio')} puts the target closer than the stop; you need a very high win rate to break even.`,
      ),
  },
  {
    code: 'rr_mode_without_stop_loss',
    severity: 'error',
    target: 'StopLossMode',
    inputs: ['TakeProfitMode', 'StopLossMode'],
    broken: (v) => v.n('TakeProfitMode') === 3 && v.n('StopLossMode') === 0,
    fix: () => 1,
    message: () =>
      lt(
        '利確がリスクリワード比方式なのに損切りが「なし」です。損切り幅がないので利確を計算できません。',
        'Take profit uses risk:reward but there is no stop loss, so the target cannot be computed.',
      ),
  },
  {
    code: 'risk_lot_without_stop_loss',
    severity: 'error',
    target: 'StopLossMode',
    inputs: ['LotMode', 'StopLossMode'],
    broken: (v) => v.n('LotMode') === 1 && v.n('StopLossMode') === 0,
    fix: () => 1,
    message: () =>
      lt(
        'ロットが%リスク方式なのに損切りが「なし」です。ロットを計算できず最小ロットになります。',
        'Lot sizing is risk % but there is no stop loss, so the lot cannot be computed and falls back to the minimum.',
      ),
  },
  {
    code: 'time_filter_start_equals_end',
    severity: 'error',
    target: 'TradeEndTime',
    inputs: ['TimeFilterEnabled', 'TradeStartTime', 'TradeEndTime'],
    broken: (v) => v.b('TimeFilterEnabled') && v.s('TradeStartTime').trim() === v.s('TradeEndTime').trim(),
    fix: (v) => hhmm((timeToMinutes(v.s('TradeStartTime')) ?? 0) + 8 * 60),
    message: (v) =>
      lt(
        `時間フィルターの開始と終了が同じ（${v.s('TradeStartTime')}）で、取引できる時間がありません。`,
        `The time filter starts and ends at the same time (${v.s('TradeStartTime')}), leaving no trading window.`,
      ),
  },
  {
    code: 'martingale_without_lot_cap',
    severity: 'error',
    target: 'MartingaleMaxLot',
    inputs: ['MartingaleEnabled', 'MartingaleMaxLot', 'MaxLot'],
    broken: (v) => v.b('MartingaleEnabled') && v.n('MartingaleMaxLot') === 0,
    fix: (v) => v.n('MaxLot'),
    message: () =>
      lt(
        'マーチンゲールが有効なのにロットの上限がありません（0）。連敗するとロットが際限なく増えます。',
        'Martingale is on with no lot cap (0); a losing streak grows the lot without limit.',
      ),
  },
  {
    code: 'daily_loss_guard_off',
    severity: 'warning',
    target: 'DailyLossGuardEnabled',
    inputs: ['DailyLossGuardEnabled'],
    only: 'live',
    broken: (v) => !v.b('DailyLossGuardEnabled'),
    fix: () => true,
    message: () =>
      lt('日次損失ガードがオフです。1日の損失に歯止めがありません。', "The daily loss guard is off; nothing limits a day's loss."),
  },
  {
    code: 'total_risk_too_high',
    severity: 'warning',
    target: 'RiskPercent',
    inputs: ['LotMode', 'RiskPercent', 'MaxOpenPositions'],
    broken: (v) => v.n('LotMode') === 1 && v.n('RiskPercent') * v.n('MaxOpenPositions') > SANE_TOTAL_RISK_PERCENT,
    fix: (v) => Math.max(0.01, floor2(SANE_TOTAL_RISK_PERCENT / Math.max(1, v.n('MaxOpenPositions')))),
    message: (v) =>
      lt(
        `1トレード${v.n('RiskPercent')}% × 最大${v.n('MaxOpenPositions')}ポジションで、全部損切りされると${(v.n('RiskPercent') * v.n('MaxOpenPositions')).toFixed(2)}%失います（目安は${SANE_TOTAL_RISK_PERCENT}%以内）。`,
        `${v.n('RiskPercent')}% per trade × ${v.n('MaxOpenPositions')} positions risks ${(v.n('RiskPercent') * v.n('MaxOpenPositions')).toFixed(2)}% if all stop out (keep it within ${SANE_TOTAL_RISK_PERCENT}%).`,
      ),
  },
  {
    code: 'news_gmt_offset_inconsistent',
    severity: 'warning',
    target: 'GmtOffsetMode',
    inputs: ['NewsFilterEnabled', 'NewsUseMt5Calendar', 'GmtOffsetMode', 'DstMode'],
    broken: (v) => v.b('NewsFilterEnabled') && !v.b('NewsUseMt5Calendar') && v.n('GmtOffsetMode') === 1 && v.n('DstMode') === 0,
    fix: () => 0,
    message: () =>
      lt(
        '外部カレンダーのニュース時刻を、夏時間なしの手動GMT差で換算しています。夏時間の期間は1時間ずれ、指標の直前・直後に取引してしまいます。',
        'External news times are converted with a manual GMT offset and no daylight saving, so for half the year the news window is off by an hour.',
      ),
  },
  {
    code: 'news_window_zero',
    severity: 'warning',
    target: 'NewsMinutesBefore',
    inputs: ['NewsFilterEnabled', 'NewsMinutesBefore', 'NewsMinutesAfter'],
    broken: (v) => v.b('NewsFilterEnabled') && v.n('NewsMinutesBefore') === 0 && v.n('NewsMinutesAfter') === 0,
    fix: () => 30,
    message: () =>
      lt(
        'ニュースフィルターが有効ですが、前後の停止時間がどちらも0分で何も止めません。',
        'The news filter is on but both windows are 0 minutes, so it blocks nothing.',
      ),
  },
  {
    code: 'grid_without_drawdown_guard',
    severity: 'error',
    target: 'MaxDrawdownGuardEnabled',
    inputs: ['GridEnabled', 'MaxDrawdownGuardEnabled'],
    broken: (v) => v.b('GridEnabled') && !v.b('MaxDrawdownGuardEnabled'),
    fix: () => true,
    message: () =>
      lt(
        'ナンピンが有効なのに最大ドローダウンガードがオフです。含み損が口座全体に広がります。',
        'Grid averaging is on without the drawdown guard; the floating loss can take the whole account.',
      ),
  },
  {
    code: 'grid_with_martingale',
    severity: 'warning',
    target: 'MartingaleEnabled',
    inputs: ['GridEnabled', 'MartingaleEnabled'],
    broken: (v) => v.b('GridEnabled') && v.b('MartingaleEnabled'),
    fix: () => false,
    message: () =>
      lt(
        'ナンピンとマーチンゲールを同時に使うと、ロットと段数の両方で損失が膨らみます。',
        'Grid and martingale together compound the loss through both lot size and levels.',
      ),
  },
  {
    code: 'break_even_lock_beyond_trigger',
    severity: 'error',
    target: 'BreakEvenLockPoints',
    inputs: ['BreakEvenEnabled', 'BreakEvenMode', 'BreakEvenLockPoints', 'BreakEvenTriggerPoints'],
    broken: (v) => v.b('BreakEvenEnabled') && v.n('BreakEvenMode') === 0 && v.n('BreakEvenLockPoints') >= v.n('BreakEvenTriggerPoints'),
    fix: (v) => Math.floor(v.n('BreakEvenTriggerPoints') / 4),
    message: (v) =>
      lt(
        `建値移動の確保幅（${v.n('BreakEvenLockPoints')}）が発動幅（${v.n('BreakEvenTriggerPoints')}）以上です。損切りが現在値より先になりサーバーに拒否されます。`,
        `The break-even lock (${v.n('BreakEvenLockPoints')}) is not below the trigger (${v.n('BreakEvenTriggerPoints')}); the stop would be beyond the price and the server rejects it.`,
      ),
  },
  {
    code: 'trailing_step_exceeds_distance',
    severity: 'warning',
    target: 'TrailingStepPoints',
    inputs: ['TrailingMode', 'TrailingStepPoints', 'TrailingDistancePoints'],
    broken: (v) => [1, 3].includes(v.n('TrailingMode')) && v.n('TrailingStepPoints') > v.n('TrailingDistancePoints'),
    fix: (v) => Math.max(1, Math.floor(v.n('TrailingDistancePoints') / 4)),
    message: () =>
      lt(
        'トレーリングの刻みが距離より大きく、損切りがまとめて大きく動くため利益を取り逃します。',
        'The trailing step is larger than the distance, so the stop jumps in big steps and gives back profit.',
      ),
  },
  {
    code: 'partial_close_over_100',
    severity: 'error',
    target: 'Partial2Percent',
    inputs: ['PartialCloseEnabled', 'Partial1Percent', 'Partial2Percent'],
    broken: (v) => v.b('PartialCloseEnabled') && v.n('Partial1Percent') + v.n('Partial2Percent') >= 100,
    fix: (v) => Math.max(0, Math.floor((100 - v.n('Partial1Percent')) / 2)),
    message: () =>
      lt(
        '部分決済の割合の合計が100%以上で、利確まで残るポジションがありません。',
        'The partial closes add up to 100% or more, leaving nothing to run to the target.',
      ),
  },
  {
    code: 'partial_levels_out_of_order',
    severity: 'warning',
    target: 'Partial2TriggerPoints',
    inputs: ['PartialCloseEnabled', 'Partial2Percent', 'Partial1TriggerPoints', 'Partial2TriggerPoints'],
    broken: (v) => v.b('PartialCloseEnabled') && v.n('Partial2Percent') > 0 && v.n('Partial2TriggerPoints') <= v.n('Partial1TriggerPoints'),
    fix: (v) => v.n('Partial1TriggerPoints') * 2,
    message: () => lt('2回目の部分決済の発動幅が1回目以下です。', 'The second partial close triggers at or before the first.'),
  },
  {
    code: 'max_lot_below_min_lot',
    severity: 'error',
    target: 'MaxLot',
    inputs: ['MinLot', 'MaxLot'],
    broken: (v) => v.n('MaxLot') < v.n('MinLot'),
    fix: (v) => v.n('MinLot'),
    message: (v) =>
      lt(
        `最大ロット（${v.n('MaxLot')}）が最小ロット（${v.n('MinLot')}）より小さくなっています。`,
        `The maximum lot (${v.n('MaxLot')}) is below the minimum lot (${v.n('MinLot')}).`,
      ),
  },
  {
    code: 'fixed_lot_outside_limits',
    severity: 'warning',
    target: 'FixedLot',
    inputs: ['LotMode', 'FixedLot', 'MinLot', 'MaxLot'],
    broken: (v) => v.n('LotMode') === 0 && (v.n('FixedLot') < v.n('MinLot') || v.n('FixedLot') > v.n('MaxLot')),
    fix: (v) => Math.min(Math.max(v.n('FixedLot'), v.n('MinLot')), v.n('MaxLot')),
    message: () =>
      lt('固定ロットが最小・最大ロットの範囲外で、上下限に丸められます。', 'The fixed lot is outside the min/max lot and gets clamped.'),
  },
  {
    code: 'friday_cutoff_after_close',
    severity: 'warning',
    target: 'FridayNoNewTradesTime',
    inputs: ['FridayCloseEnabled', 'FridayNoNewTradesTime', 'FridayCloseTime'],
    broken: (v) =>
      v.b('FridayCloseEnabled') && (timeToMinutes(v.s('FridayNoNewTradesTime')) ?? 0) >= (timeToMinutes(v.s('FridayCloseTime')) ?? 1440),
    fix: (v) => hhmm(Math.max(0, (timeToMinutes(v.s('FridayCloseTime')) ?? 1260) - 180)),
    message: () =>
      lt(
        '金曜の新規停止時刻が決済時刻以降で、決済直前に新しいポジションを持つことがあります。',
        'The Friday cut-off is not before the Friday close, so new trades can open right before everything is closed.',
      ),
  },
  {
    code: 'weekend_close_needs_friday_close',
    severity: 'warning',
    target: 'FridayCloseEnabled',
    inputs: ['WeekendCloseAll', 'FridayCloseEnabled'],
    broken: (v) => v.b('WeekendCloseAll') && !v.b('FridayCloseEnabled'),
    fix: () => true,
    message: () =>
      lt(
        '「週末前に全決済」は金曜の決済時刻で動きますが、金曜決済がオフのため働きません。',
        '"Close all before weekend" runs at the Friday close time, which is off, so it never fires.',
      ),
  },
  {
    code: 'daily_loss_not_below_total',
    severity: 'warning',
    target: 'DailyLossPercent',
    inputs: ['DailyLossGuardEnabled', 'MaxDrawdownGuardEnabled', 'DailyLossPercent', 'MaxDrawdownPercent'],
    broken: (v) => v.b('DailyLossGuardEnabled') && v.b('MaxDrawdownGuardEnabled') && v.n('DailyLossPercent') >= v.n('MaxDrawdownPercent'),
    fix: (v) => Math.max(0.1, Math.round(v.n('MaxDrawdownPercent') * 5) / 10),
    message: () =>
      lt(
        '日次損失の上限が最大ドローダウン以上で、1日で口座の上限まで負けられます。',
        'The daily loss limit is not below the total drawdown limit, so one day can use up the whole allowance.',
      ),
  },
  {
    code: 'no_trading_days',
    severity: 'error',
    target: 'TradeMonday',
    inputs: DAYS,
    broken: (v) => allOff(v, DAYS),
    fix: () => true,
    message: () => lt('取引する曜日がひとつもありません。', 'No weekday allows trading.'),
  },
  {
    code: 'no_trade_direction',
    severity: 'error',
    target: 'AllowBuy',
    inputs: ['AllowBuy', 'AllowSell'],
    broken: (v) => !v.b('AllowBuy') && !v.b('AllowSell'),
    fix: () => true,
    message: () => lt('買いも売りも許可されていません。', 'Neither buys nor sells are allowed.'),
  },
  {
    code: 'no_session_selected',
    severity: 'error',
    target: 'TradeLondon',
    inputs: ['SessionFilterEnabled', ...SESSIONS],
    broken: (v) => v.b('SessionFilterEnabled') && allOff(v, SESSIONS),
    fix: () => true,
    message: () =>
      lt(
        'セッションフィルターが有効ですが、取引するセッションがひとつも選ばれていません。',
        'The session filter is on but no session is selected.',
      ),
  },
  {
    code: 'no_stop_loss_live',
    severity: 'warning',
    target: 'StopLossMode',
    inputs: ['StopLossMode', 'LotMode', 'TakeProfitMode'],
    only: 'live',
    broken: (v) => v.n('StopLossMode') === 0 && v.n('LotMode') !== 1 && v.n('TakeProfitMode') !== 3,
    fix: () => 1,
    message: () => lt('損切りが「なし」です。急変時の損失に上限がありません。', 'There is no stop loss; a sudden move has no loss limit.'),
  },
  {
    code: 'hidden_stop_without_stop',
    severity: 'warning',
    target: 'HiddenStopLoss',
    inputs: ['HiddenStopLoss', 'StopLossMode'],
    broken: (v) => v.b('HiddenStopLoss') && v.n('StopLossMode') === 0,
    fix: () => false,
    message: () =>
      lt(
        '「損切りを隠す」がオンですが、損切りが「なし」なので意味がありません。',
        '"Hidden stop loss" is on but there is no stop loss to hide.',
      ),
  },
  {
    code: 'per_symbol_above_total',
    severity: 'info',
    target: 'MaxPositionsPerSymbol',
    inputs: ['MaxPositionsPerSymbol', 'MaxOpenPositions'],
    broken: (v) => v.n('MaxPositionsPerSymbol') > v.n('MaxOpenPositions'),
    fix: (v) => v.n('MaxOpenPositions'),
    message: () =>
      lt(
        '銘柄ごとの上限が全体の上限より大きく、実際には全体の上限で止まります。',
        'The per-symbol limit is above the total limit, which caps it anyway.',
      ),
  },
  {
    code: 'atr_floor_above_cap',
    severity: 'error',
    target: 'AtrMaxPoints',
    inputs: ['AtrMinPoints', 'AtrMaxPoints'],
    broken: (v) => v.n('AtrMaxPoints') > 0 && v.n('AtrMinPoints') > v.n('AtrMaxPoints'),
    fix: (v) => v.n('AtrMinPoints'),
    message: () => lt('ATRの下限が上限より大きくなっています。', 'The ATR floor is above the ATR cap.'),
  },
  {
    code: 'stop_loss_min_above_max',
    severity: 'error',
    target: 'StopLossMaxPoints',
    inputs: ['StopLossMinPoints', 'StopLossMaxPoints'],
    broken: (v) => v.n('StopLossMaxPoints') > 0 && v.n('StopLossMinPoints') > v.n('StopLossMaxPoints'),
    fix: (v) => v.n('StopLossMinPoints'),
    message: () =>
      lt(
        '損切り幅の下限が上限より大きく、どのエントリーも見送られます。',
        'The minimum stop distance is above the maximum, so every entry is skipped.',
      ),
  },
  {
    code: 'magic_number_zero',
    severity: 'warning',
    target: 'MagicNumber',
    inputs: ['MagicNumber'],
    broken: (v) => v.n('MagicNumber') === 0,
    fix: () => 240501,
    message: () =>
      lt(
        'マジックナンバーが0で、手動注文や他のEAの注文と区別できません。',
        'Magic number 0 cannot be told apart from manual orders and other EAs.',
      ),
  },
  {
    code: 'signal_fast_not_below_slow',
    severity: 'warning',
    target: 'SignalMaSlow',
    inputs: ['SignalMaFast', 'SignalMaSlow'],
    broken: (v) => v.n('SignalMaFast') >= v.n('SignalMaSlow'),
    fix: (v) => Math.min(1000, Math.max(v.n('SignalMaFast') + 1, Math.round(v.n('SignalMaFast') * 2.5))),
    message: () =>
      lt(
        'シグナルの短期移動平均が長期以上で、クロスの意味が逆になります。',
        'The fast signal MA is not shorter than the slow one, which inverts the crossover.',
      ),
  },
  {
    code: 'gmt_auto_in_tester',
    severity: 'warning',
    target: 'GmtOffsetMode',
    inputs: ['GmtOffsetMode', 'TimeFilterEnabled', 'SessionFilterEnabled', 'FridayCloseEnabled'],
    only: 'tester',
    broken: (v) => v.n('GmtOffsetMode') === 0 && (v.b('TimeFilterEnabled') || v.b('SessionFilterEnabled') || v.b('FridayCloseEnabled')),
    fix: () => 1,
    message: () =>
      lt(
        'テスターではPCの時計からGMT差を推定できないため、時刻を使うフィルターがずれます。手動にしてサーバーのGMT差を入れてください。',
        'The tester cannot estimate the GMT offset from the PC clock, so time-based filters drift; use manual mode with the server offset.',
      ),
  },
];
