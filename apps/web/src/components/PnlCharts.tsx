import { useMemo } from 'react';
import type { Options } from 'uplot';
import { useI18n } from '../i18n/i18n.js';
import type { DailyPnl } from '../lib/types.js';
import { bars, Chart, COLORS } from './Chart.js';

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Daily closed P&L as bars and balance/equity as lines; unreported days are null, i.e. gaps. */
export function PnlCharts({ series }: { series: DailyPnl }) {
  const i18n = useI18n();
  const { t } = i18n;
  const money = (v: number | null | undefined) => (v == null ? '—' : i18n.money(v, series.currency));
  const x = useMemo(() => series.days.map((d) => seconds(d.date)), [series]);
  const xSeries = {
    label: t('chart.day'),
    value: (_u: unknown, v: number | null) => (v == null ? '' : i18n.date(new Date(v * 1000).toISOString().slice(0, 10))),
  };
  const yAxis = { values: (_u: unknown, ticks: number[]) => ticks.map((v) => i18n.number(v, 0)), size: 70 };
  const barOptions = useMemo<Omit<Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: true } },
      axes: [{}, yAxis],
      // Two series so that a losing day is red and a winning day green, as traders read P&L.
      series: [
        xSeries,
        {
          label: t('pnl.profitDay'),
          paths: bars,
          points: { show: false },
          fill: COLORS.profit + '99',
          stroke: COLORS.profit,
          value: (_u, v) => money(v),
        },
        {
          label: t('pnl.lossDay'),
          paths: bars,
          points: { show: false },
          fill: COLORS.loss + '99',
          stroke: COLORS.loss,
          value: (_u, v) => money(v),
        },
      ],
    }),
    [i18n, series.currency],
  );
  const lineOptions = useMemo<Omit<Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: true } },
      axes: [{}, yAxis],
      series: [
        xSeries,
        { label: t('pnl.balance'), stroke: COLORS.balance, width: 2, spanGaps: false, value: (_u, v) => money(v) },
        { label: t('pnl.equity'), stroke: COLORS.equity, width: 2, dash: [6, 4], spanGaps: false, value: (_u, v) => money(v) },
      ],
    }),
    [i18n, series.currency],
  );
  const barData = useMemo(
    () =>
      [
        x,
        series.days.map((d) => (d.closedPnl !== null && d.closedPnl >= 0 ? d.closedPnl : null)),
        series.days.map((d) => (d.closedPnl !== null && d.closedPnl < 0 ? d.closedPnl : null)),
      ] as [number[], (number | null)[], (number | null)[]],
    [x, series],
  );
  const lineData = useMemo(
    () => [x, series.days.map((d) => d.balance), series.days.map((d) => d.equity)] as [number[], (number | null)[], (number | null)[]],
    [x, series],
  );
  return (
    <div className="two-col">
      <figure className="card">
        <figcaption>{t('pnl.daily')}</figcaption>
        <Chart data={barData} options={barOptions} label={t('pnl.daily')} height={220} />
      </figure>
      <figure className="card">
        <figcaption>{t('pnl.line')}</figcaption>
        <Chart data={lineData} options={lineOptions} label={t('pnl.line')} height={220} />
      </figure>
    </div>
  );
}
