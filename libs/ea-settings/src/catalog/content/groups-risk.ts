import type { GroupData } from '../types.js';

const riskyCaution = {
  ja: '損失が指数関数的に膨らむ手法です。多くのプロップファームで禁止または制限されています。',
  en: 'Losses grow geometrically with this technique; many prop firms ban or restrict it.',
};

/** Groups 14–22: averaging, limits, account guards, spread and execution. */
export const riskGroups: GroupData[] = [
  {
    number: 14,
    label: { ja: 'ナンピン（グリッド）', en: 'Grid / averaging' },
    description: { ja: '逆行時に一定間隔で追加エントリーする機能（高リスク）。', en: 'Adds positions at fixed intervals against the trade (high risk).' },
    inputs: [
      ['GridEnabled', 'bool', false, 'ナンピンを使う', 'Use grid averaging', '価格が逆行したら一定間隔で同方向に追加エントリーします。', 'Adds same-direction entries at intervals when price moves against you.', { risky: true, cautions: [riskyCaution], related: ['GridMaxLevels', 'MaxDrawdownGuardEnabled'] }],
      ['GridStepPoints', 'int', 300, 'ナンピン間隔', 'Grid step', '追加エントリーの間隔です。', 'Distance between averaging entries.', { min: 10, max: 100000, step: 10, unit: 'points', risky: true }],
      ['GridMaxLevels', 'int', 5, 'ナンピン最大段数', 'Maximum grid levels', '追加エントリーの最大回数です。', 'Maximum number of averaging entries.', { min: 1, max: 50, step: 1, unit: 'count', risky: true }],
      ['GridLotMultiplier', 'double', 1, 'ナンピンのロット倍率', 'Grid lot multiplier', '段ごとにロットを何倍にするかです。1より大きいとマーチンゲールと同じ危険があります。', 'Lot multiplier per level; above 1 carries martingale risk.', { min: 1, max: 5, step: 0.1, unit: 'multiplier', risky: true }],
      ['GridStepMultiplier', 'double', 1, '間隔の倍率', 'Grid step multiplier', '段ごとに間隔を何倍に広げるかです。', 'How much the step widens per level.', { min: 1, max: 5, step: 0.1, unit: 'multiplier', risky: true }],
      ['GridBasketTakeProfit', 'double', 10, 'バスケット利確額', 'Basket take profit', 'ナンピン中の全ポジションの合計利益がこの額に達したら一括決済します。', 'Closes the whole grid when its combined profit reaches this amount.', { min: 0, max: 1000000, step: 1, unit: 'money', risky: true }],
    ],
  },
  {
    number: 15,
    label: { ja: 'マーチンゲール', en: 'Martingale' },
    description: { ja: '負けた後にロットを増やす機能（高リスク）。', en: 'Increases the lot after a loss (high risk).' },
    inputs: [
      ['MartingaleEnabled', 'bool', false, 'マーチンゲールを使う', 'Use martingale', '負けトレードの後、次のロットを倍率分だけ増やします。', 'Multiplies the next lot after a losing trade.', { risky: true, cautions: [riskyCaution], related: ['MartingaleMaxLot', 'MartingaleMaxSteps'] }],
      ['MartingaleMultiplier', 'double', 2, 'ロット倍率', 'Lot multiplier', '負けるたびにロットを何倍にするかです。', 'Lot multiplier after each loss.', { min: 1, max: 10, step: 0.1, unit: 'multiplier', risky: true }],
      ['MartingaleMaxSteps', 'int', 4, '最大連続回数', 'Maximum steps', 'ロットを増やす最大回数です。超えたら元のロットに戻します。', 'How many times the lot may grow before it resets.', { min: 1, max: 20, step: 1, unit: 'count', risky: true }],
      ['MartingaleMaxLot', 'double', 0, 'マーチンゲールの最大ロット', 'Martingale lot cap', 'マーチンゲールで増やすロットの上限です。0は上限なしで非常に危険です。', 'Cap on the martingale lot; 0 means no cap, which is very dangerous.', { min: 0, max: 100, step: 0.01, unit: 'lots', risky: true, related: ['MaxLot'] }],
      ['MartingaleResetOnWin', 'bool', true, '勝ったらリセット', 'Reset on win', '勝ちトレードの後に元のロットへ戻します。', 'Returns to the base lot after a winning trade.', { risky: true }],
    ],
  },
  {
    number: 16,
    label: { ja: 'ポジション制限', en: 'Position limits' },
    description: { ja: '同時保有数、方向別の上限、合計ロット、両建て。', en: 'Open-position counts, per-direction limits, total lots and hedging.' },
    inputs: [
      ['MaxOpenPositions', 'int', 3, '最大ポジション数', 'Maximum open positions', 'このEAが同時に持てるポジションの総数です。', 'Total positions this EA may hold at once.', { min: 1, max: 200, step: 1, unit: 'count', related: ['RiskPercent', 'MaxPositionsPerSymbol'] }],
      ['MaxPositionsPerSymbol', 'int', 2, '銘柄ごとの最大数', 'Maximum per symbol', '1銘柄で同時に持てるポジション数です。', 'Positions allowed per symbol.', { min: 1, max: 200, step: 1, unit: 'count' }],
      ['MaxBuyPositions', 'int', 3, '買いの最大数', 'Maximum buys', '買いポジションの上限です。', 'Limit on long positions.', { min: 0, max: 200, step: 1, unit: 'count' }],
      ['MaxSellPositions', 'int', 3, '売りの最大数', 'Maximum sells', '売りポジションの上限です。', 'Limit on short positions.', { min: 0, max: 200, step: 1, unit: 'count' }],
      ['MaxTotalLots', 'double', 2, '合計ロットの上限', 'Maximum total lots', '保有ロットの合計の上限です。0は無制限です。', 'Cap on the sum of open lots; 0 means no cap.', { min: 0, max: 1000, step: 0.01, unit: 'lots' }],
      ['AllowHedging', 'bool', false, '両建てを許可', 'Allow hedging', '同じ銘柄で買いと売りを同時に持つことを許可します。', 'Allows buys and sells on the same symbol at the same time.', { cautions: [{ ja: '両建てを禁止するプロップファームがあります。', en: 'Some prop firms ban hedging.' }] }],
    ],
  },
  {
    number: 17,
    label: { ja: '日次損失ガード', en: 'Daily loss guard' },
    description: { ja: '1日の損失が上限に近づいたら取引を止めます。', en: 'Stops trading when the day\'s loss reaches a limit.' },
    inputs: [
      ['DailyLossGuardEnabled', 'bool', true, '日次損失ガードを使う', 'Use daily loss guard', '1日の損失が上限に達したら設定した動作を行います。', 'Acts when the day\'s loss reaches the limit below.', { related: ['DailyLossPercent', 'DailyLossAction'] }],
      ['DailyLossPercent', 'double', 4, '日次損失の上限', 'Daily loss limit', '基準額に対する1日の損失の上限（%）です。', 'Maximum daily loss as a % of the basis.', { min: 0.1, max: 50, step: 0.1, unit: 'percent', related: ['DailyLossBasis', 'MaxDrawdownPercent'] }],
      ['DailyLossMoney', 'double', 0, '日次損失の上限額', 'Daily loss limit (money)', '0より大きいと%の代わりにこの金額を上限にします。', 'When above 0, used instead of the percentage.', { min: 0, max: 10000000, step: 10, unit: 'money' }],
      ['DailyLossBasis', 'enum', 0, '日次損失の基準', 'Daily loss basis', '日次損失を何に対する%で測るかです。ファームの規定に合わせます。', 'What the daily % is measured against; match your firm\'s rule.', { enum: 'dailyBasis' }],
      ['DailyLossIncludeFloating', 'bool', true, '含み損を含める', 'Include floating loss', '確定損益に含み損益を加えて判定します。多くのファームは含み損も数えます。', 'Counts open P/L as well as closed P/L; most firms do.'],
      ['DailyLossAction', 'enum', 0, '上限到達時の動作', 'Action at limit', '全決済して停止、新規停止、通知のみから選びます。', 'Close all and stop, stop new entries, or alert only.', { enum: 'guardAction' }],
      ['DailyResetHour', 'int', 0, '日次リセット時刻', 'Daily reset hour', '日次損失を数え直すサーバー時刻（時）です。ファームの日付切り替えに合わせます。', 'Server hour at which the daily count restarts; match your firm\'s day change.', { min: 0, max: 23, step: 1, unit: 'hour_of_day' }],
    ],
  },
  {
    number: 18,
    label: { ja: '最大ドローダウンガード', en: 'Total drawdown guard' },
    description: { ja: '口座全体の損失が上限に近づいたら取引を止めます。', en: 'Stops trading when the account\'s total loss nears its limit.' },
    inputs: [
      ['MaxDrawdownGuardEnabled', 'bool', true, '最大DDガードを使う', 'Use drawdown guard', '口座全体の損失が上限に達したら設定した動作を行います。', 'Acts when the total loss reaches the limit below.'],
      ['MaxDrawdownPercent', 'double', 8, '最大ドローダウン', 'Maximum drawdown', '基準額に対する損失の上限（%）です。', 'Maximum total loss as a % of the basis.', { min: 0.5, max: 90, step: 0.1, unit: 'percent', related: ['MaxDrawdownBasis'] }],
      ['MaxDrawdownBasis', 'enum', 0, 'ドローダウンの基準', 'Drawdown basis', '初期残高から測るか、最高残高・最高有効証拠金から追従して測るかです。', 'Measured from the initial balance, or trailing the highest balance or equity.', { enum: 'ddBasis' }],
      ['InitialBalance', 'double', 0, '初期残高', 'Initial balance', 'ドローダウンの基準にする初期残高です。0なら初回起動時の残高を使います。', 'Initial balance for the drawdown basis; 0 takes the balance at first start.', { min: 0, max: 100000000, step: 100, unit: 'money' }],
      ['MaxDrawdownIncludeFloating', 'bool', true, '含み損を含める', 'Include floating loss', '含み損益を含めて判定します。', 'Counts open P/L in the drawdown.'],
      ['MaxDrawdownAction', 'enum', 0, '上限到達時の動作', 'Action at limit', '全決済して停止、新規停止、通知のみから選びます。', 'Close all and stop, stop new entries, or alert only.', { enum: 'guardAction' }],
    ],
  },
  {
    number: 19,
    label: { ja: '有効証拠金保護', en: 'Equity protection' },
    description: { ja: '有効証拠金や含み損の水準で全決済します。', en: 'Closes everything at an equity level or floating-loss level.' },
    inputs: [
      ['EquityStopEnabled', 'bool', false, '有効証拠金ストップ', 'Equity stop', '有効証拠金が指定額を下回ったら動作します。', 'Acts when equity drops below the level below.'],
      ['EquityStopLevel', 'double', 0, '有効証拠金の下限', 'Equity floor', 'この金額を下回ったら全決済します。0は無効です。', 'Closes everything below this equity; 0 disables it.', { min: 0, max: 100000000, step: 10, unit: 'money' }],
      ['EquityFloatingLossPercent', 'double', 3, '含み損の上限', 'Floating loss limit', '含み損が残高のこの割合に達したら全決済します。', 'Closes all when the floating loss reaches this share of the balance.', { min: 0, max: 100, step: 0.1, unit: 'percent' }],
      ['EquityCloseAllOnTrigger', 'bool', true, '発動時に全決済', 'Close all on trigger', '発動時にこのEAの全ポジションを決済します。', 'Closes all of this EA\'s positions when triggered.'],
      ['EquityResumeNextDay', 'bool', true, '翌日に再開', 'Resume next day', '発動後、翌営業日に取引を再開します。', 'Resumes trading on the next trading day.'],
    ],
  },
  {
    number: 20,
    label: { ja: '利益目標ロック', en: 'Profit-target lock' },
    description: { ja: '利益目標に達したら決済して取引を止めます。', en: 'Locks in profit and stops once a target is reached.' },
    inputs: [
      ['ProfitTargetEnabled', 'bool', false, '利益目標を使う', 'Use profit target', '口座の利益が目標に達したら動作します。チャレンジの合格確定に使います。', 'Acts when account profit reaches the target; useful to lock a challenge pass.'],
      ['ProfitTargetPercent', 'double', 10, '利益目標', 'Profit target', '初期残高に対する利益目標（%）です。', 'Profit target as a % of the initial balance.', { min: 0.1, max: 1000, step: 0.1, unit: 'percent' }],
      ['DailyProfitTargetPercent', 'double', 0, '日次利益目標', 'Daily profit target', 'その日の利益がこの%に達したら当日の取引を止めます。0は無効です。', 'Stops for the day at this daily profit; 0 disables it.', { min: 0, max: 100, step: 0.1, unit: 'percent' }],
      ['ProfitLockCloseAll', 'bool', true, '目標達成で全決済', 'Close all at target', '目標達成時に全ポジションを決済します。', 'Closes all positions when the target is reached.'],
      ['ProfitLockStopTrading', 'bool', true, '目標達成で停止', 'Stop at target', '目標達成後は新規エントリーしません。', 'No new entries after the target is reached.'],
    ],
  },
  {
    number: 21,
    label: { ja: 'スプレッド', en: 'Spread' },
    description: { ja: 'スプレッドが広いときのエントリー制限。', en: 'Entry limits when the spread is wide.' },
    inputs: [
      ['MaxSpreadPoints', 'int', 30, '最大スプレッド', 'Maximum spread', 'スプレッドがこれより広いとエントリーしません。0は無制限です。', 'No entry while the spread is wider than this; 0 means no limit.', { min: 0, max: 10000, step: 1, unit: 'points' }],
      ['SpreadAverageTicks', 'int', 20, '平均するティック数', 'Spread averaging', 'スプレッドを何ティックの平均で判定するかです。', 'Ticks averaged for the spread check.', { min: 1, max: 1000, step: 1, unit: 'ticks' }],
      ['SpreadFilterAction', 'enum', 0, 'スプレッド超過時', 'When too wide', 'エントリーを見送るか、狭まるまで待つかです。', 'Skip the entry or wait for the spread to narrow.', { enum: 'spreadAction' }],
      ['SpreadCheckOnClose', 'bool', false, '決済時も確認', 'Check on exits', 'EAによる決済でもスプレッドを確認します。損切りは常に実行されます。', 'Also checks the spread on EA exits; stop losses always run.'],
      ['SpreadAlert', 'bool', false, 'スプレッド拡大を通知', 'Alert on wide spread', 'スプレッドが上限を超えたら通知します。', 'Alerts when the spread exceeds the limit.'],
    ],
  },
  {
    number: 22,
    label: { ja: 'スリッページと約定', en: 'Slippage and execution' },
    description: { ja: '許容スリッページ、約定方式、再試行。', en: 'Allowed slippage, filling mode and retries.' },
    inputs: [
      ['MaxSlippagePoints', 'int', 10, '許容スリッページ', 'Maximum slippage', '成行注文で許容する価格のずれです。', 'Price deviation allowed on market orders.', { min: 0, max: 1000, step: 1, unit: 'points' }],
      ['FillingMode', 'enum', 0, '約定方式', 'Filling mode', '注文の約定方式です。自動ならブローカーが対応する方式を選びます。', 'Order filling policy; auto picks one your broker supports.', { enum: 'filling' }],
      ['OrderRetries', 'int', 3, '再試行回数', 'Order retries', 'リクオートなどで失敗した注文を再送する回数です。', 'Retries after requotes and similar failures.', { min: 0, max: 10, step: 1, unit: 'count' }],
      ['RetryDelayMs', 'int', 500, '再試行の間隔', 'Retry delay', '再試行までの待ち時間です。', 'Wait between retries.', { min: 0, max: 10000, step: 100, unit: 'ms' }],
      ['AsyncOrders', 'bool', false, '非同期発注', 'Asynchronous orders', 'OrderSendAsyncで発注します（MT5のみ）。', 'Sends orders with OrderSendAsync (MT5 only).'],
    ],
  },
];
