import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
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
    const plot = new uPlot({ ...options, width: Math.max(el.clientWidth, 200), height }, data, el);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, options, height]);
  return <div className="chart" ref={box} role="img" aria-label={label} />;
}

export const COLORS = { spend: '#b3261e', payouts: '#1b6e3a', balance: '#1f4e99', equity: '#8a5300', profit: '#1b6e3a', loss: '#b3261e' };

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
