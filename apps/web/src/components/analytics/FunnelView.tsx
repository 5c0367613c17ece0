import { lazy, Suspense, useMemo } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import type { Funnel } from '../../lib/ledger-types.js';
import { funnelSteps } from '../../lib/funnel-steps.js';
import { Loading } from '../states.js';
import { rateOfText, ratio, stepLabel } from './format.js';

const FunnelChart = lazy(() => import('./AnalyticsCharts.js').then((m) => ({ default: m.FunnelChart })));

/** The pass-rate funnel as a bar chart (lazy uPlot) and the same numbers as a table. */
export function FunnelView({ funnel }: { funnel: Funnel }) {
  const i18n = useI18n();
  const { t } = i18n;
  const steps = useMemo(() => funnelSteps(funnel), [funnel]);
  return (
    <section className="card" aria-labelledby="an-funnel">
      <h2 id="an-funnel">{t('an.funnel')}</h2>
      {funnel.attempts > 0 && (
        <Suspense fallback={<Loading />}>
          <FunnelChart steps={steps} />
        </Suspense>
      )}
      <div className="table-wrap">
        <table data-testid="funnel" className="funnel-table card-rows">
          <thead>
            <tr>
              <th scope="col">{t('an.step')}</th>
              <th scope="col" className="num">
                {t('an.count')}
              </th>
              <th scope="col" className="rate">
                {t('an.stepRate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={`${s.key}-${s.phase ?? ''}`} data-testid={`funnel-${s.key}${s.phase ? `-${s.phase}` : ''}`}>
                <th scope="row">{stepLabel(i18n, s)}</th>
                <td data-label={t('an.count')} className="num">
                  {s.count}
                </td>
                <td data-label={t('an.stepRate')} className="rate">
                  {s.rateOf && (
                    <>
                      <span className="num">{ratio(i18n, s.rate)}</span> <small className="muted">{rateOfText(i18n, s)}</small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {t('an.inProgress')}: <span data-testid="funnel-in-progress">{funnel.inProgress}</span>
      </p>
    </section>
  );
}
