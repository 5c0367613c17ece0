import { useMemo } from 'react';
import type { AlignedData, Options } from 'uplot';
import { useI18n } from '../i18n/i18n.js';
import type { DailyPnl } from '../lib/types.js';
import { bars, Chart, COLORS, dayAxis, dayRange, latest, legendValues, steps as stepPaths, utcDate, valueAxisSize } from './Chart.js';

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A rule level drawn across the balance chart: the max-loss floor, today's daily floor, the target. */
export interface Level {
  label: string;
  value: number;
  color: string;
}

/**
 * A rule level that moves from day to day, one value per day of the series (null: none that day): the daily
 * floor as it stood each day. Drawn as steps, since a day's floor holds the whole day.
 */
export interface StepLevel {
  label: string;
  color: string;
  values: (number | null)[];
}

/**
 * Daily closed P&L as bars and balance/equity as lines; unreported days are null, i.e. gaps. `levels`
 * adds flat lines (max-loss floor, target) to the balance chart and `stepLevels` day-by-day steps (the
 * daily floor), each named in its legend and caption.
 */
export function PnlCharts({ series, levels = [], stepLevels = [] }: { series: DailyPnl; levels?: Level[]; stepLevels?: StepLevel[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const money = (v: number | null | undefined) => (v == null ? '—' : i18n.money(v, series.currency));
  const x = useMemo(() => series.days.map((d) => seconds(d.date)), [series]);
  const dayText = (v: number | null) => (v == null ? '' : i18n.date(new Date(v * 1000).toISOString().slice(0, 10)));
  const yAxis = { values: (_u: unknown, ticks: number[]) => ticks.map((v) => i18n.number(v, 0)), size: valueAxisSize(70) };
  const barOptions = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    // At rest: the latest day with a closed P&L. Of its two bars only one has a value; the other is named alone.
    const value = legendValues(latest());
    const bar = (v: number | null) => (v == null ? '' : i18n.money(v, series.currency));
    return {
      scales: { x: { time: true, range: dayRange(true) } },
      tzDate: utcDate,
      axes: [dayAxis(i18n), yAxis],
      // Two series so that a losing day is red and a winning day green, as traders read P&L.
      series: [
        { label: t('chart.day'), value: value(dayText) },
        {
          label: t('pnl.profitDay'),
          paths: bars,
          points: { show: false },
          fill: COLORS.profit + '99',
          stroke: COLORS.profit,
          value: value(bar),
        },
        { label: t('pnl.lossDay'), paths: bars, points: { show: false }, fill: COLORS.loss + '99', stroke: COLORS.loss, value: value(bar) },
      ],
    };
  }, [i18n, series.currency]);
  const lineOptions = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    // At rest: the latest reported day; a flat level reads the same every day, a step level its value that day.
    const value = legendValues(latest(1, 2));
    return {
      scales: { x: { time: true, range: dayRange() } },
      tzDate: utcDate,
      axes: [dayAxis(i18n), yAxis],
      series: [
        { label: t('chart.day'), value: value(dayText) },
        { label: t('pnl.balance'), stroke: COLORS.balance, width: 2, spanGaps: false, value: value(money) },
        { label: t('pnl.equity'), stroke: COLORS.equity, width: 2, dash: [6, 4], spanGaps: false, value: value(money) },
        ...levels.map((l) => ({
          label: l.label,
          stroke: l.color,
          width: 1.5,
          dash: [3, 3],
          points: { show: false },
          value: () => money(l.value),
        })),
        ...stepLevels.map((l) => ({
          label: l.label,
          stroke: l.color,
          width: 1.5,
          dash: [3, 3],
          paths: stepPaths,
          spanGaps: false,
          points: { show: false },
          value: value(money),
        })),
      ],
    };
  }, [i18n, series.currency, levels, stepLevels]);
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
    () =>
      [
        x,
        series.days.map((d) => d.balance),
        series.days.map((d) => d.equity),
        ...levels.map((l) => x.map(() => l.value)),
        ...stepLevels.map((l) => l.values),
      ] as AlignedData,
    [x, series, levels, stepLevels],
  );
  // The description names each level with its latest value (a step level: the last day that has one).
  const described = [
    ...levels.map((l) => `${l.label} ${money(l.value)}`),
    ...stepLevels.map((l) => `${l.label} ${money(l.values.findLast((v) => v !== null))}`),
  ];
  const lineLabel = described.length ? `${t('pnl.line')}: ${described.join(', ')}` : t('pnl.line');
  return (
    <div className="two-col">
      <figure className="card">
        <figcaption>{t('pnl.daily')}</figcaption>
        <Chart data={barData} options={barOptions} label={t('pnl.daily')} height={220} />
      </figure>
      <figure className="card">
        <figcaption>{t('pnl.line')}</figcaption>
        <Chart data={lineData} options={lineOptions} label={lineLabel} height={220} />
      </figure>
    </div>
  );
}
