import { useI18n } from '../../i18n/i18n.js';
import { COST_KINDS, type CostKind, type LedgerChallengeDetail } from '../../lib/ledger-types.js';
import { Field, SelectField } from '../Field.js';
import { Empty } from '../states.js';
import { LedgerEntryForm, optionalText, type EntryKind } from './LedgerEntryForm.js';

interface CostInputs {
  kind: CostKind;
  note: string;
}

/** add_cost: the kind is kept for the next entry (resets tend to come in a row). */
const COST: EntryKind<CostInputs> = {
  endpoint: 'costs',
  blank: { kind: 'reset_fee', note: '' },
  keep: ['kind'],
  body: (f) => ({ kind: f.kind, note: optionalText(f.note) }),
};

/** Fees and refunds besides the purchase price (add_cost), oldest first. */
export function Costs({ detail }: { detail: LedgerChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const c = detail.challenge;
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
      <LedgerEntryForm
        challenge={c}
        label={t('cost.add')}
        kind={COST}
        amount={{ min: 0.0001, step: 'any' }}
        lead={(form, set) => (
          <SelectField label={t('cost.kind')} value={form.kind} onChange={set('kind')}>
            {COST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </SelectField>
        )}
        more={(form, set) => (
          <Field label={`${t('cost.note')} ${t('common.optional')}`} maxLength={1000} value={form.note} onChange={set('note')} />
        )}
        folded={{
          summary: (
            <>
              {t('fx.rate')} {t('common.optional')}
            </>
          ),
        }}
      />
    </section>
  );
}
