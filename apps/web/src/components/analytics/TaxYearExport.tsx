import { useState, type SubmitEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { taxYearQuery } from '../../lib/analytics.js';
import type { TaxYear } from '../../lib/ledger-types.js';
import { download } from '../../pages/Payouts.js';
import { Field } from '../Field.js';
import { Empty, QueryView } from '../states.js';
import { kindLabel } from './MoneyTotals.js';
import { useChallengeLabel } from '../../lib/challenge-labels.js';

const thisYear = () => new Date().getUTCFullYear();

/** Year + currency → income and expenses by month, every line with its rate; JSON and CSV as the server wrote them. */
export function TaxYearExport({ defaultCurrency }: { defaultCurrency: string }) {
  const { t } = useI18n();
  const [form, setForm] = useState({ year: String(thisYear()), currency: defaultCurrency });
  const [asked, setAsked] = useState<{ year: number; currency: string } | null>(null);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    setAsked({ year: Number(form.year), currency: form.currency.toUpperCase() });
  };
  return (
    <section className="card" aria-labelledby="an-tax">
      <h2 id="an-tax">{t('an.tax')}</h2>
      <form className="inline-form" onSubmit={submit}>
        <Field
          label={t('an.taxYear')}
          type="number"
          required
          min={2000}
          max={2100}
          step={1}
          inputMode="numeric"
          value={form.year}
          onChange={(e) => setForm({ ...form, year: e.target.value })}
        />
        <Field
          label={t('an.taxCurrency')}
          required
          pattern="[A-Za-z]{3}"
          maxLength={3}
          value={form.currency}
          onChange={(e) => setForm({ ...form, currency: e.target.value })}
        />
        <button type="submit">{t('an.taxShow')}</button>
      </form>
      {asked && <TaxYearReport year={asked.year} currency={asked.currency} />}
    </section>
  );
}

function TaxYearReport({ year, currency }: { year: number; currency: string }) {
  const report = useQuery(taxYearQuery(year, currency));
  return <QueryView query={report}>{(r) => <TaxYearBody report={r} />}</QueryView>;
}

function TaxYearBody({ report }: { report: TaxYear }) {
  const i18n = useI18n();
  const { t } = i18n;
  const label = useChallengeLabel();
  const c = report.currency;
  const { csv, ...json } = report;
  const name = `propfolio-tax-${report.year}-${c}`;
  return (
    <div data-testid="tax-report">
      <div className="actions">
        <button type="button" onClick={() => download(`${name}.json`, `${JSON.stringify(json, null, 2)}\n`, 'application/json')}>
          {t('an.taxJson')}
        </button>
        <button
          type="button"
          disabled={csv === undefined}
          onClick={() => csv !== undefined && download(`${name}.csv`, csv, 'text/csv;charset=utf-8')}
        >
          {t('an.taxCsv')}
        </button>
      </div>
      <p className="muted small">{t('an.taxExact')}</p>
      <aside className="note" lang={i18n.lang}>
        <p>{report.note[i18n.lang]}</p>
        <p>
          {t('an.taxSource')}:{' '}
          <Link to="/articles/$slug" params={{ slug: report.source.article }}>
            {report.source.article}
          </Link>
        </p>
      </aside>
      {!report.complete && (
        <p className="warn" role="status" data-testid="tax-incomplete">
          {t('an.taxIncomplete', { n: report.missingRates })}
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{t('an.taxIncome')}</dt>
          <dd data-testid="tax-income">{i18n.money(report.totals.income, c)}</dd>
        </div>
        <div>
          <dt>{t('an.taxExpenses')}</dt>
          <dd data-testid="tax-expenses">{i18n.money(report.totals.expenses, c)}</dd>
        </div>
        <div>
          <dt>{t('an.taxNet')}</dt>
          <dd data-testid="tax-net">{i18n.money(report.totals.net, c)}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table data-testid="tax-months" className="card-rows">
          <thead>
            <tr>
              <th scope="col">{t('an.month')}</th>
              <th scope="col" className="num">
                {t('an.taxIncome')}
              </th>
              <th scope="col" className="num">
                {t('an.taxExpenses')}
              </th>
              <th scope="col" className="num">
                {t('an.taxNet')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.byMonth.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.month}</th>
                <td data-label={t('an.taxIncome')} className="num">
                  {i18n.money(m.income, c)}
                </td>
                <td data-label={t('an.taxExpenses')} className="num">
                  {i18n.money(m.expenses, c)}
                </td>
                <td data-label={t('an.taxNet')} className="num">
                  {i18n.money(m.net, c)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('an.taxLines', { n: report.lines.length })}</h3>
      {report.lines.length === 0 ? (
        <Empty>{t('an.taxNoLines')}</Empty>
      ) : (
        <div className="table-wrap">
          <table data-testid="tax-lines" className="card-rows tax-lines">
            <thead>
              <tr>
                <th scope="col">{t('ch.date')}</th>
                <th scope="col">{t('an.taxType')}</th>
                <th scope="col">{t('an.kind')}</th>
                <th scope="col">{t('pay.challenge')}</th>
                <th scope="col" className="num">
                  {t('ch.amount')}
                </th>
                <th scope="col" className="num">
                  {t('an.rate')}
                </th>
                <th scope="col">{t('an.rateSource')}</th>
                <th scope="col" className="num">
                  {t('an.taxConverted', { currency: c })}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((l, i) => (
                <tr key={`${l.challengeId}-${l.kind}-${l.date}-${i}`}>
                  <td data-label={t('ch.date')}>{i18n.date(l.date)}</td>
                  <td data-label={t('an.taxType')}>{t(`taxType.${l.type}`)}</td>
                  <td data-label={t('an.kind')}>{kindLabel(t, l.kind)}</td>
                  <td data-label={t('pay.challenge')} className="wrap">
                    {label(l)}
                  </td>
                  <td data-label={t('ch.amount')} className="num">
                    {i18n.money(l.amount, l.currency)}
                  </td>
                  <td data-label={t('an.rate')} className="num">
                    {l.rate === null ? t('common.none') : i18n.number(l.rate, 8)}
                  </td>
                  <td data-label={t('an.rateSource')}>{l.rateSource ? t(`rateSource.${l.rateSource}`) : t('common.none')}</td>
                  <td data-label={t('an.taxConverted', { currency: c })} className="num">
                    {l.converted === null ? t('common.none') : i18n.money(l.converted, c)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
