import { useState, type ChangeEvent, type ReactNode, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { app } from '../../lib/api.js';
import { todayIso } from '../../lib/queries.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { Field, fieldSetter } from '../Field.js';
import { Reveal } from '../Reveal.js';
import { FormError } from '../states.js';
import { NO_RATE, typedRateBody, TypedRateFields } from './TypedRateFields.js';

/** The inputs every ledger entry has, as the inputs hold them (strings). */
interface EntryInputs {
  amount: string;
  currency: string;
  date: string;
}

/** A form's inputs: the shared ones and a kind's own. */
type Entry<F> = EntryInputs & F;

/** A kind's inputs, drawn from the whole form and written through `set('name')`. */
type Inputs<F> = (form: Entry<F>, set: (k: keyof Entry<F>) => (e: { target: { value: string } }) => void) => ReactNode;

/** An optional number input: left out of the body when empty. */
export const optionalNumber = (v: string) => (v.trim() ? Number(v) : undefined);
/** An optional text input: left out of the body when empty (or only spaces). */
export const optionalText = (v: string) => v.trim() || undefined;

/** A kind of ledger entry: where it is posted, its own inputs and what they add to the body. */
export interface EntryKind<F extends object> {
  /** Posted to `/challenges/:id/<endpoint>` (add_payout, add_cost). */
  endpoint: 'payouts' | 'costs';
  /** Its own inputs, empty. */
  blank: F;
  /** Its own inputs kept for the next entry once one is added; the currency always is. */
  keep: (keyof F)[];
  /** Its own body fields; an optional one left empty is `undefined`, i.e. not sent. */
  body: (form: F) => Record<string, unknown>;
}

/** The day of an entry: not before the challenge was bought, not after today. */
export function EntryDateField({
  minDate,
  value,
  onChange,
}: {
  minDate: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useI18n();
  return <Field label={t('ch.date')} type="date" required min={minDate} max={todayIso()} value={value} onChange={onChange} />;
}

/**
 * The form that adds an entry to a challenge's ledger, a payout or a fee or refund: closed until used; the kind's
 * leading inputs, the amount, currency and date every entry has, the kind's further inputs, its optional ones folded
 * with the typed rate last; the error and the submit button, named as the opener and the form. Once added, the form
 * is empty again but for the currency and what the kind keeps, and every query is refreshed. With `confirm`, the
 * entry is added only once confirmed in a dialog.
 */
export function LedgerEntryForm<F extends object>({
  challenge,
  label,
  kind,
  amount,
  lead,
  more,
  folded,
  confirm,
}: {
  challenge: { id: string; currency: string; purchasedAt: string };
  label: string;
  kind: EntryKind<F>;
  /** The amount's bounds (the smallest amount, the step) and a hint. */
  amount: { min: number; step: string; hint?: string };
  /** Inputs before the amount. */
  lead?: Inputs<F>;
  /** Inputs after the date. */
  more?: Inputs<F>;
  /** The optional inputs, folded under `summary`; the typed rate comes last. */
  folded: { summary: ReactNode; inputs?: Inputs<F> };
  /** Asked before the entry is added: the dialog's title, its button and its text. */
  confirm?: { title: string; confirmLabel: string; text: string };
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const empty = (): Entry<F> => ({ amount: '', currency: challenge.currency, date: todayIso(), ...kind.blank });
  const [form, setForm] = useState(empty);
  const [rate, setRate] = useState(NO_RATE);
  const add = useMutation({
    mutationFn: () =>
      app.post(`/challenges/${challenge.id}/${kind.endpoint}`, {
        ...kind.body(form),
        amount: Number(form.amount),
        currency: form.currency,
        date: form.date,
        ...typedRateBody(rate),
      }),
    onSuccess: () => {
      const next = { ...empty(), currency: form.currency };
      for (const k of kind.keep) next[k] = form[k];
      setForm(next);
      setRate(NO_RATE);
      void client.invalidateQueries();
    },
  });
  const [confirming, setConfirming] = useState(false);
  const set = fieldSetter(form, setForm);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (confirm) setConfirming(true);
    else add.mutate();
  };
  return (
    <>
      <Reveal label={label}>
        {() => (
          <form className="grid-form" onSubmit={submit} aria-label={label}>
            {lead?.(form, set)}
            <Field
              label={t('ch.amount')}
              hint={amount.hint}
              type="number"
              required
              min={amount.min}
              step={amount.step}
              inputMode="decimal"
              value={form.amount}
              onChange={set('amount')}
            />
            <Field label={t('ch.currency')} required maxLength={3} pattern="[A-Za-z]{3}" value={form.currency} onChange={set('currency')} />
            <EntryDateField minDate={challenge.purchasedAt} value={form.date} onChange={set('date')} />
            {more?.(form, set)}
            <details className="full">
              <summary>{folded.summary}</summary>
              <div className="grid-form">
                {folded.inputs?.(form, set)}
                <TypedRateFields value={rate} onChange={setRate} />
              </div>
            </details>
            <div className="full">
              <FormError error={add.error} />
              <button type="submit" disabled={add.isPending}>
                {label}
              </button>
            </div>
          </form>
        )}
      </Reveal>
      {confirm && (
        <ConfirmDialog
          open={confirming}
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          busy={add.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => add.mutate(undefined, { onSettled: () => setConfirming(false) })}
        >
          <p>{confirm.text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
