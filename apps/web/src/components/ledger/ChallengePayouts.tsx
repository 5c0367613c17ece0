import { useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { app } from '../../lib/api.js';

import { PAYOUT_STATUSES, type LedgerChallengeDetail, type LedgerPayout, type PayoutStatus } from '../../lib/ledger-types.js';
import { Field, SelectField } from '../Field.js';
import { Empty, FormError } from '../states.js';
import { EntryDateField, LedgerEntryForm, optionalNumber, optionalText, type EntryKind } from './LedgerEntryForm.js';

interface PayoutInputs {
  status: PayoutStatus;
  deniedReason: string;
  grossAmount: string;
  splitPercent: string;
  method: string;
}

/** add_payout: paid unless said otherwise; a denial's reason only with a denial. */
const PAYOUT: EntryKind<PayoutInputs> = {
  endpoint: 'payouts',
  blank: { status: 'paid', deniedReason: '', grossAmount: '', splitPercent: '', method: '' },
  keep: [],
  body: (f) => ({
    status: f.status,
    deniedReason: f.status === 'denied' ? optionalText(f.deniedReason) : undefined,
    grossAmount: optionalNumber(f.grossAmount),
    splitPercent: optionalNumber(f.splitPercent),
    method: optionalText(f.method),
  }),
};

/** Payouts of one challenge with their status; requested and denied ones can move (update_payout), a paid one stays paid. */
export function ChallengePayouts({ detail }: { detail: LedgerChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const c = detail.challenge;
  const remove = useMutation({
    mutationFn: (id: string) => app.del(`/payouts/${id}`),
    onSuccess: () => void client.invalidateQueries(),
  });
  // Payouts come from a funded account: on a challenge not passed yet, a payout is more likely a slip; say so first.
  const funded = c.status === 'passed' || c.passedAt !== null || /fund/i.test(c.phase);
  const unfunded = funded ? null : t('pay.unfunded', { status: t(`status.${c.status}`), phase: c.phase });
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
      <LedgerEntryForm
        challenge={c}
        label={t('ch.addPayout')}
        kind={PAYOUT}
        amount={{ min: 0.01, step: '0.01', hint: t('pay.netHint') }}
        lead={() =>
          unfunded === null ? null : (
            <p className="warn full" data-testid="unfunded-warning">
              {unfunded}
            </p>
          )
        }
        more={(form, set) => (
          <>
            <StatusField statuses={PAYOUT_STATUSES} value={form.status} onChange={set('status')} />
            {form.status === 'denied' && <DeniedReasonField value={form.deniedReason} onChange={set('deniedReason')} />}
          </>
        )}
        folded={{
          summary: t('pay.details'),
          inputs: (form, set) => (
            <>
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
            </>
          ),
        }}
        confirm={unfunded === null ? undefined : { title: t('pay.unfundedTitle'), confirmLabel: t('pay.unfundedConfirm'), text: unfunded }}
      />
    </section>
  );
}

/** A payout's status, among `statuses`. */
function StatusField({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly PayoutStatus[];
  value: PayoutStatus;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <SelectField label={t('pay.status')} value={value} onChange={onChange}>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {t(`payStatus.${s}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** Why the firm denied it: asked for with a denial only. */
function DeniedReasonField({ value, onChange }: { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useI18n();
  return <Field label={t('pay.deniedReason')} required maxLength={500} value={value} onChange={onChange} />;
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
      <StatusField statuses={next} value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value as PayoutStatus })} />
      {form.status === 'paid' && (
        <EntryDateField minDate={minDate} value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
      )}
      {form.status === 'denied' && (
        <DeniedReasonField value={form.deniedReason} onChange={(e) => setForm({ ...form, deniedReason: e.target.value })} />
      )}
      <button type="submit" disabled={move.isPending}>
        {t('common.save')}
      </button>
      <FormError error={move.error} />
    </form>
  );
}
