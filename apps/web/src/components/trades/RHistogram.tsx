import { useI18n } from '../../i18n/i18n.js';
import type { RBin, RHistogram } from './contract.js';

/**
 * Trades by R multiple (net ÷ planned risk) in bins of 0.5 R, open at both ends, drawn as plain boxes: each bar stacks
 * its losses (hatched), breakevens (dotted) and wins (solid), so they read apart without colour, and the legend says
 * which is which. The plot keeps its height whatever the data (nothing below it moves when it loads), and its name
 * carries every non-empty bin's counts for a screen reader.
 */
export function RHistogramChart({ histogram }: { histogram: RHistogram }) {
  const i18n = useI18n();
  const { t } = i18n;
  const r = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${i18n.number(Math.abs(v), 1)}`;
  const binName = (b: RBin) =>
    b.from === null
      ? t('tr.rHist.below', { r: r(b.to ?? 0) })
      : b.to === null
        ? t('tr.rHist.above', { r: r(b.from) })
        : t('tr.rHist.between', { from: r(b.from), to: r(b.to) });
  const most = Math.max(1, ...histogram.bins.map((b) => b.count));
  const filled = histogram.bins.filter((b) => b.count > 0);
  const spoken = `${t('tr.rHist.title')}: ${
    filled.length === 0
      ? t('tr.rHist.none')
      : filled.map((b) => t('tr.rHist.bin', { bin: binName(b), wins: b.wins, losses: b.losses, count: b.count })).join(', ')
  }`;
  // An axis label under the bins that start on a whole R, and the open ends: every half R would not fit 375 px.
  const tick = (b: RBin) =>
    b.from === null ? `<${r(b.to ?? 0)}` : b.to === null ? `≥${r(b.from)}` : Number.isInteger(b.from) ? r(b.from) : '';
  return (
    <figure className="card r-histogram">
      <figcaption>{t('tr.rHist.title')}</figcaption>
      <div className="r-plot" role="img" aria-label={spoken}>
        <span className="r-axis-y">{t('tr.rHist.yTitle')}</span>
        <div className="r-bars">
          {histogram.bins.map((b, i) => {
            const breakevens = Math.max(0, b.count - b.wins - b.losses);
            return (
              <div key={i} className="r-bin" title={t('tr.rHist.bin', { bin: binName(b), wins: b.wins, losses: b.losses, count: b.count })}>
                {b.count > 0 && <span className="r-count">{b.count}</span>}
                <div className="r-bar" style={{ height: `${((b.count / most) * 100).toFixed(1)}%` }}>
                  {b.wins > 0 && <div className="r-wins" style={{ flexGrow: b.wins }} />}
                  {breakevens > 0 && <div className="r-even" style={{ flexGrow: breakevens }} />}
                  {b.losses > 0 && <div className="r-losses" style={{ flexGrow: b.losses }} />}
                </div>
                <span className="r-tick">{tick(b)}</span>
              </div>
            );
          })}
        </div>
        <span className="r-axis-x">{t('tr.rHist.xTitle')}</span>
      </div>
      <ul className="r-legend">
        <li>
          <span className="r-swatch r-wins" aria-hidden="true" /> {t('tr.rHist.wins')}
        </li>
        <li>
          <span className="r-swatch r-losses" aria-hidden="true" /> {t('tr.rHist.losses')}
        </li>
        <li>
          <span className="r-swatch r-even" aria-hidden="true" /> {t('tr.rHist.breakevens')}
        </li>
      </ul>
      <p className="muted chart-note" data-testid="r-histogram-counted">
        {t('tr.rHist.counted', {
          counted: i18n.tn('count.trades', histogram.counted),
          without: i18n.tn('count.trades', histogram.withoutPlannedRisk),
        })}
      </p>
    </figure>
  );
}
