import { useQuery } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { QueryView } from '../states.js';
import { TradeCurveCharts } from './TradeCurveCharts.js';
import { TradeBreakdown, TradeStatsView } from './TradeStatsView.js';

/**
 * What the statistics and charts cover: every filter of the list (account, platform, symbol, side, outcome, tag and
 * the close window), so a figure never counts other trades than the list shows.
 */
export type StatsScope = {
  accountId?: string | undefined;
  platform?: string | undefined;
  symbol?: string | undefined;
  side?: 'buy' | 'sell' | undefined;
  outcome?: 'win' | 'loss' | 'breakeven' | undefined;
  tag?: string | undefined;
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
  accountLabel,
  wide,
  rootOf,
  heading,
  part = 'all',
}: {
  scope: StatsScope;
  /** The currency of every amount here; null when the scope has no account yet (no trades either). */
  currency: string | null;
  /** An account's name, for the line that says what the figures count. */
  accountLabel: (id: string) => string;
  wide: boolean;
  rootOf: (symbol: string) => string | null;
  /** A heading naming the currency, when the page shows several. */
  heading?: boolean;
  /** On a phone the figures come before the list and the breakdown after it: the page renders the two parts apart. */
  part?: 'all' | 'figures' | 'breakdown';
}) {
  const query = currency === null ? scope : { ...scope, currency };
  // Weekday and hour in the accounts' firm day (the server's default), never the viewer's calendar.
  const stats = useQuery({ queryKey: ['trade-stats', query], queryFn: () => app.get('/trades/stats', query) });
  const curve = useQuery({ queryKey: ['trade-curve', query], queryFn: () => app.get('/trades/curve', query) });
  const calendar = useQuery({ queryKey: ['trade-calendar', query], queryFn: () => app.get('/trades/calendar', query) });
  return (
    // On a wide page the figures and charts stand above the list: a screen is reserved for them while they load, so the
    // list waits below the fold instead of jumping down (layout shift).
    <section
      className={wide && stats.isPending ? 'currency-stats reserve-screen' : 'currency-stats'}
      aria-label={heading && currency ? currency : undefined}
    >
      {heading && currency && <h2>{currency}</h2>}
      <QueryView query={stats}>
        {(s) =>
          s.overall.count === 0 ? null : (
            <>
              {part !== 'breakdown' && (
                <TradeStatsView
                  stats={s}
                  currency={currency}
                  accountLabel={accountLabel}
                  charts={<TradeCurveCharts query={curve} calendar={calendar} currency={currency} />}
                />
              )}
              {part !== 'figures' && <TradeBreakdown stats={s} currency={currency} wide={wide} rootOf={rootOf} />}
            </>
          )
        }
      </QueryView>
    </section>
  );
}
