import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Axis, type Options, type Scale } from 'uplot';
import type { I18n } from '../i18n/i18n.js';
import 'uplot/dist/uPlot.min.css';

/**
 * uPlot in a resizable box. `null` values stay gaps (spanGaps is off): a day without a report is
 * never drawn as if it had one. The chart is an image for screen readers; `label` describes it and
 * the page shows the same numbers as text or a table.
 */
export function Chart({
  data,
  options,
  label,
  height = 260,
}: {
  data: AlignedData;
  options: Omit<Options, 'width' | 'height'>;
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // The x range drawn, for tests and for anyone inspecting the page: a chart of one day must not span years.
    const showRange = (u: uPlot, key: string) => {
      if (key === 'x') el.dataset.xRange = `${u.scales.x?.min ?? ''},${u.scales.x?.max ?? ''}`;
    };
    const hooks = {
      ...options.hooks,
      setScale: [...(options.hooks?.setScale ?? []), showRange],
      setLegend: [...(options.hooks?.setLegend ?? []), markBlankLegendRows],
    };
    const plot = new uPlot({ ...options, hooks, width: Math.max(el.clientWidth, 200), height }, data, el);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, options, height]);
  // The plot's height is known before uPlot draws it: reserved, so nothing under a chart moves when it appears.
  return <div className="chart" ref={box} role="img" aria-label={label} style={{ minHeight: height }} />;
}

/**
 * uPlot draws a colon after every legend name, value or not: a row whose value is empty (see `legendValues`) is
 * marked so that the stylesheet drops the colon (and the x row, which has no name worth reading alone).
 */
function markBlankLegendRows(u: uPlot) {
  for (const row of u.root.querySelectorAll('.u-legend .u-series')) {
    row.classList.toggle('u-blank', !row.querySelector('.u-value')?.textContent);
  }
}

export const COLORS = {
  spend: '#b3261e',
  payouts: '#1b6e3a',
  balance: '#1f4e99',
  equity: '#8a5300',
  profit: '#1b6e3a',
  loss: '#b3261e',
  maxFloor: '#7d1a14',
  dailyFloor: '#c2410c',
  target: '#14532b',
};

/**
 * One of uPlot's bundled path builders. Its types mark them optional (a custom uPlot build may leave them
 * out); the build we ship has them all, so a missing one is a packaging fault, not a state to draw around.
 */
export function pathBuilder<K extends 'stepped' | 'bars'>(name: K): NonNullable<(typeof uPlot.paths)[K]> {
  const make = uPlot.paths[name];
  if (!make) throw new Error(`uPlot has no paths.${name}`);
  return make;
}

/** Running totals change on the day of an event and stay flat until the next: steps, not slopes. */
export const steps = pathBuilder('stepped')({ align: 1 });

/** Bars drawn by uPlot's own path builder (no plugin). */
export const bars = pathBuilder('bars')({ size: [0.7, 40] });

/** Where a value axis's labels are measured when the chart is not drawn yet (uPlot's own default font). */
let measuring: CanvasRenderingContext2D | null = null;

/**
 * A value (y) axis's width from its widest label, never under `min`: a fixed 70 px cut "−1,234,567" (7-digit yen
 * with a sign, or 8 digits) at the chart's left edge. uPlot calls this with the labels it is about to draw.
 */
export function valueAxisSize(min = 50): NonNullable<Axis['size']> {
  return (u, typed, axisIdx) => {
    // uPlot's types say string[], but its first call (before any tick is laid out) passes null.
    const values = typed as readonly string[] | null;
    const axis = u.axes[axisIdx];
    if (!values?.length || !axis) return min;
    measuring ??= document.createElement('canvas').getContext('2d');
    if (!measuring) return min;
    // uPlot keeps the axis font scaled by the device pixel ratio, as [font, size]; the width is read back in CSS px.
    const font = Array.isArray(axis.font) ? (axis.font[0] as unknown as string) : (axis.font ?? '12px system-ui');
    measuring.font = font;
    const ratio = Array.isArray(axis.font) ? uPlot.pxRatio : 1;
    const widest = Math.max(...values.map((v) => measuring?.measureText(v).width ?? 0)) / ratio;
    const ticks = axis.ticks?.show === false ? 0 : (axis.ticks?.size ?? 10);
    return Math.max(min, Math.ceil(widest + ticks + (axis.gap ?? 5) + 6));
  };
}

const DAY = 86_400;

/** Days are UTC midnights: uPlot places ticks and labels in UTC too, so a day never shows as the one before in Tokyo or New York. */
export const utcDate = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

/**
 * The x axis of a chart of days, labelled in the UI language (1月 / Jan, 2027年1月 / Jan 2027) at the spacing uPlot
 * picked: years, months or days.
 */
export function dayAxis(i18n: I18n): Axis {
  const locale = i18n.lang === 'ja' ? 'ja-JP' : 'en-US';
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return {
    space: 70,
    // Never finer than a day: a short span labelled the same day at every six hours.
    incrs: [1, 2, 3, 4, 5, 7, 10, 15, 30, 60, 90, 120, 180, 365, 730, 1825].map((n) => n * DAY),
    values: (_u, splits, _axis, _space, incr) => {
      const fmt = incr >= 360 * DAY ? year : incr >= 28 * DAY ? month : day;
      return splits.map((v) => fmt.format(new Date(v * 1000)));
    },
  };
}

/**
 * The x range of a chart of days. One day alone is centred in a week either side (uPlot's own range for a single
 * time value runs for years); `bars` adds half a day at each end so the first and last bars are drawn whole.
 */
export function dayRange(bars = false): Scale['range'] {
  return (u, min, max) => {
    // uPlot widens a lone time value to [t, t + 86,400,000] (a day in milliseconds, read as seconds: 1,000 days).
    const xs = u.data[0];
    if (xs.length === 1 || min === max) {
      const only = xs[0] ?? min;
      return [only - 7 * DAY, only + 7 * DAY];
    }
    return bars ? [min - DAY / 2, max + DAY / 2] : [min, max];
  };
}

/**
 * Where a chart's legend rests while no cursor is on the chart (a page just opened, a keyboard user, a phone before a
 * tap): the index of the point whose values it shows, or null for the series' names alone. uPlot itself shows an
 * empty slot there, so a legend read "Pass:" with nothing after the colon.
 */
type LegendRest = (u: uPlot) => number | null;

/** The latest point at which any of the named series (every y series when none is named) has a value. */
export function latest(...seriesIdxs: number[]): LegendRest {
  return (u) => {
    const ys = seriesIdxs.length ? seriesIdxs : u.data.map((_, i) => i).slice(1);
    for (let i = u.data[0].length - 1; i >= 0; i--) if (ys.some((s) => u.data[s]?.[i] != null)) return i;
    return null;
  };
}

/** The point at an x value: the risk curve rests at ×1, the risk as traded. */
export const atX =
  (x: number): LegendRest =>
  (u) => {
    const i = Array.prototype.indexOf.call(u.data[0], x);
    return i < 0 ? null : i;
  };

/** No point: the legend is a key of names, and shows values only for the point under the cursor. */
export const namesOnly: LegendRest = () => null;

/**
 * A chart's legend values: those of the point under the cursor, else those of the chart's resting point, the same
 * point for every series so that the legend reads as one (a day and its figures). One per chart:
 * `const value = legendValues(latest());` then `value: value(money)` on each series. A value formatted as '' (names
 * only, or a bar with nothing that day) leaves the series' name alone, without a colon (see `Chart`).
 */
export function legendValues(rest: LegendRest = latest()) {
  return (format: (v: number | null) => string) =>
    (u: uPlot, v: number | null, seriesIdx: number, idx: number | null): string => {
      if (idx != null) return format(v);
      const at = rest(u);
      return at == null ? '' : format(u.data[seriesIdx]?.[at] ?? null);
    };
}
