import { useQuery } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { QueryView } from '../states.js';
import { TradeCurveCharts } from './TradeCurveCharts.js';
import { TradeBreakdown, TradeStatsView } from './TradeStatsView.js';

/** What the statistics cover: the account (or all), the platform and the close window of the page's filter. */
export type StatsScope = {
  accountId?: string | undefined;
  platform?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * The figures, charts and breakdown of the trades in scope in one currency. Amounts of different currencies are never
 * added up (the server refuses it, 422 mixed_currencies): with accounts in several currencies the page shows one of
 * these per currency, each asking the server for its own (`currency`).
 */
export function CurrencyStats({
  scope,
  currency,
  timeZone,
  wide,
  rootOf,
  heading,
  part = 'all',
}: {
  scope: StatsScope;
  /** The currency of every amount here; null when the scope has no account yet (no trades either). */
  currency: string | null;
  timeZone: string;
  wide: boolean;
  rootOf: (symbol: string) => string | null;
  /** A heading naming the currency, when the page shows several. */
  heading?: boolean;
  /** On a phone the figures come before the list and the breakdown after it: the page renders the two parts apart. */
  part?: 'all' | 'figures' | 'breakdown';
}) {
  const query = currency === null ? scope : { ...scope, currency };
  const stats = useQuery({ queryKey: ['trade-stats', query, timeZone], queryFn: () => app.get('/trades/stats', { ...query, timeZone }) });
  const curve = useQuery({ queryKey: ['trade-curve', query], queryFn: () => app.get('/trades/curve', query) });
  return (
    <section className="currency-stats" aria-label={heading && currency ? currency : undefined}>
      {heading && currency && <h2>{currency}</h2>}
      <QueryView query={stats}>
        {(s) =>
          s.overall.count === 0 ? null : (
            <>
              {part !== 'breakdown' && (
                <TradeStatsView stats={s} currency={currency} charts={<TradeCurveCharts query={curve} currency={currency} />} />
              )}
              {part !== 'figures' && <TradeBreakdown stats={s} currency={currency} wide={wide} rootOf={rootOf} />}
            </>
          )
        }
      </QueryView>
    </section>
  );
}
