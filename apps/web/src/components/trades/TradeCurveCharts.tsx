import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type uPlot from 'uplot';
import type { AlignedData, Options } from 'uplot';
import { useI18n } from '../../i18n/i18n.js';
import { Chart, COLORS, legendValues, pathBuilder, valueAxisSize } from '../Chart.js';
import { QueryView } from '../states.js';
import { TradeCalendar } from './TradeCalendar.js';
import type { TradeCalendarDays, TradeCurve } from './types.js';

type Bucket = TradeCurve['distribution']['buckets'][number];
type Point = TradeCurve['points'][number];

/** Amounts in the account's currency, or as plain numbers when the trades shown mix currencies. */
function useAmount(currency: string | null) {
  const i18n = useI18n();
  return (v: number | null | undefined) => (v == null ? '—' : currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2));
}

/**
 * A colour at `alpha` over the card's white, as an opaque colour: the histogram's layers are drawn over one another
 * (see Distribution), and translucent ones would mix into a third colour where they overlap.
 */
function onWhite(hex: string, alpha: number): string {
  const channel = (i: number) => Math.round(alpha * parseInt(hex.slice(i, i + 2), 16) + (1 - alpha) * 255);
  return `rgb(${channel(1)}, ${channel(3)}, ${channel(5)})`;
}

/** Bars as wide as their bucket, touching: a histogram, whose widths are the equal ranges of net. */
const histogramBars = pathBuilder('bars')({ size: [0.94, Infinity] });

/**
 * Whole-unit tick steps (1, 2, 5 × 10^k up to 5 × 10^9) for axes labelled without decimals: a trade number or a count
 * (uPlot would otherwise label 0.5 trades), or an amount up to billions of yen, never a half step whose label rounds
 * onto its neighbour's ("−41, −41" under one trade of −40.50).
 */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();

/**
 * The cumulative net after each trade in close order, from 0 before the first (so one trade still draws a line);
 * the server keeps every k-th trade and the last, so the line ends at the total whatever the count.
 */
function EquityCurve({ curve, currency }: { curve: TradeCurve; currency: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const amount = useAmount(currency);
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    const value = legendValues();
    const money = (v: number | null) => (v == null ? '' : currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2));
    return {
      scales: { x: { time: false } },
      axes: [
        { values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)), incrs: WHOLE_STEPS, space: 40 },
        { size: valueAxisSize(70), values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)) },
      ],
      series: [
        { label: t('tr.curveX'), value: value((v) => (v == null ? '' : i18n.number(v, 0))) },
        { label: t('tr.curveNet'), stroke: COLORS.balance, width: 2, points: { show: false }, value: value(money) },
        // The drawdown under the running peak (≤ 0), dashed so it reads apart from the curve without its colour.
        { label: t('tr.drawdown'), stroke: COLORS.loss, width: 1.5, dash: [6, 4], points: { show: false }, value: value(money) },
      ],
    };
  }, [currency, i18n, t]);
  const data = useMemo(
    () =>
      [
        [0, ...curve.points.map((p) => p.n)],
        [0, ...curve.points.map((p) => p.net)],
        [0, ...curve.points.map((p) => p.drawdown)],
      ] as AlignedData,
    [curve.points],
  );
  const extreme = (better: (a: Point, b: Point) => boolean) =>
    curve.points.reduce<Point | undefined>((best, p) => (best === undefined || better(p, best) ? p : best), undefined);
  const high = extreme((a, b) => a.net > b.net);
  const low = extreme((a, b) => a.net < b.net);
  const deepest =
    curve.maxDrawdownAt === null
      ? t('tr.maxDrawdownNone')
      : t('tr.maxDrawdown', { amount: amount(curve.maxDrawdown), n: i18n.number(curve.maxDrawdownAt, 0) });
  const spoken =
    high && low
      ? `${t('tr.curve')}: ${t('tr.curveSpoken', {
          trades: i18n.tn('count.trades', curve.totals.count),
          end: amount(curve.totals.net),
          high: amount(high.net),
          highAt: i18n.number(high.n, 0),
          low: amount(low.net),
          lowAt: i18n.number(low.n, 0),
        })}. ${deepest}`
      : t('tr.curve');
  return (
    <figure className="card">
      <figcaption>{t('tr.curve')}</figcaption>
      <Chart data={data} options={options} label={spoken} height={200} />
      <p className="chart-note" data-testid="max-drawdown">
        {deepest}
      </p>
      {curve.every > 1 && <p className="muted chart-note">{t('tr.curveEvery', { every: i18n.number(curve.every, 0) })}</p>}
    </figure>
  );
}

/**
 * Trades per range of net, the ranges equal and touching. A range that holds wins and losses (the one across 0)
 * shows both: its bar is drawn three times over, wins on top (the whole count, green), then breakevens and losses
 * (grey), then losses (red) at the bottom, each layer opaque, so the colours read as a stack.
 */
function Distribution({ curve, currency }: { curve: TradeCurve; currency: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const amount = useAmount(currency);
  const buckets = curve.distribution.buckets;
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    const money = (v: number) => (currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2));
    // The legend names the colours at rest and, under the cursor, the bucket's range and what each colour counts
    // there (the layers themselves hold running totals).
    const atCursor = (text: (b: Bucket) => string) => (_u: uPlot, _v: number | null, _s: number, idx: number | null) => {
      const bucket = idx == null ? undefined : buckets[idx];
      return bucket ? text(bucket) : '';
    };
    const first = buckets[0];
    const last = buckets[buckets.length - 1];
    const layer = (label: string, color: string, pick: (b: Bucket) => number) => ({
      label,
      paths: histogramBars,
      points: { show: false },
      fill: onWhite(color, 0.6),
      stroke: color,
      value: atCursor((b) => i18n.number(pick(b), 0)),
    });
    return {
      scales: {
        // One bucket (every net equal) has no width: it is drawn at its value, a unit either side.
        x: {
          time: false,
          range: (): [number, number] =>
            first && last && first.from < last.to ? [first.from, last.to] : [(first?.from ?? 0) - 1, (first?.to ?? 0) + 1],
        },
        y: { range: (_u, _min, max): [number, number] => [0, Math.max(1, max)] },
      },
      axes: [
        { values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)), space: 60, incrs: WHOLE_STEPS },
        { size: valueAxisSize(50), incrs: WHOLE_STEPS, values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)) },
      ],
      series: [
        { label: t('tr.distributionRange'), value: atCursor((b) => `${money(b.from)} – ${money(b.to)}`) },
        layer(t('tr.distributionWins'), COLORS.profit, (b) => b.wins),
        layer(t('tr.distributionBreakevens'), '#6b7280', (b) => b.breakevens),
        layer(t('tr.distributionLosses'), COLORS.loss, (b) => b.losses),
      ],
    };
  }, [buckets, currency, i18n, t]);
  const data = useMemo(
    () =>
      [
        buckets.map((b) => (b.from + b.to) / 2),
        buckets.map((b) => b.count || null),
        buckets.map((b) => b.losses + b.breakevens || null),
        buckets.map((b) => b.losses || null),
      ] as AlignedData,
    [buckets],
  );
  const ranges = buckets
    .filter((b) => b.count > 0)
    .map((b) => t('tr.distributionBucket', { from: amount(b.from), to: amount(b.to), count: i18n.number(b.count, 0) }))
    .join(', ');
  const spoken = `${t('tr.distribution')}: ${t('tr.distributionSpoken', {
    trades: i18n.tn('count.trades', curve.totals.count),
    buckets: i18n.tn('count.ranges', buckets.length),
    ranges,
  })}`;
  return (
    <figure className="card">
      <figcaption>{t('tr.distribution')}</figcaption>
      <Chart data={data} options={options} label={spoken} height={200} />
    </figure>
  );
}

/**
 * The equity curve by trade with its drawdown and the distribution of results, side by side (stacked on a phone), then
 * the month of daily P&L, with their states: all of the same filtered trades.
 */
export function TradeCurveCharts({
  query,
  calendar,
  currency,
}: {
  query: UseQueryResult<TradeCurve>;
  calendar: UseQueryResult<TradeCalendarDays>;
  currency: string | null;
}) {
  const { t } = useI18n();
  return (
    <>
      <QueryView query={query} isEmpty={(curve) => curve.totals.count === 0} empty={t('tr.curveEmpty')}>
        {(curve) => (
          <div className="two-col">
            <EquityCurve curve={curve} currency={currency} />
            <Distribution curve={curve} currency={currency} />
          </div>
        )}
      </QueryView>
      {/* Its own read: the month shows as soon as its days are grouped, whatever the curve takes. With no days the
          curve's empty state above already says so (TradeCalendar draws nothing). While it loads or when it fails, its
          card keeps its place and names itself, so nothing below moves and the error says which part failed. */}
      {calendar.data ? (
        <TradeCalendar calendar={calendar.data} currency={currency} />
      ) : (
        <figure className="card trade-calendar trade-calendar-pending">
          <figcaption>{t('tr.calendarPending')}</figcaption>
          <QueryView query={calendar}>{() => null}</QueryView>
        </figure>
      )}
    </>
  );
}
