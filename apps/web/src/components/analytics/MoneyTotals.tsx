import { Fragment } from 'react';
import { Link } from '@tanstack/react-router';
import { useI18n } from '../../i18n/i18n.js';
import type { Conversions, MoneyRow } from '../../lib/ledger-types.js';
import { roi } from './format.js';

const FIGURES = ['spent', 'refunded', 'withdrawn', 'net'] as const;

/** One card per currency (or one in the base currency): spent, refunded, withdrawn, net, ROI. */
export function MoneyTotals({ totals }: { totals: MoneyRow[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section aria-labelledby="an-totals" className="cards">
      <h2 id="an-totals" className="visually-hidden">
        {t('an.totals')}
      </h2>
      {totals.map((row) => (
        <div className="card totals" key={row.currency} data-testid={`totals-${row.currency}`}>
          <h3>{row.currency}</h3>
          <dl>
            {FIGURES.map((f) => (
              <Fragment key={f}>
                <dt>{t(`an.${f}`)}</dt>
                <dd data-testid={`${f}-${row.currency}`} className={f === 'net' ? (row.net < 0 ? 'neg' : 'pos') : undefined}>
                  {i18n.money(row[f], row.currency)}
                </dd>
              </Fragment>
            ))}
            <dt>{t('an.roi')}</dt>
            <dd data-testid={`roi-${row.currency}`}>{roi(i18n, row.roi)}</dd>
          </dl>
        </div>
      ))}
    </section>
  );
}

/** With a base currency: the amounts left out for want of a rate (never guessed), and the rates used. */
export function ConversionReport({ conversions }: { conversions: Conversions }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      {conversions.missing.length > 0 && (
        <section className="card warn-card" aria-labelledby="an-missing" data-testid="missing-rates">
          <h2 id="an-missing">{t('an.missingTitle')}</h2>
          <p>{t('an.missingText', { n: conversions.missing.length, base: conversions.base })}</p>
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('ch.date')}</th>
                  <th scope="col">{t('an.kind')}</th>
                  <th scope="col" className="num">
                    {t('ch.amount')}
                  </th>
                  <th scope="col">{t('pay.challenge')}</th>
                </tr>
              </thead>
              <tbody>
                {conversions.missing.map((m, i) => (
                  <tr key={`${m.challengeId}-${m.kind}-${m.date}-${i}`}>
                    <td data-label={t('ch.date')}>{i18n.date(m.date)}</td>
                    <td data-label={t('an.kind')}>{kindLabel(t, m.kind)}</td>
                    <td data-label={t('ch.amount')} className="num">
                      {i18n.money(m.amount, m.currency)}
                    </td>
                    <td data-label={t('pay.challenge')}>
                      <Link to="/challenges/$id" params={{ id: m.challengeId }}>
                        {t('an.open')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {conversions.rates.length > 0 && (
        <details className="card">
          <summary>{t('an.ratesUsed', { n: conversions.rates.length })}</summary>
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('ch.date')}</th>
                  <th scope="col">{t('ch.currency')}</th>
                  <th scope="col" className="num">
                    {t('an.rate')}
                  </th>
                  <th scope="col">{t('an.rateSource')}</th>
                </tr>
              </thead>
              <tbody>
                {conversions.rates.map((r) => (
                  <tr key={`${r.date}-${r.currency}-${r.source}-${r.rate}`}>
                    <td data-label={t('ch.date')}>{i18n.date(r.date)}</td>
                    <td data-label={t('ch.currency')}>
                      {r.currency} → {conversions.base}
                    </td>
                    <td data-label={t('an.rate')} className="num">
                      {i18n.number(r.rate, 8)}
                    </td>
                    <td data-label={t('an.rateSource')}>{t(`rateSource.${r.source}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </>
  );
}

type T = ReturnType<typeof useI18n>['t'];
const KINDS = new Set(['purchase', 'monthly_fee', 'payout', 'reset_fee', 'activation_fee', 'addon', 'data_fee', 'refund', 'other']);
/** A ledger kind in the reader's language; an unknown one (a newer server) as sent. */
export const kindLabel = (t: T, kind: string) => (KINDS.has(kind) ? t(`kind.${kind as 'purchase'}`) : kind);
