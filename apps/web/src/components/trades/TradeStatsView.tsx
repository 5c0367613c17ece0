import { useMemo, useState, type ReactNode } from 'react';
import type { AlignedData, Options } from 'uplot';
import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { bars, Chart, COLORS, legendValues, namesOnly, valueAxisSize } from '../Chart.js';
import { holding, weekdayName } from './format.js';
import type { TradeFigures, TradeStats } from './types.js';
import { symbolRowsByRoot, type GroupRowFigures } from './by-root.js';
import { clockWords, StatsScope } from './StatsScope.js';
import type { JournalStats } from './contract.js';
import { RHistogramChart } from './RHistogram.js';

const SESSION_KEYS: Record<string, MessageKey> = {
  tokyo: 'tr.session.tokyo',
  london: 'tr.session.london',
  newYork: 'tr.session.newYork',
  none: 'tr.session.none',
};

/** Sessions in the order the trading day meets them (the server lists them by key: London, New York, none, Tokyo). */
const SESSION_ORDER = ['tokyo', 'london', 'newYork', 'none'];
const sessionRank = (key: string) => (SESSION_ORDER.includes(key) ? SESSION_ORDER.indexOf(key) : SESSION_ORDER.length);

/**
 * Amounts in the account's currency, or as plain numbers when the trades shown mix currencies; rounded to the
 * currency's units, since averages and expectancy are computed figures ("$57.785", "$234.4478" read as noise).
 */
function useAmount(currency: string | null) {
  const i18n = useI18n();
  return (v: number | null | undefined) => (v == null ? '—' : currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2));
}

/** One bar slot of a chart: the group key it shows (ISO weekday, hour) and its name on the axis. */
interface Slot {
  key: number;
  name: string;
}

/**
 * Net P&L per group as bars, green above zero and red below (two series, as the P&L page draws days), one slot per
 * possible group (every weekday, every hour) so that an empty one reads as nothing traded, not as a missing axis.
 */
function GroupBars({
  groups,
  slots,
  label,
  currency,
}: {
  groups: { key: number; net: number }[];
  slots: Slot[];
  label: string;
  currency: string | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const amount = useAmount(currency);
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    const value = legendValues(namesOnly);
    const money = (v: number | null) => (v == null ? '' : currency ? i18n.moneyRounded(v, currency) : i18n.number(v, 2));
    return {
      // Bars measured from zero: a range fitted to the data made a small total look like nothing and a loss look level.
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] },
        y: {
          range: (_u, min, max): [number, number] => {
            const [bottom, top] = [Math.min(0, min), Math.max(0, max)];
            return top === bottom ? [bottom, bottom + 1] : [bottom, top];
          },
        },
      },
      axes: [
        { values: (_u, ticks) => ticks.map((v) => slots[v]?.name ?? ''), space: 24, incrs: [1, 2, 3, 6] },
        { size: valueAxisSize(70), values: (_u, ticks) => ticks.map((v) => i18n.number(v, 0)) },
      ],
      series: [
        { label, value: value((v) => (v == null ? '' : (slots[v]?.name ?? ''))) },
        {
          label: t('tr.profit'),
          paths: bars,
          points: { show: false },
          fill: COLORS.profit + '99',
          stroke: COLORS.profit,
          value: value(money),
        },
        {
          label: t('tr.lossBar'),
          paths: bars,
          points: { show: false },
          fill: COLORS.loss + '99',
          stroke: COLORS.loss,
          value: value(money),
        },
      ],
    };
  }, [slots, label, currency, i18n, t]);
  const data = useMemo(() => {
    const net = slots.map((slot) => groups.find((g) => g.key === slot.key)?.net ?? null);
    return [
      slots.map((_, i) => i),
      net.map((v) => (v !== null && v >= 0 ? v : null)),
      net.map((v) => (v !== null && v < 0 ? v : null)),
    ] as AlignedData;
  }, [groups, slots]);
  // The chart is an image; its label carries every bar's figure for a screen reader.
  const spoken = `${label}: ${groups.map((g) => `${slots.find((s) => s.key === g.key)?.name ?? g.key} ${amount(g.net)}`).join(', ') || '—'}`;
  return (
    <figure className="card">
      <figcaption>{label}</figcaption>
      <Chart data={data} options={options} label={spoken} height={200} />
    </figure>
  );
}

function Figures({ figures, stats, currency }: { figures: TradeFigures; stats: TradeStats; currency: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const amount = useAmount(currency);
  const rows: [MessageKey, string][] = [
    ['tr.count', i18n.number(figures.count, 0)],
    ['tr.winRate', figures.winRate === null ? '—' : i18n.percent(figures.winRate * 100).replace(/^\+/, '')],
    ['tr.net', amount(figures.net)],
    ['tr.profitFactor', figures.profitFactor === null ? '—' : i18n.number(figures.profitFactor, 2)],
    ['tr.expectancy', amount(figures.expectancy)],
    ['tr.expectancyR', figures.expectancyR === null ? '—' : `${i18n.number(figures.expectancyR, 2)} R (${figures.withRisk})`],
    ['tr.avgWin', amount(figures.averageWin)],
    ['tr.avgLoss', amount(figures.averageLoss)],
    ['tr.largestWin', amount(figures.largestWin)],
    ['tr.largestLoss', amount(figures.largestLoss)],
    ['tr.streaks', `${stats.longestWinStreak} / ${stats.longestLossStreak}`],
    ['tr.avgHolding', figures.averageHoldingSeconds === null ? '—' : holding(figures.averageHoldingSeconds, i18n.lang)],
    ['tr.mae', `${amount(figures.averageMae)} / ${amount(figures.averageMfe)}`],
  ];
  return (
    <dl className="trade-figures">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One grouping as a small table: the group, its trades, win rate and net. */
function GroupTable({
  caption,
  column,
  rows,
  currency,
}: {
  caption: string;
  column: string;
  rows: { name: string; figures: GroupRowFigures }[];
  currency: string | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const amount = useAmount(currency);
  if (rows.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="card-rows">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col" className="num">
              {t('tr.count')}
            </th>
            <th scope="col" className="num">
              {t('tr.winRate')}
            </th>
            <th scope="col" className="num">
              {t('tr.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ name, figures }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="num" data-label={t('tr.count')}>
                {i18n.number(figures.count, 0)}
              </td>
              <td className="num" data-label={t('tr.winRate')}>
                {figures.winRate === null ? '—' : i18n.percent(figures.winRate * 100).replace(/^\+/, '')}
              </td>
              <td className={`num ${figures.net < 0 ? 'neg' : 'pos'}`} data-label={t('tr.net')}>
                {amount(figures.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The headline figures, then the charts: the equity curve and distribution (`charts`, read apart) and net by weekday
 * and hour. The group tables are TradeBreakdown's, which the page places.
 */
export function TradeStatsView({
  stats,
  currency,
  charts,
  accountLabel,
}: {
  stats: TradeStats;
  currency: string | null;
  charts: ReactNode;
  accountLabel: (id: string) => string;
}) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const weekdays = useMemo(() => [1, 2, 3, 4, 5, 6, 7].map((key) => ({ key, name: weekdayName(key, lang) })), [lang]);
  const hours = useMemo(() => Array.from({ length: 24 }, (_, key) => ({ key, name: String(key) })), []);
  const clock = clockWords(stats.clock, i18n);
  const histogram = (stats as Required<JournalStats>).rHistogram;
  return (
    <section className="trade-stats" aria-labelledby="trade-stats-title">
      <h2 id="trade-stats-title">{t('tr.stats')}</h2>
      <StatsScope stats={stats} accountLabel={accountLabel} />
      <Figures figures={stats.overall} stats={stats} currency={currency} />
      {charts}
      <RHistogramChart histogram={histogram} />
      <div className="two-col">
        <GroupBars groups={stats.byWeekday} slots={weekdays} label={t('tr.byWeekday', { zone: clock })} currency={currency} />
        <GroupBars groups={stats.byHour} slots={hours} label={t('tr.byHour', { zone: clock })} currency={currency} />
      </div>
      <p className="muted">{t('tr.definitions')}</p>
    </section>
  );
}

/**
 * The tables by symbol, session and tag, folded: open at first on a wide screen, where they sit beside the figures
 * above the list, closed on a phone, where they come after the list (they were 4,000 px of tables before it).
 * A native <details>, so Enter and Space open and close it from its summary.
 */
export function TradeBreakdown({
  stats,
  currency,
  wide,
  rootOf,
}: {
  stats: TradeStats;
  currency: string | null;
  wide: boolean;
  /** A symbol's futures root when the scope's symbols are contracts (its accounts all on futures platforms); else null. */
  rootOf: (symbol: string) => string | null;
}) {
  const { t } = useI18n();
  // The page mounts it again on the other side of the list when the window crosses 900 px, so it opens as that width
  // says; the trader's own toggle holds while the width stays on one side.
  const [open, setOpen] = useState(wide);
  const bySetup = (stats as Required<JournalStats>).bySetup;
  return (
    <details className="card trade-breakdown" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('tr.breakdown')}</summary>
      <div className="two-col">
        <GroupTable
          caption={t('tr.bySymbol')}
          column={t('tr.symbol')}
          rows={symbolRowsByRoot(stats.bySymbol, rootOf)}
          currency={currency}
        />
        <GroupTable
          caption={t('tr.bySession')}
          column={t('tr.session')}
          rows={[...stats.bySession]
            .sort((a, b) => sessionRank(a.key) - sessionRank(b.key))
            .map((g) => ({ name: t(SESSION_KEYS[g.key] ?? 'tr.session.none'), figures: g }))}
          currency={currency}
        />
      </div>
      <div className="two-col">
        <GroupTable
          caption={t('tr.bySide')}
          column={t('tr.side')}
          rows={stats.bySide.map((g) => ({ name: t(g.key === 'sell' ? 'tr.short' : 'tr.long'), figures: g }))}
          currency={currency}
        />
        <GroupTable
          caption={t('tr.bySetup')}
          column={t('tr.setup')}
          rows={bySetup.map((g) => ({ name: g.key === '' ? t('tr.noSetup') : g.key, figures: g }))}
          currency={currency}
        />
      </div>
      <GroupTable
        caption={t('tr.byTag')}
        column={t('tr.tag')}
        rows={stats.byTag.map((g) => ({ name: g.key, figures: g }))}
        currency={currency}
      />
    </details>
  );
}
