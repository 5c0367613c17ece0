import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  RULE_NAMES,
  getChallengeRules,
  setChallengeRules,
  type ChallengeRulesView,
  type RuleName,
  type RulesOverride,
} from '../../lib/coach.js';
import { useI18n, type I18n } from '../../i18n/i18n.js';
import { Field, SelectField } from '../Field.js';
import { FormError, QueryView } from '../states.js';
import { provenanceText } from './HeadroomPanel.js';

type Mode = 'plan' | 'own' | 'none';

/** The editor's form: strings as typed, '' meaning "keep the plan's value". */
interface RulesForm {
  targets: string;
  dailyMode: Mode;
  dailyPercent: string;
  dailyBasis: string;
  dailyAmountOf: string;
  dailyAmount: string;
  dailyComparison: string;
  rolloverZone: string;
  rolloverTime: string;
  maxMode: Mode;
  maxPercent: string;
  maxType: string;
  maxLock: string;
  maxLockTrigger: string;
  maxAmountOf: string;
  maxAmount: string;
  maxComparison: string;
  minDays: string;
  perPhase: string;
  dayCounts: string;
  dayMinProfit: string;
  timeMode: Mode;
  timeDays: string;
  consMode: Mode;
  consPercent: string;
  consOf: string;
  consEffect: string;
}

/** The rule words the editor offers, in the engine's vocabulary. */
const BASES = ['day_start_balance', 'day_start_equity', 'max_balance_equity', 'initial_balance'] as const;
const COMPARISONS = ['below', 'at_or_below'] as const;
const DAY_KINDS = ['position_opened', 'balance_change', 'profitable_day'] as const;
const EFFECTS = ['blocks_pass', 'fails'] as const;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
const modeOf = (v: unknown): Mode => (v === 'none' ? 'none' : v === null || v === undefined ? 'plan' : 'own');

function formOf(o: RulesOverride | null): RulesForm {
  const d = o?.dailyLoss && o.dailyLoss !== 'none' ? o.dailyLoss : null;
  const m = o?.maxLoss && o.maxLoss !== 'none' ? o.maxLoss : null;
  const c = o?.consistency && o.consistency !== 'none' ? o.consistency : null;
  const time = o?.timeLimit && o.timeLimit !== 'none' ? o.timeLimit : null;
  return {
    targets: o?.profitTargetsPercent ? o.profitTargetsPercent.map(str).join(', ') : '',
    dailyMode: modeOf(o?.dailyLoss),
    dailyPercent: str(d?.percent),
    dailyBasis: str(d?.basis),
    dailyAmountOf: str(d?.amountOf),
    dailyAmount: str(d?.amount),
    dailyComparison: str(d?.comparison),
    rolloverZone: d?.rollover?.timeZone ?? '',
    rolloverTime: d?.rollover?.time ?? '',
    maxMode: modeOf(o?.maxLoss),
    maxPercent: str(m?.percent),
    maxType: str(m?.type),
    maxLock: str(m?.lockFloor),
    maxLockTrigger: str(m?.lockTriggerPercent),
    maxAmountOf: str(m?.amountOf),
    maxAmount: str(m?.amount),
    maxComparison: str(m?.comparison),
    minDays: str(o?.minTradingDays?.days),
    perPhase: o?.minTradingDays?.perPhase === undefined ? '' : String(o.minTradingDays.perPhase),
    dayCounts: str(o?.minTradingDays?.counts),
    dayMinProfit: str(o?.minTradingDays?.minProfitPercent),
    timeMode: modeOf(o?.timeLimit),
    timeDays: str(time?.days),
    consMode: modeOf(o?.consistency),
    consPercent: str(c?.bestDayMaxPercent),
    consOf: c?.of ?? 'profit_target',
    consEffect: str(c?.effect),
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));

/** The override to store: only what the form sets (PATCH replaces the stored override whole). */
function overrideOf(f: RulesForm): RulesOverride | null {
  const o: RulesOverride = {};
  if (f.targets.trim() !== '')
    o.profitTargetsPercent = f.targets
      .split(/[,、\s]+/)
      .filter(Boolean)
      .map((x) => Number(x));
  if (f.dailyMode === 'none') o.dailyLoss = 'none';
  else if (f.dailyMode === 'own') {
    o.dailyLoss = {
      ...(num(f.dailyPercent) !== undefined ? { percent: num(f.dailyPercent) } : {}),
      ...(f.dailyBasis ? { basis: f.dailyBasis as 'initial_balance' } : {}),
      ...(f.dailyAmountOf ? { amountOf: f.dailyAmountOf as 'initial_balance' } : {}),
      ...(num(f.dailyAmount) !== undefined ? { amount: num(f.dailyAmount) } : {}),
      ...(f.dailyComparison ? { comparison: f.dailyComparison as 'below' } : {}),
      ...(f.rolloverZone.trim() && f.rolloverTime ? { rollover: { timeZone: f.rolloverZone.trim(), time: f.rolloverTime } } : {}),
    };
  }
  if (f.maxMode === 'none') o.maxLoss = 'none';
  else if (f.maxMode === 'own') {
    o.maxLoss = {
      ...(num(f.maxPercent) !== undefined ? { percent: num(f.maxPercent) } : {}),
      ...(f.maxType ? { type: f.maxType as 'static' } : {}),
      ...(f.maxLock ? { lockFloor: 'initial_balance' as const } : {}),
      ...(num(f.maxLockTrigger) !== undefined ? { lockTriggerPercent: num(f.maxLockTrigger) } : {}),
      ...(f.maxAmountOf ? { amountOf: f.maxAmountOf as 'initial_balance' } : {}),
      ...(num(f.maxAmount) !== undefined ? { amount: num(f.maxAmount) } : {}),
      ...(f.maxComparison ? { comparison: f.maxComparison as 'below' } : {}),
    };
  }
  if (f.minDays.trim() !== '' || f.perPhase !== '' || f.dayCounts !== '')
    o.minTradingDays = {
      ...(num(f.minDays) !== undefined ? { days: num(f.minDays) } : {}),
      ...(f.perPhase !== '' ? { perPhase: f.perPhase === 'true' } : {}),
      ...(f.dayCounts ? { counts: f.dayCounts as 'position_opened' } : {}),
      ...(f.dayCounts === 'profitable_day' && num(f.dayMinProfit) !== undefined ? { minProfitPercent: num(f.dayMinProfit) } : {}),
    };
  if (f.timeMode === 'none') o.timeLimit = 'none';
  else if (f.timeMode === 'own' && num(f.timeDays) !== undefined) o.timeLimit = { days: num(f.timeDays) ?? 0 };
  if (f.consMode === 'none') o.consistency = 'none';
  else if (f.consMode === 'own' && num(f.consPercent) !== undefined)
    o.consistency = {
      bestDayMaxPercent: num(f.consPercent) ?? 0,
      of: f.consOf as 'profit_target',
      ...(f.consEffect ? { effect: f.consEffect as 'blocks_pass' } : {}),
    };
  return Object.keys(o).length ? o : null;
}

/** One merged rule in words. */
function ruleText(i18n: I18n, name: RuleName, view: ChallengeRulesView): string {
  const { t } = i18n;
  const r = view.rules;
  const unknown = t('rules.unknown');
  const p = (v: number | null | undefined) => (v === null || v === undefined ? '?' : `${i18n.number(v)}%`);
  // A fixed amount wins over a percentage (Topstep's $2,000); it is in the account's currency, which the rules do not carry.
  const amountOrPercent = (rule: { percent: number | null; amount?: number | null }) =>
    rule.amount === null || rule.amount === undefined ? p(rule.percent) : t('rules.amountIs', { n: i18n.number(rule.amount) });
  switch (name) {
    case 'profitTargetsPercent':
      return r.profitTargetsPercent === null
        ? unknown
        : r.profitTargetsPercent.length === 0
          ? t('rules.noTarget')
          : r.profitTargetsPercent.map(p).join(' / ');
    case 'dailyLoss': {
      const d = r.dailyLoss;
      if (d === null) return unknown;
      if (d === 'none') return t('rules.none');
      const parts = [amountOrPercent(d)];
      if (d.basis) parts.push(t(`hr.ref.${d.basis}`));
      if (d.comparison) parts.push(t(`rules.cmp.${d.comparison}`));
      if (d.rollover) parts.push(t('rules.resetAt', { time: d.rollover.time, zone: d.rollover.timeZone }));
      else if (d.resetClock) parts.push(d.resetClock);
      return parts.join(' · ');
    }
    case 'maxLoss': {
      const m = r.maxLoss;
      if (m === null) return unknown;
      if (m === 'none') return t('rules.none');
      return [
        amountOrPercent(m),
        m.amountOf === 'high_water_mark' ? t('rules.ofHwm') : null,
        m.type ? t(`hr.maxType.${m.type}`) : null,
        m.lockFloor ? t('rules.lockInitial') : null,
        m.comparison ? t(`rules.cmp.${m.comparison}`) : null,
      ]
        .filter(Boolean)
        .join(' · ');
    }
    case 'minTradingDays': {
      const m = r.minTradingDays;
      if (m === null || m.days === null) return unknown;
      const days = t(m.perPhase ? 'rules.daysPerPhase' : 'rules.days', { n: m.days });
      if (!m.counts) return days;
      return `${days} · ${t(`rules.counts.${m.counts}`, { p: i18n.number(m.minProfitPercent ?? 0) })}`;
    }
    case 'timeLimit':
      return r.timeLimit === null ? unknown : r.timeLimit === 'none' ? t('rules.none') : t('rules.days', { n: r.timeLimit.days });
    case 'consistency':
      return r.consistency === null
        ? unknown
        : r.consistency === 'none'
          ? t('rules.none')
          : [
              t(`rules.cons.${r.consistency.of}`, { p: i18n.number(r.consistency.bestDayMaxPercent) }),
              r.consistency.effect ? t(`rules.effect.${r.consistency.effect}`) : null,
            ]
              .filter(Boolean)
              .join(' · ');
  }
}

function ModeSelect({ label, value, onChange }: { label: string; value: Mode; onChange: (m: Mode) => void }) {
  const { t } = useI18n();
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as Mode)}>
      <option value="plan">{t('rules.mode.plan')}</option>
      <option value="own">{t('rules.mode.own')}</option>
      <option value="none">{t('rules.mode.none')}</option>
    </SelectField>
  );
}

function Editor({ view }: { view: ChallengeRulesView }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const [form, setForm] = useState(() => formOf(view.override));
  const [saved, setSaved] = useState(false);
  const set = (k: keyof RulesForm) => (e: { target: { value: string } }) => {
    setSaved(false);
    setForm({ ...form, [k]: e.target.value });
  };
  const setMode = (k: 'dailyMode' | 'maxMode' | 'timeMode' | 'consMode') => (m: Mode) => {
    setSaved(false);
    setForm({ ...form, [k]: m });
  };
  const save = useMutation({
    mutationFn: (rules: RulesOverride | null) => setChallengeRules(view.challengeId, rules),
    onSuccess: (next) => {
      setSaved(true);
      setForm(formOf(next.override));
      client.setQueryData(['challenge-rules', view.challengeId], next);
      void client.invalidateQueries({ queryKey: ['headroom'] });
      void client.invalidateQueries({ queryKey: ['simulation'] });
    },
  });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    save.mutate(overrideOf(form));
  };
  const pctField = (label: string, k: keyof RulesForm, placeholder?: string) => (
    <Field
      label={label}
      type="number"
      min={0}
      max={100}
      step="any"
      inputMode="decimal"
      value={form[k]}
      onChange={set(k)}
      placeholder={placeholder}
    />
  );
  const amountField = (k: 'dailyAmount' | 'maxAmount') => (
    <Field
      label={t('rules.amount')}
      hint={t('rules.amountHint')}
      type="number"
      min={0}
      step="any"
      inputMode="decimal"
      value={form[k]}
      onChange={set(k)}
    />
  );
  const comparisonField = (k: 'dailyComparison' | 'maxComparison') => (
    <SelectField label={t('rules.comparison')} value={form[k]} onChange={set(k)}>
      <option value="">{t('rules.keepPlan')}</option>
      {COMPARISONS.map((x) => (
        <option key={x} value={x}>
          {t(`rules.cmp.${x}`)}
        </option>
      ))}
    </SelectField>
  );
  return (
    <>
      <div className="table-wrap">
        <table className="card-rows rules-table" data-testid="rules-table">
          <thead>
            <tr>
              <th scope="col">{t('rules.rule')}</th>
              <th scope="col">{t('rules.value')}</th>
              <th scope="col">{t('rules.source')}</th>
            </tr>
          </thead>
          <tbody>
            {RULE_NAMES.map((name) => (
              <tr key={name}>
                <th scope="row">{t(`rules.name.${name}`)}</th>
                <td data-label={t('rules.value')}>{ruleText(i18n, name, view)}</td>
                <td data-label={t('rules.source')} data-testid={`provenance-${name}`}>
                  <span className={`badge src-${view.provenance[name].source}`}>{provenanceText(i18n, view.provenance[name])}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {view.planMissing && <p className="warn">{view.planMissing}</p>}
      <form className="grid-form rules-form" onSubmit={submit} aria-label={t('rules.edit')}>
        <h3 className="full sub-h">{t('rules.edit')}</h3>
        <p className="full muted small">{t('rules.editHelp')}</p>
        <Field
          label={t('rules.targets')}
          hint={t('rules.targetsHint')}
          inputMode="decimal"
          value={form.targets}
          onChange={set('targets')}
        />
        <fieldset className="full rule-group">
          <legend>{t('rules.name.dailyLoss')}</legend>
          <ModeSelect label={t('rules.mode')} value={form.dailyMode} onChange={setMode('dailyMode')} />
          {form.dailyMode === 'own' && (
            <>
              {pctField(t('rules.percent'), 'dailyPercent')}
              <SelectField label={t('rules.basis')} value={form.dailyBasis} onChange={set('dailyBasis')}>
                <option value="">{t('rules.keepPlan')}</option>
                {BASES.map((x) => (
                  <option key={x} value={x}>
                    {t(`hr.ref.${x}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('rules.amountOf')} value={form.dailyAmountOf} onChange={set('dailyAmountOf')}>
                <option value="">{t('rules.keepPlan')}</option>
                <option value="initial_balance">{t('rules.ofInitial')}</option>
                <option value="reference">{t('rules.ofReference')}</option>
              </SelectField>
              {amountField('dailyAmount')}
              {comparisonField('dailyComparison')}
              <Field
                label={t('rules.zone')}
                hint={t('rules.zoneHint')}
                maxLength={64}
                value={form.rolloverZone}
                onChange={set('rolloverZone')}
                placeholder="Europe/Prague"
              />
              <Field label={t('rules.time')} type="time" value={form.rolloverTime} onChange={set('rolloverTime')} />
            </>
          )}
        </fieldset>
        <fieldset className="full rule-group">
          <legend>{t('rules.name.maxLoss')}</legend>
          <ModeSelect label={t('rules.mode')} value={form.maxMode} onChange={setMode('maxMode')} />
          {form.maxMode === 'own' && (
            <>
              {pctField(t('rules.percent'), 'maxPercent')}
              <SelectField label={t('hr.type')} value={form.maxType} onChange={set('maxType')}>
                <option value="">{t('rules.keepPlan')}</option>
                {(['static', 'trailing_eod', 'trailing_closed_balance', 'trailing_equity'] as const).map((x) => (
                  <option key={x} value={x}>
                    {t(`hr.maxType.${x}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('rules.lock')} value={form.maxLock} onChange={set('maxLock')}>
                <option value="">{t('rules.keepPlan')}</option>
                <option value="initial_balance">{t('rules.lockInitial')}</option>
              </SelectField>
              {pctField(t('rules.lockTrigger'), 'maxLockTrigger')}
              <SelectField label={t('rules.amountOf')} value={form.maxAmountOf} onChange={set('maxAmountOf')}>
                <option value="">{t('rules.keepPlan')}</option>
                <option value="initial_balance">{t('rules.ofInitial')}</option>
                <option value="high_water_mark">{t('rules.ofHwm')}</option>
              </SelectField>
              {amountField('maxAmount')}
              {comparisonField('maxComparison')}
            </>
          )}
        </fieldset>
        <fieldset className="full rule-group">
          <legend>{t('rules.name.minTradingDays')}</legend>
          <Field label={t('rules.minDays')} type="number" min={0} step={1} value={form.minDays} onChange={set('minDays')} />
          <SelectField label={t('rules.perPhase')} value={form.perPhase} onChange={set('perPhase')}>
            <option value="">{t('rules.keepPlan')}</option>
            <option value="true">{t('common.yes')}</option>
            <option value="false">{t('common.no')}</option>
          </SelectField>
          <SelectField label={t('rules.counts')} value={form.dayCounts} onChange={set('dayCounts')}>
            <option value="">{t('rules.keepPlan')}</option>
            {DAY_KINDS.map((x) => (
              <option key={x} value={x}>
                {t(`rules.countsOption.${x}`)}
              </option>
            ))}
          </SelectField>
          {form.dayCounts === 'profitable_day' && pctField(t('rules.minProfit'), 'dayMinProfit')}
        </fieldset>
        <fieldset className="full rule-group">
          <legend>{t('rules.name.timeLimit')}</legend>
          <ModeSelect label={t('rules.mode')} value={form.timeMode} onChange={setMode('timeMode')} />
          {form.timeMode === 'own' && (
            <Field label={t('rules.timeDays')} type="number" min={1} step={1} value={form.timeDays} onChange={set('timeDays')} />
          )}
        </fieldset>
        <fieldset className="full rule-group">
          <legend>{t('rules.name.consistency')}</legend>
          <ModeSelect label={t('rules.mode')} value={form.consMode} onChange={setMode('consMode')} />
          {form.consMode === 'own' && (
            <>
              {pctField(t('rules.bestDay'), 'consPercent')}
              <SelectField label={t('rules.bestDayOf')} value={form.consOf} onChange={set('consOf')}>
                <option value="profit_target">{t('rules.ofTarget')}</option>
                <option value="total_profit">{t('rules.ofProfit')}</option>
              </SelectField>
              <SelectField label={t('rules.effect')} value={form.consEffect} onChange={set('consEffect')}>
                <option value="">{t('rules.notStated')}</option>
                {EFFECTS.map((x) => (
                  <option key={x} value={x}>
                    {t(`rules.effect.${x}`)}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </fieldset>
        <div className="full actions">
          <FormError error={save.error} />
          {saved && (
            <p role="status" className="ok">
              {t('rules.saved')}
            </p>
          )}
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('rules.save')}
          </button>
          {view.override && (
            <button type="button" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {t('rules.clear')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}

/** The challenge's own rules over its plan's: collapsed; opens itself when the page is reached at #rules. */
export function RulesEditor({ challengeId }: { challengeId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const [open, setOpen] = useState(false);
  const view = useQuery({
    queryKey: ['challenge-rules', challengeId],
    queryFn: () => getChallengeRules(challengeId),
  });
  useEffect(() => {
    if (window.location.hash === '#rules') setOpen(true);
  }, []);
  const summary = view.data
    ? view.data.planId
      ? t('rules.summaryPlan', { plan: view.data.planId, date: i18n.date(view.data.planCheckedOn) })
      : t('rules.summaryNoPlan')
    : '';
  return (
    <details
      className="card rules-editor"
      id="rules"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      aria-labelledby={`${id}-h`}
    >
      <summary>
        <h2 id={`${id}-h`} className="inline-h">
          {t('rules.title')}
        </h2>{' '}
        <span className="muted">{summary}</span>
      </summary>
      {open && <QueryView query={view}>{(v) => <Editor key={v.challengeId} view={v} />}</QueryView>}
    </details>
  );
}
