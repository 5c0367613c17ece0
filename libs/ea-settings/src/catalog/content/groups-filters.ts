import type { GroupData } from '../types.js';

const dayInput = (name: string, ja: string, en: string, enabled: boolean) =>
  [name, 'bool', enabled, `${ja}に取引`, `Trade on ${en}`, `${ja}の新規エントリーを許可します。`, `Allows new entries on ${en}.`] as const;

const sessionTime = (name: string, value: string, ja: string, en: string) =>
  [name, 'string', value, ja, en, `${ja}（GMT、HH:MM）です。セッションフィルターで使います。`, `${en} (GMT, HH:MM) used by the session filter.`, { format: 'time' }] as const;

/** Groups 23–33: time, day, session, server time, news, weekend and entry filters. */
export const filterGroups: GroupData[] = [
  {
    number: 23,
    label: { ja: '時間フィルター', en: 'Time filter' },
    description: { ja: '取引する時間帯を制限します。', en: 'Limits trading to a time window.' },
    inputs: [
      ['TimeFilterEnabled', 'bool', false, '時間フィルターを使う', 'Use time filter', '開始時刻から終了時刻の間だけエントリーします。', 'Enters only between the start and end times.', { related: ['TradeStartTime', 'TradeEndTime'] }],
      ['TradeStartTime', 'string', '09:00', '取引開始時刻', 'Start time', '取引を始める時刻（HH:MM）です。終了より後なら日をまたぐ時間帯になります。', 'Start of the window (HH:MM); later than the end means it spans midnight.', { format: 'time' }],
      ['TradeEndTime', 'string', '21:00', '取引終了時刻', 'End time', '取引を終える時刻（HH:MM）です。', 'End of the window (HH:MM).', { format: 'time' }],
      ['CloseOutsideHours', 'bool', false, '時間外に決済', 'Close outside hours', '時間帯の外に出たら保有ポジションを決済します。', 'Closes positions once outside the window.'],
      ['TimeFilterUseLocal', 'bool', false, 'PCの時刻を使う', 'Use local time', 'サーバー時刻ではなくPCの時刻で判定します。', 'Uses the computer clock instead of server time.', { related: ['LocalGmtOffset'] }],
    ],
  },
  {
    number: 24,
    label: { ja: '曜日フィルター', en: 'Day filter' },
    description: { ja: '曜日ごとに新規エントリーの可否を決めます。', en: 'Allows or blocks new entries by weekday.' },
    inputs: [
      dayInput('TradeMonday', '月曜日', 'Monday', true),
      dayInput('TradeTuesday', '火曜日', 'Tuesday', true),
      dayInput('TradeWednesday', '水曜日', 'Wednesday', true),
      dayInput('TradeThursday', '木曜日', 'Thursday', true),
      dayInput('TradeFriday', '金曜日', 'Friday', true),
      dayInput('TradeSunday', '日曜日', 'Sunday', false),
    ],
  },
  {
    number: 25,
    label: { ja: 'セッションフィルター', en: 'Session filter' },
    description: { ja: '東京・ロンドン・ニューヨークの時間帯で取引を制限します。', en: 'Limits trading to the Tokyo, London and New York sessions.' },
    inputs: [
      ['SessionFilterEnabled', 'bool', false, 'セッションフィルターを使う', 'Use session filter', '選んだセッションの時間帯だけエントリーします。', 'Enters only during the selected sessions.'],
      ['TradeTokyo', 'bool', true, '東京時間に取引', 'Trade Tokyo', '東京セッションでの取引を許可します。', 'Allows trading in the Tokyo session.'],
      ['TradeLondon', 'bool', true, 'ロンドン時間に取引', 'Trade London', 'ロンドンセッションでの取引を許可します。', 'Allows trading in the London session.'],
      ['TradeNewYork', 'bool', true, 'NY時間に取引', 'Trade New York', 'ニューヨークセッションでの取引を許可します。', 'Allows trading in the New York session.'],
      ['SessionOverlapOnly', 'bool', false, '重複時間のみ', 'Overlaps only', '2つのセッションが重なる時間帯だけ取引します。', 'Trades only while two sessions overlap.'],
      sessionTime('TokyoStart', '00:00', '東京の開始', 'Tokyo open'),
      sessionTime('TokyoEnd', '09:00', '東京の終了', 'Tokyo close'),
      sessionTime('LondonStart', '07:00', 'ロンドンの開始', 'London open'),
      sessionTime('LondonEnd', '16:00', 'ロンドンの終了', 'London close'),
      sessionTime('NewYorkStart', '12:00', 'NYの開始', 'New York open'),
      sessionTime('NewYorkEnd', '21:00', 'NYの終了', 'New York close'),
    ],
  },
  {
    number: 26,
    label: { ja: 'サーバー時間とGMT', en: 'Server time and GMT' },
    description: { ja: 'ブローカーのサーバー時刻とGMTの差、夏時間。', en: 'Broker server offset from GMT and daylight saving.' },
    inputs: [
      ['GmtOffsetMode', 'enum', 0, 'GMT差の決め方', 'GMT offset mode', '自動ならサーバー時刻とPC時刻から推定します。テスターでは手動にします。', 'Auto estimates it from server and PC time; use manual in the tester.', { enum: 'gmtMode', related: ['ServerGmtOffset', 'NewsFilterEnabled'] }],
      ['ServerGmtOffset', 'int', 2, 'サーバーのGMT差', 'Server GMT offset', '手動のとき、冬時間のサーバー時刻とGMTの差（時間）です。多くのブローカーは+2です。', 'In manual mode, the server\'s winter offset from GMT in hours; most brokers use +2.', { min: -12, max: 14, step: 1, unit: 'gmt_hours', related: ['DstMode'] }],
      ['DstMode', 'enum', 1, '夏時間', 'Daylight saving', 'サーバーが従う夏時間の規則です。', 'Daylight-saving rule the server follows.', { enum: 'dstMode' }],
      ['LocalGmtOffset', 'int', 9, 'ローカルのGMT差', 'Local GMT offset', 'パネル表示と「PCの時刻を使う」で使う、あなたの地域のGMT差です（日本は+9）。', 'Your own offset from GMT, for the panel and local-time options (Japan is +9).', { min: -12, max: 14, step: 1, unit: 'gmt_hours' }],
    ],
  },
  {
    number: 27,
    label: { ja: 'ニュースフィルター', en: 'News filter' },
    description: { ja: '重要指標の前後でエントリーを止めます。', en: 'Pauses entries around economic releases.' },
    inputs: [
      ['NewsFilterEnabled', 'bool', true, 'ニュースフィルターを使う', 'Use news filter', '経済指標の前後の時間帯は新規エントリーしません。', 'No new entries around economic releases.', { related: ['NewsMinutesBefore', 'NewsMinutesAfter', 'GmtOffsetMode'] }],
      ['NewsMinutesBefore', 'int', 30, '指標前の停止時間', 'Minutes before news', '指標発表の何分前から止めるかです。', 'Minutes before a release during which entries stop.', { min: 0, max: 1440, step: 5, unit: 'minutes' }],
      ['NewsMinutesAfter', 'int', 30, '指標後の停止時間', 'Minutes after news', '指標発表の何分後まで止めるかです。', 'Minutes after a release during which entries stay stopped.', { min: 0, max: 1440, step: 5, unit: 'minutes' }],
      ['NewsImpactLevel', 'enum', 1, '対象の重要度', 'Impact level', 'どの重要度の指標を対象にするかです。', 'Which impact levels are filtered.', { enum: 'newsImpact' }],
      ['NewsCurrencies', 'string', 'USD,EUR,JPY,GBP', '対象通貨', 'News currencies', '対象にする通貨のカンマ区切りリストです。', 'Comma-separated currencies whose news is filtered.', { format: 'currency_list' }],
      ['NewsCloseBefore', 'bool', false, '指標前に決済', 'Close before news', '停止時間に入るときに保有ポジションを決済します。', 'Closes open positions when the news window starts.'],
      ['NewsUseMt5Calendar', 'bool', true, 'MT5の経済指標カレンダーを使う', 'Use MT5 calendar', 'MT5内蔵のカレンダーを使います。falseなら外部のカレンダーを使い、時刻をGMT差で換算します。', 'Uses the built-in MT5 calendar; false uses an external feed converted with the GMT offsets.', { related: ['NewsSourceGmtOffset', 'ServerGmtOffset'] }],
      ['NewsSourceGmtOffset', 'int', 0, '外部カレンダーのGMT差', 'News feed GMT offset', '外部カレンダーの時刻のGMT差です。', 'GMT offset of the external calendar\'s times.', { min: -12, max: 14, step: 1, unit: 'gmt_hours' }],
    ],
  },
  {
    number: 28,
    label: { ja: '金曜決済', en: 'Friday close' },
    description: { ja: '金曜日の新規停止と決済の時刻。', en: 'Friday cut-off and close times.' },
    inputs: [
      ['FridayCloseEnabled', 'bool', true, '金曜に決済', 'Close on Friday', '金曜の指定時刻に保有ポジションを決済します。', 'Closes open positions at the Friday close time.', { related: ['FridayCloseTime', 'WeekendCloseAll'] }],
      ['FridayCloseTime', 'string', '21:00', '金曜の決済時刻', 'Friday close time', '金曜に決済するサーバー時刻（HH:MM）です。', 'Server time (HH:MM) of the Friday close.', { format: 'time' }],
      ['FridayNoNewTradesTime', 'string', '18:00', '金曜の新規停止時刻', 'Friday cut-off', 'この時刻以降、金曜は新規エントリーしません。決済時刻より前にします。', 'No new entries on Friday after this time; keep it before the close time.', { format: 'time' }],
      ['FridayCloseOnlyProfit', 'bool', false, '利益中のみ決済', 'Close only winners', '金曜決済を利益のあるポジションだけにします。', 'Friday close applies to profitable positions only.'],
    ],
  },
  {
    number: 29,
    label: { ja: '週末・休日', en: 'Weekend and holidays' },
    description: { ja: '週末持ち越し、月曜の再開、休日。', en: 'Weekend holding, Monday restart and holidays.' },
    inputs: [
      ['WeekendCloseAll', 'bool', true, '週末前に全決済', 'Close all before weekend', '金曜の決済時刻に全ポジションを決済し、週末に持ち越しません。', 'Closes everything at the Friday close time so nothing is held over the weekend.', { related: ['FridayCloseEnabled'] }],
      ['MondayStartTime', 'string', '01:00', '月曜の取引開始', 'Monday start', '月曜はこの時刻まで新規エントリーしません（窓開け対策）。', 'No entries on Monday before this time (gap protection).', { format: 'time' }],
      ['MondayGapFilterPoints', 'int', 0, '窓開けフィルター', 'Gap filter', '週明けの窓がこれより大きいとその日はエントリーしません。0は無効です。', 'Skips Monday when the weekend gap exceeds this; 0 disables it.', { min: 0, max: 100000, step: 10, unit: 'points' }],
      ['HolidayDates', 'string', '', '休日', 'Holidays', '取引しない日付（YYYY.MM.DD、カンマ区切り）です。', 'Dates without trading (YYYY.MM.DD, comma-separated).', { format: 'date_list' }],
    ],
  },
  {
    number: 30,
    label: { ja: 'シグナル', en: 'Signals' },
    description: { ja: 'エントリーシグナル（移動平均クロス）の条件。', en: 'Entry signal (moving-average cross) settings.' },
    inputs: [
      ['SignalTimeframe', 'timeframe', 16385, 'シグナルの時間足', 'Signal timeframe', 'シグナルを判定する時間足です。', 'Timeframe the signal is computed on.'],
      ['SignalMaFast', 'int', 20, '短期移動平均', 'Fast MA period', 'シグナルに使う短期移動平均の期間です。', 'Period of the fast moving average.', { min: 1, max: 500, step: 1, unit: 'bars', related: ['SignalMaSlow'] }],
      ['SignalMaSlow', 'int', 50, '長期移動平均', 'Slow MA period', 'シグナルに使う長期移動平均の期間です。短期より大きくします。', 'Period of the slow moving average; larger than the fast one.', { min: 2, max: 1000, step: 1, unit: 'bars' }],
      ['SignalMaMethod', 'enum', 1, '移動平均の種類', 'MA method', 'シグナルの移動平均の種類です。', 'Averaging method of the signal MAs.', { enum: 'maMethod' }],
      ['SignalAppliedPrice', 'enum', 1, '適用価格', 'Applied price', '移動平均に使う価格です。MT4では値が1小さくなります。', 'Price the MAs use; MT4 numbers these one lower.', { enum: 'appliedPrice', mt4ValueOffset: -1 }],
      ['SignalConfirmBars', 'int', 1, '確認本数', 'Confirmation bars', 'クロス後に何本確定したらシグナルとするかです。', 'Closed bars after the cross before it counts as a signal.', { min: 0, max: 10, step: 1, unit: 'bars' }],
      ['SignalArrowsOnChart', 'bool', true, 'シグナル矢印を表示', 'Signal arrows', 'シグナルの位置にチャート上で矢印を表示します。', 'Draws arrows at signals on the chart.'],
    ],
  },
  {
    number: 31,
    label: { ja: 'トレンドフィルター', en: 'Trend filter' },
    description: { ja: '上位足のトレンド方向だけにエントリーします。', en: 'Trades only in the direction of the higher-timeframe trend.' },
    inputs: [
      ['TrendFilterEnabled', 'bool', false, 'トレンドフィルターを使う', 'Use trend filter', '上位足の移動平均の向きと同じ方向だけエントリーします。', 'Only enters in the direction of the higher-timeframe MA.'],
      ['TrendTimeframe', 'timeframe', 16388, 'トレンドの時間足', 'Trend timeframe', 'トレンドを判定する上位の時間足です。', 'Higher timeframe for the trend.'],
      ['TrendMaPeriod', 'int', 200, 'トレンドの移動平均期間', 'Trend MA period', 'トレンド判定に使う移動平均の期間です。', 'Period of the trend moving average.', { min: 2, max: 1000, step: 1, unit: 'bars' }],
      ['TrendMaMethod', 'enum', 0, 'トレンドの移動平均の種類', 'Trend MA method', 'トレンド判定の移動平均の種類です。', 'Averaging method of the trend MA.', { enum: 'maMethod' }],
      ['TrendMinSlopePoints', 'int', 0, '最小の傾き', 'Minimum slope', '移動平均の1本あたりの変化がこれ未満ならレンジとみなします。', 'MA change per bar below which the market counts as ranging.', { min: 0, max: 10000, step: 1, unit: 'points' }],
    ],
  },
  {
    number: 32,
    label: { ja: 'エントリー間隔', en: 'Entry pacing' },
    description: { ja: 'エントリーの間隔、回数、連敗後の休止。', en: 'Spacing, count and cool-down of entries.' },
    inputs: [
      ['MinMinutesBetweenTrades', 'int', 15, '最短エントリー間隔', 'Minimum gap between trades', '前回のエントリーから次のエントリーまでの最短時間です。', 'Minimum time between two entries.', { min: 0, max: 10080, step: 5, unit: 'minutes' }],
      ['MaxTradesPerDay', 'int', 5, '1日の最大エントリー数', 'Maximum trades per day', '1日にエントリーできる回数です。0は無制限です。', 'Entries allowed per day; 0 means no limit.', { min: 0, max: 100, step: 1, unit: 'count' }],
      ['CooldownAfterLossMinutes', 'int', 60, '負け後の休止', 'Cool-down after a loss', '負けトレードの後、次のエントリーまで待つ時間です。', 'Wait after a losing trade before the next entry.', { min: 0, max: 10080, step: 5, unit: 'minutes' }],
      ['OneTradePerBar', 'bool', true, '1本につき1回', 'One trade per bar', '同じローソク足では1回しかエントリーしません。', 'At most one entry per bar.'],
      ['ReverseOnOppositeSignal', 'bool', false, '逆シグナルでドテン', 'Reverse on opposite signal', '反対のシグナルで決済して逆方向にエントリーします。', 'Closes and reverses on an opposite signal.'],
    ],
  },
  {
    number: 33,
    label: { ja: '保有時間', en: 'Holding time' },
    description: { ja: '保有時間や時刻による決済。', en: 'Exits by holding time or time of day.' },
    inputs: [
      ['MaxHoldMinutes', 'int', 0, '最大保有時間', 'Maximum holding time', 'この時間を超えたポジションを決済します。0は無効です。', 'Closes positions older than this; 0 disables it.', { min: 0, max: 100000, step: 15, unit: 'minutes' }],
      ['CloseAtBarCount', 'int', 0, '本数で決済', 'Close after bars', 'エントリーから指定本数で決済します。0は無効です。', 'Closes after this many bars; 0 disables it.', { min: 0, max: 10000, step: 1, unit: 'bars' }],
      ['CloseOnTimeOnlyIfProfit', 'bool', false, '利益中のみ時間決済', 'Time exit only in profit', '時間による決済を利益中のポジションだけにします。', 'Time-based exits apply only to profitable positions.'],
      ['CloseTimeOfDay', 'string', '', '毎日の決済時刻', 'Daily close time', '毎日この時刻（HH:MM）に決済します。空欄は無効です。', 'Closes every day at this time (HH:MM); empty disables it.', { format: 'time' }],
    ],
  },
];
