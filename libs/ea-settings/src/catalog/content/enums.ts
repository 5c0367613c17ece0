import type { EnumOptionData } from '../types.js';

const o = (value: number, ja: string, en: string): EnumOptionData => ({ value, label: { ja, en } });

/** Enumerations shared by several inputs; values are the integers written into `.set` files. */
export const enums: Record<string, EnumOptionData[]> = {
  tradeMode: [
    o(0, '手動補助のみ', 'Manual assist only'),
    o(1, '半自動（シグナル確認後に発注）', 'Semi-automatic (confirm signals)'),
    o(2, '自動（シグナルで発注）', 'Automatic (trade signals)'),
  ],
  pointMultiplier: [o(0, '自動判定', 'Auto'), o(1, '1倍（ポイント）', 'x1 (points)'), o(10, '10倍（pips）', 'x10 (pips)')],
  pendingType: [o(0, '逆指値（ストップ）', 'Stop'), o(1, '指値（リミット）', 'Limit'), o(2, 'ストップリミット', 'Stop limit')],
  lotMode: [o(0, '固定ロット', 'Fixed lot'), o(1, '口座の%リスク', 'Risk % of account'), o(2, '残高比例', 'Balance-based')],
  riskBase: [o(0, '残高', 'Balance'), o(1, '有効証拠金', 'Equity'), o(2, '余剰証拠金', 'Free margin')],
  lotRounding: [o(0, '切り捨て', 'Round down'), o(1, '四捨五入', 'Round to nearest')],
  slMode: [
    o(0, 'なし', 'None'),
    o(1, 'ポイント指定', 'Points'),
    o(2, 'ATR倍率', 'ATR multiple'),
    o(3, '直近の高値・安値', 'Swing high/low'),
  ],
  tpMode: [
    o(0, 'なし', 'None'),
    o(1, 'ポイント指定', 'Points'),
    o(2, 'ATR倍率', 'ATR multiple'),
    o(3, 'リスクリワード比', 'Risk:reward ratio'),
  ],
  beMode: [o(0, 'ポイント', 'Points'), o(1, 'R倍数（損切り幅の倍数）', 'R multiple (of the stop distance)')],
  trailingMode: [
    o(0, 'オフ', 'Off'),
    o(1, '固定ポイント', 'Fixed points'),
    o(2, 'ATR', 'ATR'),
    o(3, 'ステップ', 'Step'),
    o(4, 'ローソク足の高値・安値', 'Candle high/low'),
    o(5, '移動平均線', 'Moving average'),
    o(6, 'パラボリックSAR', 'Parabolic SAR'),
  ],
  maMethod: [
    o(0, '単純（SMA）', 'Simple (SMA)'),
    o(1, '指数（EMA）', 'Exponential (EMA)'),
    o(2, '平滑（SMMA）', 'Smoothed (SMMA)'),
    o(3, '線形加重（LWMA）', 'Linear weighted (LWMA)'),
  ],
  appliedPrice: [
    o(1, '終値', 'Close'),
    o(2, '始値', 'Open'),
    o(3, '高値', 'High'),
    o(4, '安値', 'Low'),
    o(5, '中央値 (H+L)/2', 'Median (H+L)/2'),
    o(6, '代表値 (H+L+C)/3', 'Typical (H+L+C)/3'),
    o(7, '加重終値 (H+L+2C)/4', 'Weighted (H+L+2C)/4'),
  ],
  dailyBasis: [
    o(0, '当日開始時の残高', 'Day-start balance'),
    o(1, '当日開始時の有効証拠金', 'Day-start equity'),
    o(2, '初期残高', 'Initial balance'),
    o(3, '当日開始時の残高と有効証拠金の大きい方', 'Higher of day-start balance and equity'),
  ],
  ddBasis: [
    o(0, '初期残高（固定）', 'Initial balance (static)'),
    o(1, '最高確定残高（トレーリング）', 'Highest closed balance (trailing)'),
    o(2, '最高有効証拠金（トレーリング）', 'Highest equity (trailing)'),
  ],
  guardAction: [
    o(0, '全決済して停止', 'Close all and stop'),
    o(1, '新規エントリーのみ停止', 'Stop new entries only'),
    o(2, '通知のみ', 'Alert only'),
  ],
  spreadAction: [o(0, 'エントリーを見送る', 'Skip the entry'), o(1, 'スプレッドが戻るまで待つ', 'Wait until the spread narrows')],
  filling: [o(0, '自動', 'Auto'), o(1, 'FOK', 'Fill or kill'), o(2, 'IOC', 'Immediate or cancel'), o(3, 'リターン', 'Return')],
  gmtMode: [o(0, '自動（ブローカー時刻から推定）', 'Auto (from broker time)'), o(1, '手動', 'Manual')],
  dstMode: [o(0, 'なし', 'None'), o(1, '米国式', 'US'), o(2, '欧州式', 'EU')],
  newsImpact: [o(1, '重要度「高」のみ', 'High impact only'), o(2, '「中」以上', 'Medium and high'), o(3, 'すべて', 'All')],
  corner: [o(0, '左上', 'Upper left'), o(1, '左下', 'Lower left'), o(2, '右下', 'Lower right'), o(3, '右上', 'Upper right')],
  panelLang: [o(0, '日本語', 'Japanese'), o(1, '英語', 'English')],
  lineStyle: [
    o(0, '実線', 'Solid'),
    o(1, '破線', 'Dash'),
    o(2, '点線', 'Dot'),
    o(3, '一点鎖線', 'Dash-dot'),
    o(4, '二点鎖線', 'Dash-dot-dot'),
  ],
  logLevel: [o(0, 'エラーのみ', 'Errors only'), o(1, '警告以上', 'Warnings'), o(2, '情報', 'Info'), o(3, 'デバッグ', 'Debug')],
  testerCriterion: [
    o(0, 'プロフィットファクター', 'Profit factor'),
    o(1, 'リカバリーファクター', 'Recovery factor'),
    o(2, 'シャープレシオ', 'Sharpe ratio'),
    o(3, '純利益÷最大DD', 'Net profit / max drawdown'),
  ],
};
