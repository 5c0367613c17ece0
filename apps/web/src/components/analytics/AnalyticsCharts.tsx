import { useMemo } from 'react';
import type { AlignedData, Options } from 'uplot';
import { useI18n } from '../../i18n/i18n.js';
import type { MonthRow } from '../../lib/ledger-types.js';
import type { FunnelStep } from '../../lib/funnel-steps.js';
import { Chart, COLORS, legendValues, namesOnly, pathBuilder, valueAxisSize } from '../Chart.js';
import { stepLabel, stepShort } from './format.js';

const REFUND = '#1f4e99';
const NET = '#2b2f36';

/** Nested bars (wide, middle, narrow) keep three series of one month readable without a grouping plugin. */
const wide = pathBuilder('bars')({ size: [0.8, 60] });
const middle = pathBuilder('bars')({ size: [0.5, 38] });
const narrow = pathBuilder('bars')({ size: [0.22, 16] });

/** Category x axis: one tick per index, labelled by the caller. */
function categoryAxis(labels: string[]): NonNullable<Options['axes']> {
  return [
    // Slanted labels: eight funnel steps or a year of months stay readable in a 375 px wide chart.
    { splits: () => labels.map((_, i) => i), values: (_u, ticks) => ticks.map((i) => labels[i] ?? ''), gap: 6, rotate: -35, size: 64 },
    { size: valueAxisSize(70) },
  ];
}

export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    const short = steps.map((s) => stepShort(i18n, s));
    const full = steps.map((s) => stepLabel(i18n, s));
    const value = legendValues(namesOnly);
    const axes = categoryAxis(short);
    axes[1] = { ...axes[1], values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) };
    return {
      scales: { x: { time: false, range: [-0.6, steps.length - 0.4] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes,
      // No step is the current one: at rest the legend is a key, and the cursor picks a step (the table has them all).
      series: [
        { label: t('an.step'), value: value((v) => (v == null ? '' : (full[v] ?? ''))) },
        {
          label: t('an.count'),
          fill: COLORS.balance,
          stroke: COLORS.balance,
          paths: wide,
          points: { show: false },
          value: value((v) => (v == null ? '' : String(v))),
        },
      ],
    };
  }, [i18n, t, steps]);
  const data = useMemo<AlignedData>(() => [steps.map((_, i) => i), steps.map((s) => s.count)], [steps]);
  return <Chart data={data} options={options} label={t('an.funnelChart')} height={240} />;
}

export function MonthlyChart({ rows, currency }: { rows: MonthRow[]; currency: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    // Months are compared, none is the current one (a past tax year): at rest the legend is a key of the four series.
    const value = legendValues(namesOnly);
    const money = value((v) => (v == null ? '' : i18n.money(v, currency)));
    const months = rows.map((r) => r.month);
    const axes = categoryAxis(months);
    axes[1] = { ...axes[1], values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)) };
    return {
      scales: { x: { time: false, range: [-0.6, rows.length - 0.4] } },
      axes,
      series: [
        { label: t('an.month'), value: value((v) => (v == null ? '' : (months[v] ?? ''))) },
        { label: t('an.spent'), fill: COLORS.spend, stroke: COLORS.spend, paths: wide, points: { show: false }, value: money },
        { label: t('an.withdrawn'), fill: COLORS.payouts, stroke: COLORS.payouts, paths: middle, points: { show: false }, value: money },
        { label: t('an.refunded'), fill: REFUND, stroke: REFUND, paths: narrow, points: { show: false }, value: money },
        { label: t('an.net'), stroke: NET, width: 2, points: { show: true, size: 7, fill: NET }, value: money },
      ],
    };
  }, [i18n, t, rows, currency]);
  const data = useMemo<AlignedData>(
    () => [
      rows.map((_, i) => i),
      rows.map((r) => r.spent),
      rows.map((r) => r.withdrawn),
      rows.map((r) => r.refunded),
      rows.map((r) => r.net),
    ],
    [rows],
  );
  return <Chart data={data} options={options} label={t('an.monthlyChart', { currency })} height={260} />;
}
