import { useState, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { app } from '../../lib/api.js';
import { todayIso } from '../../lib/queries.js';
import { COST_KINDS, type CostKind, type LedgerChallengeDetail } from '../../lib/ledger-types.js';
import { Reveal } from '../Reveal.js';
import { Field, fieldSetter, SelectField } from '../Field.js';
import { Empty, FormError } from '../states.js';
import { NO_RATE, typedRateBody, TypedRateFields } from './TypedRateFields.js';

/** Fees and refunds besides the purchase price (add_cost), oldest first. */
export function Costs({ detail }: { detail: LedgerChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const c = detail.challenge;
  const blank = { kind: 'reset_fee' as CostKind, amount: '', currency: c.currency, date: todayIso(), note: '' };
  const [form, setForm] = useState(blank);
  const [rate, setRate] = useState(NO_RATE);
  const add = useMutation({
    mutationFn: () =>
      app.post(`/challenges/${c.id}/costs`, {
        kind: form.kind,
        amount: Number(form.amount),
        currency: form.currency,
        date: form.date,
        ...(form.note.trim() ? { note: form.note.trim() } : {}),
        ...typedRateBody(rate),
      }),
    onSuccess: () => {
      setForm({ ...blank, kind: form.kind, currency: form.currency });
      setRate(NO_RATE);
      void client.invalidateQueries();
    },
  });
  const set = fieldSetter(form, setForm);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <section aria-labelledby="costs-h" className="card">
      <h2 id="costs-h">{t('cost.title')}</h2>
      {detail.costs.length === 0 ? (
        <Empty>{t('cost.none')}</Empty>
      ) : (
        <ul className="list" data-testid="costs">
          {detail.costs.map((cost) => (
            <li key={cost.id}>
              <span>
                <strong className={cost.kind === 'refund' ? 'pos' : undefined}>
                  {cost.kind === 'refund' ? '+' : '−'}
                  {i18n.money(cost.amount, cost.currency)}
                </strong>{' '}
                {t(`kind.${cost.kind}`)}
                {cost.note && <span className="muted"> · {cost.note}</span>}
              </span>
              <span className="muted">
                {i18n.date(cost.date)}
                {cost.fxRate !== null && cost.fxCurrency && ` · 1 ${cost.currency} = ${i18n.number(cost.fxRate, 8)} ${cost.fxCurrency}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Reveal label={t('cost.add')}>
        {() => (
          <form className="grid-form" onSubmit={submit} aria-label={t('cost.add')}>
            <SelectField label={t('cost.kind')} value={form.kind} onChange={set('kind')}>
              {COST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('ch.amount')}
              type="number"
              required
              min={0.0001}
              step="any"
              inputMode="decimal"
              value={form.amount}
              onChange={set('amount')}
            />
            <Field label={t('ch.currency')} required maxLength={3} pattern="[A-Za-z]{3}" value={form.currency} onChange={set('currency')} />
            <Field
              label={t('ch.date')}
              type="date"
              required
              min={c.purchasedAt}
              max={todayIso()}
              value={form.date}
              onChange={set('date')}
            />
            <Field label={`${t('cost.note')} ${t('common.optional')}`} maxLength={1000} value={form.note} onChange={set('note')} />
            <details className="full">
              <summary>
                {t('fx.rate')} {t('common.optional')}
              </summary>
              <div className="grid-form">
                <TypedRateFields value={rate} onChange={setRate} />
              </div>
            </details>
            <div className="full">
              <FormError error={add.error} />
              <button type="submit" disabled={add.isPending}>
                {t('cost.add')}
              </button>
            </div>
          </form>
        )}
      </Reveal>
    </section>
  );
}
