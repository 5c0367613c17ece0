import type { LocalizedText } from '../../text/i18n.js';

export const units: Record<string, LocalizedText> = {
  points: { ja: 'ポイント', en: 'points' },
  percent: { ja: '%', en: '%' },
  lots: { ja: 'ロット', en: 'lots' },
  money: { ja: '口座通貨', en: 'account currency' },
  minutes: { ja: '分', en: 'minutes' },
  seconds: { ja: '秒', en: 'seconds' },
  hours: { ja: '時間', en: 'hours' },
  ms: { ja: 'ミリ秒', en: 'milliseconds' },
  bars: { ja: '本', en: 'bars' },
  multiplier: { ja: '倍', en: 'x' },
  pixels: { ja: 'ピクセル', en: 'pixels' },
  count: { ja: '件', en: 'count' },
  r: { ja: 'R', en: 'R' },
  hour_of_day: { ja: '時', en: 'hour of day' },
  gmt_hours: { ja: '時間（GMT比）', en: 'hours from GMT' },
  ticks: { ja: 'ティック', en: 'ticks' },
  days: { ja: '日', en: 'days' },
  pt: { ja: 'ポイント（文字サイズ）', en: 'pt (font size)' },
};
