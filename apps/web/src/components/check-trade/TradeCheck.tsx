import { useId, useMemo, useState } from 'react';
import { checkTrade, CoachInputError, type TradeCheck as Check } from '@propfolio/coach';
import type { Headroom } from '../../lib/coach.js';
import { useI18n, type I18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { Field, SelectField } from '../Field.js';
import { Empty } from '../states.js';
import { breachHeadline } from '../coach/HeadroomPanel.js';

/**
 * The pre-trade calculator of the P&L page: the pure check_trade (@propfolio/coach) run in the browser on the
 * headroom the page already has, so it answers as the trader types, with no request per keystroke. The same
 * function answers check_trade over REST and MCP, so the two never disagree.
 */

/** The check's rules named as the headroom panel above names them, so one rule reads the same in both. */
const RULE_NAME = {
  daily_loss: 'hr.rule.dailyLoss',
  max_loss: 'hr.rule.maxLoss',
  after_reset: 'hr.afterReset',
  max_risk_per_trade: 'hr.rule.maxRiskPerTrade',
  best_day: 'hr.rule.consistency',
} as const satisfies Record<Check['rules'][number]['rule'], MessageKey>;

/** The form's fields by the names the coach's input errors give them. */
const FIELD_LABEL = {
  riskAmount: 'tc.riskAmount',
  volume: 'tc.volume',
  stopDistance: 'tc.stopDistance',
  tickValue: 'tc.tickValue',
  tickSize: 'tc.tickSize',
} as const satisfies Record<string, MessageKey>;

/**
 * The coach's input error in the page's language: its message is English and names the field by its code name
 * ("tickSize must be greater than 0"), so the kinds it can say are matched and said again with the field's label.
 * Anything else (a headroom the check cannot use) keeps the coach's own words.
 */
function inputErrorText(field: string, message: string, t: I18n['t']): string {
  const label = field in FIELD_LABEL ? t(FIELD_LABEL[field as keyof typeof FIELD_LABEL]) : null;
  if (label === null) return message;
  if (message.endsWith('must be a number')) return t('tc.err.number', { field: label });
  if (message.endsWith('must be greater than 0')) return t('tc.err.positive', { field: label });
  if (message.endsWith('must be at least 0')) return t('tc.err.nonNegative', { field: label });
  return message;
}

/** The headroom badges' colours, reused: allowed reads as ok, blocked as a breach. */
const TONE = { allowed: 'ok', blocked: 'breached', unchecked: 'warning', unknown: 'unknown' } as const;

type Mode = 'amount' | 'lots';
interface Form {
  mode: Mode;
  riskAmount: string;
  volume: string;
  stopDistance: string;
  tickValue: string;
  tickSize: string;
}

/** The check for the form, or the field at fault; nothing while a needed field is empty (the trader is typing). */
function run(headroom: Headroom, form: Form): { check: Check } | { field: string; message: string } | null {
  const risk =
    form.mode === 'amount'
      ? form.riskAmount.trim() === ''
        ? null
        : { riskAmount: form.riskAmount.trim() }
      : [form.volume, form.stopDistance, form.tickValue, form.tickSize].some((v) => v.trim() === '')
        ? null
        : {
            volume: form.volume.trim(),
            stopDistance: form.stopDistance.trim(),
            tickValue: form.tickValue.trim(),
            tickSize: form.tickSize.trim(),
          };
  if (risk === null) return null;
  try {
    // The dashboard's headroom type is generated from the schema the coach exports: the same shape.
    return { check: checkTrade({ headroom, risk }) };
  } catch (error) {
    if (error instanceof CoachInputError) return { field: error.field, message: error.message };
    throw error;
  }
}

export function TradeCheck({ headroom }: { headroom: Headroom }) {
  const i18n = useI18n();
  const { t } = i18n;
  const headingId = useId();
  const [form, setForm] = useState<Form>({ mode: 'amount', riskAmount: '', volume: '', stopDistance: '', tickValue: '', tickSize: '' });
  const result = useMemo(() => run(headroom, form), [headroom, form]);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  // Lots as the terminal shows them, two decimals, grouped (a tiny tick size can make the figure large).
  const lots = (n: number) =>
    n.toLocaleString(i18n.lang === 'ja' ? 'ja-JP' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const money = (n: number | null) => (n === null ? t('tc.unbounded') : i18n.moneyRounded(n, headroom.currency));
  const check = result && 'check' in result ? result.check : null;
  const error = result && 'field' in result ? result : null;
  const invalid = (field: keyof typeof FIELD_LABEL) => (error?.field === field ? true : undefined);
  return (
    <section className="card trade-check" aria-labelledby={headingId} data-testid="trade-check">
      <h2 id={headingId}>{t('tc.title')}</h2>
      <p className="muted">{t('tc.intro')}</p>
      <form className="grid-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <SelectField label={t('tc.mode')} value={form.mode} onChange={set('mode')}>
          <option value="amount">{t('tc.mode.amount')}</option>
          <option value="lots">{t('tc.mode.lots')}</option>
        </SelectField>
        {form.mode === 'amount' ? (
          <Field
            label={t('tc.withCurrency', { label: t('tc.riskAmount'), currency: headroom.currency })}
            inputMode="decimal"
            value={form.riskAmount}
            onChange={set('riskAmount')}
            aria-invalid={invalid('riskAmount')}
          />
        ) : (
          <>
            <Field
              label={t('tc.volume')}
              inputMode="decimal"
              value={form.volume}
              onChange={set('volume')}
              aria-invalid={invalid('volume')}
            />
            <Field
              label={t('tc.stopDistance')}
              inputMode="decimal"
              value={form.stopDistance}
              onChange={set('stopDistance')}
              aria-invalid={invalid('stopDistance')}
            />
            {/* Tick size, then tick value: the order of MetaTrader's symbol specification, which the hint names. */}
            <Field
              label={t('tc.tickSize')}
              inputMode="decimal"
              value={form.tickSize}
              onChange={set('tickSize')}
              aria-invalid={invalid('tickSize')}
            />
            <Field
              label={t('tc.withCurrency', { label: t('tc.tickValue'), currency: headroom.currency })}
              hint={t('tc.tickHint')}
              inputMode="decimal"
              value={form.tickValue}
              onChange={set('tickValue')}
              aria-invalid={invalid('tickValue')}
            />
          </>
        )}
      </form>
      {error && (
        <p role="alert" className="form-error">
          {inputErrorText(error.field, error.message, t)}
        </p>
      )}
      {check && check.verdict === 'unknown' && <Empty>{t('tc.unknown')}</Empty>}
      {check && check.verdict !== 'unknown' && (
        <div aria-live="polite">
          <p>
            <span className={`badge headroom-${TONE[check.verdict]}`} data-testid="trade-verdict">
              {t(`tc.verdict.${check.verdict}`)}
            </span>{' '}
            {/* With a rule unknown the largest loss keeps only the rules checked, never "every rule". */}
            {t(check.notChecked.length > 0 ? 'tc.summaryMaxChecked' : 'tc.summaryMax')} <strong>{money(check.maxRiskAmount)}</strong>
          </p>
          {check.notChecked.length > 0 && (
            <ul className="notice headroom-warning" data-testid="trade-not-checked">
              {check.notChecked.map((n) => (
                <li key={n.rule}>{t('tc.notChecked', { rule: t(RULE_NAME[n.rule]) })}</li>
              ))}
            </ul>
          )}
          {check.breach && (
            // A floor already crossed blocks every trade: say which and when before the figures.
            <p className="notice headroom-breached" data-testid="trade-breach">
              {breachHeadline(i18n, check.breach, headroom.dailyLoss.day?.day ?? null, headroom.currency)}
            </p>
          )}
          {check.maxVolume !== null && (
            <p>
              {t('tc.summaryVolume')} <strong>{lots(check.maxVolume)}</strong>
            </p>
          )}
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('tc.rule')}</th>
                  <th scope="col">{t('tc.floor')}</th>
                  <th scope="col">{t('tc.levelAfter')}</th>
                  <th scope="col">{t('tc.leftAfter')}</th>
                  <th scope="col">{t('tc.maxRisk')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('tc.verdictColumn')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {check.rules.map((r) => (
                  <tr key={r.rule}>
                    <th scope="row">{t(RULE_NAME[r.rule])}</th>
                    <td data-label={t('tc.floor')}>{r.floor === null ? '—' : money(r.floor)}</td>
                    <td data-label={t('tc.levelAfter')}>{money(r.levelAfter)}</td>
                    <td data-label={t('tc.leftAfter')}>{r.leftAfter === null ? t('tc.unbounded') : money(r.leftAfter)}</td>
                    <td data-label={t('tc.maxRisk')}>{money(r.maxRiskAmount)}</td>
                    <td>
                      <span className={`badge headroom-${TONE[r.allowed ? 'allowed' : 'blocked']}`}>
                        {t(r.allowed ? 'tc.verdict.allowed' : 'tc.verdict.blocked')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
