import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import { viewerTodayIso } from '../lib/viewer-day.js';
import { cumulativeByCurrency } from '../lib/series.js';
import type { CurrencyAmount, Summary } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Empty, ErrorState, Loading, QueryView } from '../components/states.js';
import { useChallengeLabel } from '../lib/challenge-labels.js';
import { Cockpit } from '../components/cockpit/Cockpit.js';

const SpendChart = lazy(() => import('../components/SpendChart.js'));

const summaryKey = ['summary'] as const;

function amountFor(list: CurrencyAmount[], currency: string) {
  return list.find((a) => a.currency === currency)?.amount ?? 0;
}

function Totals({ summary }: { summary: Summary }) {
  const i18n = useI18n();
  const { t } = i18n;
  const currencies = [
    ...new Set([...summary.spent, ...summary.refunded, ...summary.withdrawn, ...summary.net].map((a) => a.currency)),
  ].sort();
  if (currencies.length === 0) return null;
  return (
    <section aria-labelledby="totals-h">
      <h2 id="totals-h">{t('overview.byCurrency')}</h2>
      <div className="cards">
        {currencies.map((c) => {
          const net = amountFor(summary.net, c);
          const refunded = amountFor(summary.refunded, c);
          return (
            <div className="card totals" key={c} data-testid={`totals-${c}`}>
              <h3>{c}</h3>
              <dl>
                <dt>{t('overview.spent')}</dt>
                <dd data-testid={`spent-${c}`}>{i18n.money(amountFor(summary.spent, c), c)}</dd>
                {refunded !== 0 && (
                  <>
                    <dt>{t('overview.refunded')}</dt>
                    <dd data-testid={`refunded-${c}`}>{i18n.money(refunded, c)}</dd>
                  </>
                )}
                <dt>{t('overview.withdrawn')}</dt>
                <dd data-testid={`withdrawn-${c}`}>{i18n.money(amountFor(summary.withdrawn, c), c)}</dd>
                <dt>{t('overview.net')}</dt>
                <dd data-testid={`net-${c}`} className={net < 0 ? 'neg' : 'pos'}>
                  {i18n.money(net, c)}
                </dd>
              </dl>
            </div>
          );
        })}
      </div>
      <p className="muted small" data-testid="net-definition">
        {t('overview.netNote')}{' '}
        <Link to="/analytics" search={{ from: undefined, to: undefined, firm: undefined, currency: undefined }}>
          {t('nav.analytics')} →
        </Link>
      </p>
    </section>
  );
}

function Chart() {
  const { t } = useI18n();
  const data = useQuery({
    queryKey: ['overview-series'],
    queryFn: async () => {
      const [challenges, payouts] = await Promise.all([allPages('/challenges'), allPages('/payouts')]);
      // the lines run to the viewer's today: a UTC today is tomorrow to a New York evening
      return cumulativeByCurrency(challenges, payouts, viewerTodayIso());
    },
  });
  return (
    <section aria-labelledby="chart-h">
      <h2 id="chart-h">{t('overview.chart')}</h2>
      <p className="muted small">{t('overview.chartNote')}</p>
      <QueryView query={data} isEmpty={(s) => s.length === 0}>
        {(series) => (
          <Suspense fallback={<Loading />}>
            {series.map((s) => (
              <figure key={s.currency} className="card">
                <figcaption>{s.currency}</figcaption>
                <SpendChart series={s} />
              </figure>
            ))}
          </Suspense>
        )}
      </QueryView>
    </section>
  );
}

export function OverviewPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const label = useChallengeLabel();
  const summary = useQuery({ queryKey: summaryKey, queryFn: () => app.get('/me/summary') });
  const payouts = useQuery({ queryKey: ['payouts', 'recent'], queryFn: () => app.get('/payouts', { limit: 5 }) });
  return (
    <section>
      <h1>{t('overview.title')}</h1>
      <Cockpit />
      {summary.isPending && <Loading />}
      {summary.isError && <ErrorState error={summary.error} retry={() => void summary.refetch()} />}
      {summary.data && summary.data.counts.total === 0 && (
        <Empty>
          <p>{t('overview.empty')}</p>
          <Link className="button primary" to="/challenges" search={{ status: undefined, firm: undefined, new: true }}>
            {t('overview.addFirst')}
          </Link>
        </Empty>
      )}
      {summary.data && summary.data.counts.total > 0 && (
        <>
          <Totals summary={summary.data} />
          <section aria-labelledby="counts-h">
            <h2 id="counts-h">{t('overview.counts')}</h2>
            <ul className="counts">
              {(['in_progress', 'passed', 'failed', 'total'] as const).map((s) => (
                <li key={s} className={`badge-box status-${s}`}>
                  <span>{t(`status.${s}`)}</span>
                  <strong data-testid={`count-${s}`}>{summary.data.counts[s]}</strong>
                </li>
              ))}
            </ul>
          </section>
          <div className="two-col">
            <section aria-labelledby="active-h">
              <h2 id="active-h">{t('overview.active')}</h2>
              {summary.data.activeChallenges.length === 0 ? (
                <Empty />
              ) : (
                <ul className="list">
                  {summary.data.activeChallenges.map((c) => (
                    <li key={c.id}>
                      <Link to="/challenges/$id" params={{ id: c.id }}>
                        {label({ challengeId: c.id, firm: c.firm, plan: c.plan })}
                      </Link>
                      <span className="muted">
                        {c.phase} · {i18n.tn('count.daysSince', c.daysSincePurchase)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="recent-h">
              <h2 id="recent-h">{t('overview.recentPayouts')}</h2>
              <QueryView query={payouts} isEmpty={(p) => p.items.length === 0} empty={t('pay.empty')}>
                {(p) => (
                  <ul className="list">
                    {p.items.map((x) => (
                      <li key={x.id}>
                        <span>{label(x)}</span>
                        <span className="muted">
                          {i18n.date(x.date)} · <strong>{i18n.money(x.amount, x.currency)}</strong>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryView>
            </section>
          </div>
          <Chart />
        </>
      )}
    </section>
  );
}
