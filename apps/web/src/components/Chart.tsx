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
    const hooks = { ...options.hooks, setScale: [...(options.hooks?.setScale ?? []), showRange] };
    const plot = new uPlot({ ...options, hooks, width: Math.max(el.clientWidth, 200), height }, data, el);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, options, height]);
  return <div className="chart" ref={box} role="img" aria-label={label} />;
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
 * A legend value: the value under the cursor, or the series' latest value while the cursor is elsewhere (uPlot
 * shows nothing useful there, only a dash), so the legend reads as the current totals.
 */
export function legendValue(format: (v: number | null) => string) {
  return (u: uPlot, v: number | null, seriesIdx: number, idx: number | null) => {
    if (idx != null) return format(v);
    const values = u.data[seriesIdx] ?? [];
    for (let i = values.length - 1; i >= 0; i--) {
      const last = values[i];
      if (last != null) return format(last);
    }
    return format(null);
  };
}
