import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import type { PlanFitRow } from '../../lib/plan-fit.js';

/** Drawn height, fixed so that nothing below moves when the odds arrive (the card reserves it while loading). */
export const VALUE_CHART_HEIGHT = 320;
const PAD = { top: 16, right: 16, bottom: 44, left: 64 };
/** Firm colours, told apart by people with the common colour deficiencies; a label beside each point says the same. */
const PALETTE = ['#1f4e99', '#c2410c', '#1b6e3a', '#8a2be2', '#b3261e', '#0e7490', '#8a5300', '#be185d', '#4d7c0f', '#475569'];
/** Width a label character takes at 11 px, to keep labels from overlapping (they thin out on a phone). */
const CHAR_PX = 6.2;

export interface ValuePoint {
  planId: string;
  firm: string;
  label: string;
  pass: number;
  value: number;
}

/** A plan's short name for a point: firm, program (without the firm twice) and size ("FTMO 2-Step 100k"). */
export function pointLabel(p: PlanFitRow): string {
  const name = p.program.toLowerCase().startsWith(p.firm.toLowerCase()) ? p.program : `${p.firm} ${p.program}`;
  if (p.accountSize === null) return name;
  const size = p.accountSize >= 1000 ? `${p.accountSize / 1000}k` : String(p.accountSize);
  return name.includes(size) ? name : `${name} ${size}`;
}

/** The plans with an expected value at the current risk, by currency: amounts in two currencies never share an axis. */
export function valuePointsByCurrency(plans: readonly PlanFitRow[]): Map<string, ValuePoint[]> {
  const out = new Map<string, ValuePoint[]>();
  for (const p of plans) {
    const odds = p.atCurrentRisk;
    if (!odds || odds.expectedValue === null) continue;
    const points = out.get(p.currency) ?? [];
    points.push({ planId: p.planId, firm: p.firm, label: pointLabel(p), pass: odds.passProbability, value: odds.expectedValue });
    out.set(p.currency, points);
  }
  return out;
}

/** Round tick steps (1, 2, 5 × 10ⁿ) over [lo, hi], about `count` of them. */
function ticks(lo: number, hi: number, count: number): number[] {
  const span = hi - lo || Math.abs(hi) || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step / 2; v += step) out.push(Math.round(v / step) * step);
  return out;
}

/** The box's width in pixels, followed as the window changes (the SVG is drawn at it, so text keeps its size). */
function useWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/**
 * Expected value against pass probability, one point per plan, in one currency: a scatter in plain SVG. Each point
 * carries its plan's name where there is room, its firm's colour (with a legend), and the chart's accessible name
 * lists every point, so neither colour nor sight is needed to read it.
 */
export function ValueChart({ currency, points }: { currency: string; points: readonly ValuePoint[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { box, width } = useWidth();
  const firms = [...new Set(points.map((p) => p.firm))].sort();
  const colour = (firm: string) => PALETTE[firms.indexOf(firm) % PALETTE.length] ?? PALETTE[0];
  const pct = (x: number) => `${i18n.number(x * 100, 0)}%`;
  const values = points.map((p) => p.value);
  const yTicks = ticks(Math.min(0, ...values), Math.max(0, ...values), 4);
  const yLo = yTicks[0] ?? 0;
  const yHi = yTicks[yTicks.length - 1] ?? 1;
  const plotW = Math.max(width - PAD.left - PAD.right, 1);
  const plotH = VALUE_CHART_HEIGHT - PAD.top - PAD.bottom;
  const x = (pass: number) => PAD.left + pass * plotW;
  const y = (v: number) => PAD.top + (yHi === yLo ? plotH / 2 : ((yHi - v) / (yHi - yLo)) * plotH);
  // Labels are placed greedily, best value first; one that would overlap a placed label (or leave the plot) is left out.
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const labelled = new Map<string, { x: number; anchor: 'start' | 'end' }>();
  for (const p of [...points].sort((a, b) => b.value - a.value)) {
    const w = p.label.length * CHAR_PX;
    const px = x(p.pass);
    const left = px + 6 + w > width - 2;
    const x0 = left ? px - 6 - w : px + 6;
    const r = { x0, x1: x0 + w, y0: y(p.value) - 7, y1: y(p.value) + 7 };
    if (r.x0 < PAD.left - 4 || placed.some((q) => r.x0 < q.x1 && q.x0 < r.x1 && r.y0 < q.y1 && q.y0 < r.y1)) continue;
    placed.push(r);
    labelled.set(p.planId, left ? { x: px - 6, anchor: 'end' } : { x: px + 6, anchor: 'start' });
  }
  const name = t('fit.chart.label', {
    currency,
    points: points
      .map((p) => t('fit.chart.point', { plan: p.label, pass: pct(p.pass), value: i18n.money(p.value, currency) }))
      .join(t('fit.chart.separator')),
  });
  return (
    <figure className="value-chart" data-testid={`value-chart-${currency}`}>
      <figcaption>{t('fit.chart.title', { currency })}</figcaption>
      <div ref={box} className="value-chart-box" style={{ height: VALUE_CHART_HEIGHT }}>
        {width > 0 && (
          <svg role="img" aria-label={name} width={width} height={VALUE_CHART_HEIGHT} viewBox={`0 0 ${width} ${VALUE_CHART_HEIGHT}`}>
            <g className="grid" aria-hidden="true">
              {[0, 0.25, 0.5, 0.75, 1].map((v) => (
                <g key={`x${v}`}>
                  <line x1={x(v)} x2={x(v)} y1={PAD.top} y2={PAD.top + plotH} />
                  <text x={x(v)} y={PAD.top + plotH + 14} textAnchor="middle">
                    {pct(v)}
                  </text>
                </g>
              ))}
              {yTicks.map((v) => (
                <g key={`y${v}`}>
                  <line x1={PAD.left} x2={PAD.left + plotW} y1={y(v)} y2={y(v)} className={v === 0 ? 'zero' : undefined} />
                  <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end">
                    {i18n.number(v, 0)}
                  </text>
                </g>
              ))}
              <text className="axis-title" x={PAD.left + plotW / 2} y={VALUE_CHART_HEIGHT - 6} textAnchor="middle">
                {t('fit.chart.x')}
              </text>
              <text className="axis-title" transform={`translate(12 ${PAD.top + plotH / 2}) rotate(-90)`} textAnchor="middle">
                {t('fit.chart.y', { currency })}
              </text>
            </g>
            <g aria-hidden="true">
              {points.map((p) => (
                <g key={p.planId} className="value-point" data-plan={p.planId}>
                  <circle cx={x(p.pass)} cy={y(p.value)} r={5} fill={colour(p.firm)} stroke="var(--bg, #fff)" strokeWidth={1}>
                    <title>{t('fit.chart.point', { plan: p.label, pass: pct(p.pass), value: i18n.money(p.value, currency) })}</title>
                  </circle>
                  {labelled.has(p.planId) && (
                    <text
                      x={labelled.get(p.planId)?.x}
                      y={y(p.value) + 4}
                      textAnchor={labelled.get(p.planId)?.anchor}
                      className="point-label"
                    >
                      {p.label}
                    </text>
                  )}
                </g>
              ))}
            </g>
          </svg>
        )}
      </div>
      <ul className="value-legend" aria-label={t('fit.chart.legend')}>
        {firms.map((f) => (
          <li key={f}>
            <span className="swatch" style={{ background: colour(f) }} aria-hidden="true" /> {f}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** One chart per currency of the plans with an expected value; the empty state says why there is none. */
export function ValueCharts({ plans }: { plans: readonly PlanFitRow[] }) {
  const { t } = useI18n();
  const byCurrency = valuePointsByCurrency(plans);
  if (byCurrency.size === 0) return <p className="muted value-chart-empty">{t('fit.chart.empty')}</p>;
  return (
    <div className="value-charts">
      {[...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, points]) => (
          <ValueChart key={currency} currency={currency} points={points} />
        ))}
    </div>
  );
}
