import { lazy, Suspense, useMemo } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import type { MonthRow } from '../../lib/ledger-types.js';
import { Loading } from '../states.js';

const MonthlyChart = lazy(() => import('./AnalyticsCharts.js').then((m) => ({ default: m.MonthlyChart })));
const FIGURES = ['spent', 'refunded', 'withdrawn', 'net'] as const;

/** Monthly bars per currency (or in the base currency) and the table they are drawn from. */
export function MonthlyView({ monthly }: { monthly: MonthRow[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const byCurrency = useMemo(() => {
    const groups = new Map<string, MonthRow[]>();
    for (const row of monthly) groups.set(row.currency, [...(groups.get(row.currency) ?? []), row]);
    return [...groups.entries()];
  }, [monthly]);
  if (byCurrency.length === 0) return null;
  return (
    <section className="card" aria-labelledby="an-monthly">
      <h2 id="an-monthly">{t('an.monthly')}</h2>
      {byCurrency.map(([currency, rows]) => (
        <div key={currency} className="currency-block">
          <h3>{currency}</h3>
          <Suspense fallback={<Loading />}>
            <MonthlyChart rows={rows} currency={currency} />
          </Suspense>
          <div className="table-wrap">
            <table data-testid={`monthly-${currency}`} className="month-table card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('an.month')}</th>
                  {FIGURES.map((f) => (
                    <th scope="col" className="num" key={f}>
                      {t(`an.${f}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.month} data-testid={`month-${r.month}-${currency}`}>
                    <th scope="row">{r.month}</th>
                    {FIGURES.map((f) => (
                      <td
                        data-label={t(`an.${f}`)}
                        className={`num${f === 'net' ? (r.net < 0 ? ' neg' : r.net > 0 ? ' pos' : '') : ''}`}
                        key={f}
                      >
                        {i18n.money(r[f], currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}
