import { useI18n } from '../../i18n/i18n.js';
import { Field } from '../Field.js';

export interface TypedRate {
  fxRate: string;
  fxCurrency: string;
}
export const NO_RATE: TypedRate = { fxRate: '', fxCurrency: '' };

/** The body fields of a typed rate: both or neither (the server refuses one without the other). */
export const typedRateBody = (r: TypedRate) =>
  r.fxRate.trim() ? { fxRate: Number(r.fxRate), fxCurrency: r.fxCurrency.trim().toUpperCase() } : {};

/** The rate actually got on a transaction, which wins over imported rates for that currency pair. */
export function TypedRateFields({ value, onChange }: { value: TypedRate; onChange: (next: TypedRate) => void }) {
  const { t } = useI18n();
  return (
    <>
      <Field
        label={`${t('fx.rate')} ${t('common.optional')}`}
        hint={t('fx.hint')}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={value.fxRate}
        onChange={(e) => onChange({ ...value, fxRate: e.target.value })}
      />
      <Field
        label={t('fx.currency')}
        pattern="[A-Za-z]{3}"
        maxLength={3}
        required={value.fxRate.trim() !== ''}
        value={value.fxCurrency}
        onChange={(e) => onChange({ ...value, fxCurrency: e.target.value })}
      />
    </>
  );
}
