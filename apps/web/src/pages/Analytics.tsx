import { useState, type SubmitEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../i18n/i18n.js';
import { analyticsQuery, type AnalyticsFilters } from '../lib/analytics.js';
import { allPages, todayIso } from '../lib/queries.js';

import type { Analytics } from '../lib/ledger-types.js';
import { Field, fieldSetter } from '../components/Field.js';
import { QueryView } from '../components/states.js';
import { Definitions } from '../components/analytics/Definitions.js';
import { ConversionReport, MoneyTotals } from '../components/analytics/MoneyTotals.js';
import { FunnelView } from '../components/analytics/FunnelView.js';
import { MonthlyView } from '../components/analytics/MonthlyView.js';
import { FirmTable, RefundsDue } from '../components/analytics/FirmTable.js';
import { TaxYearExport } from '../components/analytics/TaxYearExport.js';
import { FxUpload } from '../components/analytics/FxUpload.js';

const BASE_SUGGESTIONS = ['JPY', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'CHF'];

function FilterForm({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/analytics' });
  const [form, setForm] = useState({
    from: filters.from ?? '',
    to: filters.to ?? '',
    firm: filters.firm ?? '',
    currency: filters.currency ?? '',
  });
  const challenges = useQuery({ queryKey: ['challenges', 'all'], queryFn: () => allPages('/challenges', { status: 'all' }) });
  const firms = [...new Set((challenges.data ?? []).map((c) => c.firm))].sort((a, b) => a.localeCompare(b));
  const set = fieldSetter(form, setForm);
  const apply = (e: SubmitEvent) => {
    e.preventDefault();
    const clean = (v: string) => v.trim() || undefined;
    void navigate({
      search: { from: clean(form.from), to: clean(form.to), firm: clean(form.firm), currency: clean(form.currency.toUpperCase()) },
    });
  };
  const clear = () => {
    setForm({ from: '', to: '', firm: '', currency: '' });
    void navigate({ search: { from: undefined, to: undefined, firm: undefined, currency: undefined } });
  };
  return (
    <form className="filters" role="search" aria-label={t('an.filters')} onSubmit={apply}>
      <Field label={t('an.from')} type="date" max={todayIso()} value={form.from} onChange={set('from')} />
      <Field label={t('an.to')} type="date" max={todayIso()} value={form.to} onChange={set('to')} />
      <Field label={t('an.firm')} list="an-firms" value={form.firm} onChange={set('firm')} maxLength={100} />
      <datalist id="an-firms">
        {firms.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <Field
        label={t('an.base')}
        aria-describedby="an-base-hint"
        list="an-bases"
        pattern="[A-Za-z]{3}"
        maxLength={3}
        value={form.currency}
        onChange={set('currency')}
      />
      <datalist id="an-bases">
        {BASE_SUGGESTIONS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <p className="hint full-row" id="an-base-hint">
        {t('an.baseHint')}
      </p>
      <div className="actions">
        <button type="submit" className="primary">
          {t('an.apply')}
        </button>
        <button type="button" onClick={clear}>
          {t('an.reset')}
        </button>
      </div>
    </form>
  );
}

const isEmpty = (a: Analytics) => a.totals.length === 0 && a.funnel.attempts === 0 && !a.conversions?.missing.length;

export function AnalyticsPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const filters = useSearch({ from: '/authed/analytics' });
  const analytics = useQuery(analyticsQuery(filters));
  return (
    <section>
      <div className="page-head">
        <h1>{t('an.title')}</h1>
      </div>
      <p className="muted">{t('an.intro')}</p>
      <FilterForm key={JSON.stringify(filters)} filters={filters} />
      <Definitions />
      {/* A screen reserved while the report loads: what follows it waits below the fold instead of jumping down. */}
      <div className={analytics.isPending ? 'reserve-screen' : undefined}>
        <QueryView query={analytics} isEmpty={isEmpty} empty={t('an.empty')}>
          {(a) => (
            <>
              <p className="muted" data-testid="an-period">
                {t('an.period', { from: a.period.from ? i18n.date(a.period.from) : t('an.allHistory'), to: i18n.date(a.period.to) })}
                {a.firm ? ` · ${a.firm}` : ''}
              </p>
              <MoneyTotals totals={a.totals} />
              {a.conversions && <ConversionReport conversions={a.conversions} />}
              <FunnelView funnel={a.funnel} />
              <RefundsDue due={a.refundsDue} />
              <MonthlyView monthly={a.monthly} />
              <FirmTable firms={a.firms} />
            </>
          )}
        </QueryView>
      </div>
      {/* Full width: in half a desktop page the report's eight columns broke Japanese one character per line and
          pushed the converted amount off-screen (issue 24 item 4). */}
      <TaxYearExport defaultCurrency={filters.currency ?? (i18n.lang === 'ja' ? 'JPY' : 'USD')} />
      <FxUpload />
    </section>
  );
}
