import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { allPages } from '../../lib/queries.js';
import type { Challenge, Plan } from '../../lib/types.js';
import { Field, fieldSetter, SelectField } from '../Field.js';
import { challengeName } from '../../lib/names.js';

export interface PurchaseLedgerForm {
  listPrice: string;
  couponCode: string;
  planId: string;
  resetOf: string;
}
export const NO_PURCHASE_LEDGER: PurchaseLedgerForm = { listPrice: '', couponCode: '', planId: '', resetOf: '' };

/** The create_challenge body fields for the ledger; empty inputs are left out. */
export const purchaseLedgerBody = (f: PurchaseLedgerForm) => ({
  ...(f.listPrice.trim() ? { listPrice: Number(f.listPrice) } : {}),
  ...(f.couponCode.trim() ? { couponCode: f.couponCode.trim() } : {}),
  ...(f.planId ? { planId: f.planId } : {}),
  ...(f.resetOf ? { resetOf: f.resetOf } : {}),
});

/** Catalog rows may lack an account size (a plan sold in several sizes at one price). */
const planOption = (p: Plan) =>
  [p.firm.name, '·', p.program, p.accountSize === null ? null : p.accountSize.toLocaleString('en-US'), p.currency]
    .filter(Boolean)
    .join(' ');

const failedLabel = (c: Challenge) => `${challengeName(c)} (${c.purchasedAt})`;

/**
 * List price and coupon, the catalog plan (picked from the plans the firm field matches), and the
 * breached attempt a reset follows. Choosing a reset fills firm and plan from it when they are empty.
 */
export function PurchaseLedgerInputs({
  value,
  onChange,
  plans,
  onResetOf,
  planNote,
}: {
  value: PurchaseLedgerForm;
  onChange: (next: PurchaseLedgerForm) => void;
  plans: Plan[];
  onResetOf: (breached: Challenge) => void;
  /** What the firm and plan names matched in the catalog, said beside the plan's hint. */
  planNote?: string;
}) {
  const { t } = useI18n();
  const failed = useQuery({ queryKey: ['challenges', 'failed'], queryFn: () => allPages('/challenges', { status: 'failed' }) });
  const set = fieldSetter(value, onChange);
  return (
    <>
      <Field
        label={`${t('ch.listPrice')} ${t('common.optional')}`}
        hint={t('ch.listPriceHint')}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={value.listPrice}
        onChange={set('listPrice')}
      />
      <Field
        label={`${t('ch.couponCode')} ${t('common.optional')}`}
        maxLength={100}
        value={value.couponCode}
        onChange={set('couponCode')}
      />
      <SelectField label={t('ch.catalogPlan')} value={value.planId} onChange={set('planId')} aria-describedby="catalog-plan-hint">
        <option value="">{t('ch.noCatalogPlan')}</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {planOption(p)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('ch.resetOf')}
        value={value.resetOf}
        onChange={(e) => {
          onChange({ ...value, resetOf: e.target.value });
          const breached = failed.data?.find((c) => c.id === e.target.value);
          if (breached) onResetOf(breached);
        }}
      >
        <option value="">{t('ch.noReset')}</option>
        {(failed.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {failedLabel(c)}
          </option>
        ))}
      </SelectField>
      <p className="hint full" id="catalog-plan-hint">
        {planNote ? (
          <>
            <strong role="status">{planNote}</strong>{' '}
          </>
        ) : null}
        {t('ch.catalogPlanHint')} {t('ch.resetHint')}
      </p>
    </>
  );
}
