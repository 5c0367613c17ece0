import { useState, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { app } from '../../lib/api.js';
import { todayIso } from '../../lib/queries.js';

import { PAYOUT_STATUSES, type LedgerChallengeDetail, type LedgerPayout, type PayoutStatus } from '../../lib/ledger-types.js';
import { Field, fieldSetter, SelectField } from '../Field.js';
import { Empty, FormError } from '../states.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { Reveal } from '../Reveal.js';
import { NO_RATE, typedRateBody, TypedRateFields } from './TypedRateFields.js';

const optionalNumber = (v: string) => (v.trim() ? Number(v) : undefined);
const optionalText = (v: string) => v.trim() || undefined;

/** Payouts of one challenge with their status; requested and denied ones can move (update_payout), a paid one stays paid. */
export function ChallengePayouts({ detail }: { detail: LedgerChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const c = detail.challenge;
  const blank = {
    amount: '',
    currency: c.currency,
    date: todayIso(),
    status: 'paid' as PayoutStatus,
    deniedReason: '',
    grossAmount: '',
    splitPercent: '',
    method: '',
  };
  const [form, setForm] = useState(blank);
  const [rate, setRate] = useState(NO_RATE);
  const add = useMutation({
    mutationFn: () =>
      app.post(`/challenges/${c.id}/payouts`, {
        amount: Number(form.amount),
        currency: form.currency,
        date: form.date,
        status: form.status,
        deniedReason: form.status === 'denied' ? optionalText(form.deniedReason) : undefined,
        grossAmount: optionalNumber(form.grossAmount),
        splitPercent: optionalNumber(form.splitPercent),
        method: optionalText(form.method),
        ...typedRateBody(rate),
      }),
    onSuccess: () => {
      setForm({ ...blank, currency: form.currency });
      setRate(NO_RATE);
      void client.invalidateQueries();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => app.del(`/payouts/${id}`),
    onSuccess: () => void client.invalidateQueries(),
  });
  const set = fieldSetter(form, setForm);
  // Payouts come from a funded account: on a challenge not passed yet, a payout is more likely a slip; say so first.
  const funded = c.status === 'passed' || c.passedAt !== null || /fund/i.test(c.phase);
  const [confirming, setConfirming] = useState(false);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!funded) setConfirming(true);
    else add.mutate();
  };
  return (
    <section aria-labelledby="payouts-h" className="card">
      <h2 id="payouts-h">{t('ch.payouts')}</h2>
      {detail.payouts.length === 0 ? (
        <Empty>{t('ch.noPayouts')}</Empty>
      ) : (
        <ul className="list" data-testid="payouts">
          {detail.payouts.map((p) => (
            <li key={p.id} className="payout-item">
              <PayoutLine payout={p} />
              {p.status !== 'paid' && <MovePayout key={`${p.id}-${p.status}`} payout={p} minDate={c.purchasedAt} />}
              <button
                type="button"
                className="link-button danger-text"
                onClick={() => remove.mutate(p.id)}
                aria-label={`${t('common.delete')}: ${i18n.money(p.amount, p.currency)} ${i18n.date(p.date)}`}
              >
                {t('common.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={remove.error} />
      <Reveal label={t('ch.addPayout')}>
        {() => (
          <form className="grid-form" onSubmit={submit} aria-label={t('ch.addPayout')}>
            {!funded && (
              <p className="warn full" data-testid="unfunded-warning">
                {t('pay.unfunded', { status: t(`status.${c.status}`), phase: c.phase })}
              </p>
            )}
            <Field
              label={t('ch.amount')}
              hint={t('pay.netHint')}
              type="number"
              required
              min={0.01}
              step="0.01"
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
            <SelectField label={t('pay.status')} value={form.status} onChange={set('status')}>
              {PAYOUT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`payStatus.${s}`)}
                </option>
              ))}
            </SelectField>
            {form.status === 'denied' && (
              <Field label={t('pay.deniedReason')} required maxLength={500} value={form.deniedReason} onChange={set('deniedReason')} />
            )}
            <details className="full">
              <summary>{t('pay.details')}</summary>
              <div className="grid-form">
                <Field
                  label={`${t('pay.gross')} ${t('common.optional')}`}
                  type="number"
                  min={0.01}
                  step="0.01"
                  inputMode="decimal"
                  value={form.grossAmount}
                  onChange={set('grossAmount')}
                />
                <Field
                  label={`${t('pay.split')} ${t('common.optional')}`}
                  type="number"
                  min={0.01}
                  max={100}
                  step="any"
                  inputMode="decimal"
                  value={form.splitPercent}
                  onChange={set('splitPercent')}
                />
                <Field
                  label={`${t('pay.method')} ${t('common.optional')}`}
                  maxLength={100}
                  placeholder="Rise"
                  value={form.method}
                  onChange={set('method')}
                />
                <TypedRateFields value={rate} onChange={setRate} />
              </div>
            </details>
            <div className="full">
              <FormError error={add.error} />
              <button type="submit" disabled={add.isPending}>
                {t('ch.addPayout')}
              </button>
            </div>
          </form>
        )}
      </Reveal>
      <ConfirmDialog
        open={confirming}
        title={t('pay.unfundedTitle')}
        confirmLabel={t('pay.unfundedConfirm')}
        busy={add.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => add.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p>{t('pay.unfunded', { status: t(`status.${c.status}`), phase: c.phase })}</p>
      </ConfirmDialog>
    </section>
  );
}

function PayoutLine({ payout: p }: { payout: LedgerPayout }) {
  const i18n = useI18n();
  const { t } = i18n;
  const extras = [
    p.grossAmount !== null ? `${t('pay.gross')} ${i18n.money(p.grossAmount, p.currency)}` : null,
    p.splitPercent !== null ? `${t('pay.split')} ${i18n.number(p.splitPercent, 4)}` : null,
    p.method,
    p.fxRate !== null && p.fxCurrency ? `1 ${p.currency} = ${i18n.number(p.fxRate, 8)} ${p.fxCurrency}` : null,
  ].filter(Boolean);
  return (
    <span>
      <strong>{i18n.money(p.amount, p.currency)}</strong>{' '}
      <span className={`badge payout-${p.status}`} data-testid="payout-status">
        {t(`payStatus.${p.status}`)}
      </span>{' '}
      <span className="muted">{i18n.date(p.date)}</span>
      {p.deniedReason && <span className="muted"> · {p.deniedReason}</span>}
      {extras.length > 0 && <span className="muted"> · {extras.join(' · ')}</span>}
    </span>
  );
}

/** requested → paid or denied; denied → requested or paid (an appeal). */
function MovePayout({ payout, minDate }: { payout: LedgerPayout; minDate: string }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const next = PAYOUT_STATUSES.filter((s) => s !== payout.status);
  const [form, setForm] = useState({ status: next[0] ?? payout.status, date: payout.date, deniedReason: '' });
  const move = useMutation({
    mutationFn: () =>
      app.patch(`/payouts/${payout.id}`, {
        status: form.status,
        ...(form.status === 'paid' && form.date !== payout.date ? { date: form.date } : {}),
        ...(form.status === 'denied' ? { deniedReason: form.deniedReason.trim() } : {}),
      }),
    onSuccess: () => void client.invalidateQueries(),
  });
  return (
    <form
      className="payout-actions"
      aria-label={t('pay.status')}
      onSubmit={(e) => {
        e.preventDefault();
        move.mutate();
      }}
    >
      <SelectField
        label={t('pay.status')}
        value={form.status}
        onChange={(e) => setForm({ ...form, status: e.target.value as PayoutStatus })}
      >
        {next.map((s) => (
          <option key={s} value={s}>
            {t(`payStatus.${s}`)}
          </option>
        ))}
      </SelectField>
      {form.status === 'paid' && (
        <Field
          label={t('ch.date')}
          type="date"
          required
          min={minDate}
          max={todayIso()}
          value={form.date}
          onChange={(e) => setForm({ ...form, date: e.target.value })}
        />
      )}
      {form.status === 'denied' && (
        <Field
          label={t('pay.deniedReason')}
          required
          maxLength={500}
          value={form.deniedReason}
          onChange={(e) => setForm({ ...form, deniedReason: e.target.value })}
        />
      )}
      <button type="submit" disabled={move.isPending}>
        {t('common.save')}
      </button>
      <FormError error={move.error} />
    </form>
  );
}
