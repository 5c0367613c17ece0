import type { I18n } from '../../i18n/i18n.js';
import type { FunnelStep } from '../../lib/funnel-steps.js';

const ratioFormats = new Map<string, Intl.NumberFormat>();

/** A 0..1 share as a percentage (0.3333 → 33.33%); null (nothing to divide by) as a dash. */
export function ratio(i18n: I18n, value: number | null): string {
  if (value === null) return i18n.t('common.none');
  let fmt = ratioFormats.get(i18n.lang);
  if (!fmt) {
    fmt = new Intl.NumberFormat(i18n.lang === 'ja' ? 'ja-JP' : 'en-US', { style: 'percent', maximumFractionDigits: 2 });
    ratioFormats.set(i18n.lang, fmt);
  }
  return fmt.format(value);
}

/** ROI with its sign (−25.93%, +97.24%). */
export const roi = (i18n: I18n, value: number | null) =>
  value === null ? i18n.t('common.none') : i18n.percent(Math.round(value * 10000) / 100);

export const days = (i18n: I18n, value: number | null) => (value === null ? i18n.t('common.none') : i18n.number(value, 2));

export function stepLabel(i18n: I18n, step: FunnelStep): string {
  switch (step.key) {
    case 'attempts':
      return i18n.t('an.attempts');
    case 'reached':
      return i18n.t('an.reached', { n: step.phase ?? 0 });
    case 'passed':
      return i18n.t('an.passed', { n: step.phase ?? 0 });
    case 'funded':
      return i18n.t('an.funded');
    case 'firstPayout':
      return i18n.t('an.firstPayout');
    case 'breached':
      return i18n.t('an.breached');
  }
}

/** Short axis label; the legend and the table carry the full one. */
export function stepShort(i18n: I18n, step: FunnelStep): string {
  if (step.key === 'reached') return `P${step.phase}`;
  if (step.key === 'passed') return `P${step.phase} ✓`;
  return stepLabel(i18n, step);
}

/** What a step's rate is a share of ("of reached"), empty for steps without a rate. */
export function rateOfText(i18n: I18n, step: FunnelStep): string {
  if (step.rateOf === null) return '';
  const base = { reached: 'an.ofReached', attempts: 'an.ofAttempts', funded: 'an.ofFunded' } as const;
  return i18n.t(base[step.rateOf]);
}
