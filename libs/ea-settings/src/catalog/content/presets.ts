import type { PresetData } from '../types.js';

/** Named starting points for `buildSet({ base: { preset } })`; values override the defaults. */
export const presets: PresetData[] = [
  {
    id: 'default',
    label: { ja: '既定値', en: 'Defaults' },
    description: { ja: 'EAの既定値そのままです。', en: 'The EA defaults unchanged.' },
    values: {},
  },
  {
    id: 'conservative',
    label: { ja: '保守的', en: 'Conservative' },
    description: {
      ja: 'リスクを抑えた設定です。1トレード0.5%、同時2ポジション、日次3%で停止します。',
      en: 'Low risk: 0.5% per trade, two positions, stop at 3% daily loss.',
    },
    values: {
      RiskPercent: 0.5,
      MaxOpenPositions: 2,
      DailyLossPercent: 3,
      MaxDrawdownPercent: 6,
      MaxSpreadPoints: 20,
      NewsMinutesBefore: 60,
      NewsMinutesAfter: 60,
    },
  },
  {
    id: 'prop-challenge',
    label: { ja: 'プロップチャレンジ', en: 'Prop challenge' },
    description: {
      ja: '一般的なプロップファームのチャレンジ向けです。ファーム別の調整はea_prop_presetを使います。',
      en: 'For a typical prop-firm challenge; use ea_prop_preset to tune it to one firm.',
    },
    values: {
      RiskPercent: 0.5,
      MaxOpenPositions: 3,
      DailyLossPercent: 3.5,
      DailyLossBasis: 3,
      MaxDrawdownPercent: 8,
      ProfitTargetEnabled: true,
      ProfitTargetPercent: 10,
      WeekendCloseAll: true,
      FridayCloseEnabled: true,
      NewsCloseBefore: true,
    },
  },
  {
    id: 'tester',
    label: { ja: 'バックテスト用', en: 'Backtest' },
    description: {
      ja: 'ストラテジーテスター向けです。GMT差を手動にし、パネルを描画しません。',
      en: 'For the strategy tester: manual GMT offset and no panel drawing.',
    },
    values: { GmtOffsetMode: 1, ShowPanel: false, TesterVisualPanel: false, AlertsEnabled: false, TradeMode: 2 },
  },
];
