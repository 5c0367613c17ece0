import { useI18n, type I18n } from '../../i18n/i18n.js';
import type { TradeStats } from './types.js';

type Clock = TradeStats['clock'];
type Filters = TradeStats['filters'];

/** Cities a firm's day is kept in, in Japanese; any other is written as the server names it (never an IANA id). */
const CITIES_JA: Record<string, string> = {
  'New York': 'ニューヨーク',
  Prague: 'プラハ',
  London: 'ロンドン',
  Tokyo: '東京',
  Chicago: 'シカゴ',
  Sydney: 'シドニー',
  Singapore: 'シンガポール',
  Dubai: 'ドバイ',
  Berlin: 'ベルリン',
  Paris: 'パリ',
  Zurich: 'チューリッヒ',
  'Hong Kong': '香港',
};

/** The clock of the weekday and hour groups in words: "firm day (New York 17:00)", "ファームの1日（ニューヨーク 17:00）". */
export function clockWords(clock: Clock, i18n: Pick<I18n, 't' | 'lang'>): string {
  const city = i18n.lang === 'ja' ? (CITIES_JA[clock.city] ?? clock.city) : clock.city;
  if (!clock.firmDay) return i18n.t('tr.clock.zone', { city });
  if (!clock.known) return i18n.t('tr.clock.unknown');
  return i18n.t('tr.clock.firm', { city, time: clock.time });
}

/** A close window's days in the viewer's calendar (the page sends local midnights; `to` is the next day's, exclusive). */
function windowWords(filters: Filters, i18n: I18n): string | null {
  const day = (iso: string) => {
    const at = new Date(iso);
    return `${String(at.getFullYear())}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  };
  const from = filters.from === null ? null : i18n.date(day(filters.from));
  const to = filters.to === null ? null : i18n.date(day(new Date(Date.parse(filters.to) - 1).toISOString()));
  if (from && to) return i18n.t('tr.counts.between', { from, to });
  if (from) return i18n.t('tr.counts.since', { from });
  if (to) return i18n.t('tr.counts.until', { to });
  return null;
}

/**
 * What the figures and charts below count, read from the server's answer (the filters it applied, the same as the
 * list's), and the clock of their weekday and hour; when the accounts follow several firm clocks, whose is used.
 */
export function StatsScope({ stats, accountLabel }: { stats: TradeStats; accountLabel: (id: string) => string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const f = stats.filters;
  const parts = [
    f.accountId === null ? null : accountLabel(f.accountId),
    f.platform,
    f.symbol,
    f.side === null ? null : t(f.side === 'buy' ? 'tr.buy' : 'tr.sell'),
    f.outcome === null ? null : t(f.outcome === 'win' ? 'tr.win' : f.outcome === 'loss' ? 'tr.loss' : 'tr.breakeven'),
    f.tag === null ? null : t('tr.counts.tag', { tag: f.tag }),
    windowWords(f, i18n),
  ].filter((p): p is string => p !== null);
  const trades = i18n.tn('count.trades', stats.overall.count);
  return (
    <div className="stats-scope muted">
      <p data-testid="stats-counts">
        {parts.length === 0 ? t('tr.counts.all', { trades }) : t('tr.counts.some', { trades, filters: parts.join(' · ') })}
      </p>
      <p data-testid="stats-clock">
        {t('tr.clock.used', { clock: clockWords(stats.clock, i18n) })}
        {stats.clock.accountId !== null &&
          ` ${t('tr.clock.several', { n: stats.clock.clocks, account: accountLabel(stats.clock.accountId) })}`}
      </p>
    </div>
  );
}
