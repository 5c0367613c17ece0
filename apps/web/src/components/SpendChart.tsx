import { useMemo } from 'react';
import type { Options } from 'uplot';
import { useI18n } from '../i18n/i18n.js';
import type { CumulativeSeries } from '../lib/series.js';
import { Chart, COLORS, dayAxis, dayRange, latest, legendValues, steps, utcDate, valueAxisSize } from './Chart.js';

function SpendChart({ series }: { series: CumulativeSeries }) {
  const i18n = useI18n();
  const { t } = i18n;
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    // At rest: today's running totals (the lines are carried to today).
    const value = legendValues(latest());
    const money = (v: number | null) => (v == null ? '—' : i18n.money(v, series.currency));
    return {
      scales: { x: { time: true, range: dayRange() } },
      tzDate: utcDate,
      axes: [dayAxis(i18n), { values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)), size: valueAxisSize(70) }],
      series: [
        {
          label: t('chart.day'),
          value: value((v) => (v == null ? '' : i18n.date(new Date(v * 1000).toISOString().slice(0, 10)))),
        },
        {
          label: t('overview.chartSpend'),
          // A single day would be an invisible zero-length step: its points show it.
          points: { show: series.x.length <= 2, size: 8 },
          stroke: COLORS.spend,
          width: 2,
          paths: steps,
          value: value(money),
        },
        {
          label: t('overview.chartPayouts'),
          points: { show: series.x.length <= 2, size: 8 },
          stroke: COLORS.payouts,
          width: 2,
          dash: [6, 4],
          paths: steps,
          value: value(money),
        },
      ],
    };
  }, [i18n, t, series.currency]);
  const data = useMemo(() => [series.x, series.spend, series.payouts] as [number[], number[], number[]], [series]);
  return <Chart data={data} options={options} label={`${t('overview.chart')} (${series.currency})`} />;
}
export default SpendChart;
