import { useId, useMemo, useState } from 'react';
import { checkTrade, CoachInputError, type TradeCheck as Check } from '@propfolio/coach';
import type { Headroom } from '../../lib/coach.js';
import { useI18n, type Lang } from '../../i18n/i18n.js';
import { Field, SelectField } from '../Field.js';
import { Empty } from '../states.js';

/**
 * The pre-trade calculator of the P&L page: the pure check_trade (@propfolio/coach) run in the browser on the
 * headroom the page already has, so it answers as the trader types, with no request per keystroke. The same
 * function answers check_trade over REST and MCP, so the two never disagree.
 */

/** This panel's words, ja and en side by side: the panel is their only reader. */
const TEXT = {
  en: {
    title: 'Pre-trade check',
    intro: 'What a worst-case loss would leave under each rule, computed from the headroom above as you type.',
    mode: 'Loss given as',
    modeAmount: 'Amount',
    modeLots: 'Lots and stop',
    riskAmount: 'Worst-case loss',
    volume: 'Volume (lots)',
    stopDistance: 'Stop distance (price)',
    tickValue: 'Tick value',
    tickSize: 'Tick size',
    tickHint: 'As the terminal shows them for the symbol (Symbol specification).',
    rule: 'Rule',
    floor: 'Floor',
    levelAfter: 'Equity after',
    leftAfter: 'Left after',
    maxRisk: 'Largest loss',
    verdict: { allowed: 'Allowed', blocked: 'Blocked', unknown: 'Unknown' },
    summaryMax: 'Largest loss keeping every rule',
    summaryVolume: 'Largest volume for this stop',
    unbounded: 'not bounded',
    unknown: 'No loss rule is known for this account: set the challenge’s rules to check a trade.',
    rules: {
      daily_loss: 'Daily loss',
      max_loss: 'Maximum loss',
      after_reset: 'After the next reset',
      max_risk_per_trade: 'Risk per trade',
      best_day: 'Best day',
    },
  },
  ja: {
    title: '発注前チェック',
    intro: '想定最大損失を出した場合に各ルールで残る余地を、上のヘッドルームから入力に合わせて計算します。',
    mode: '損失の指定',
    modeAmount: '金額',
    modeLots: 'ロットとストップ',
    riskAmount: '想定最大損失',
    volume: 'ロット数',
    stopDistance: 'ストップ幅（価格）',
    tickValue: 'ティック価値',
    tickSize: 'ティックサイズ',
    tickHint: 'ターミナルの銘柄仕様に表示される値です。',
    rule: 'ルール',
    floor: '下限',
    levelAfter: '損失後の有効証拠金',
    leftAfter: '損失後の残り',
    maxRisk: '許容最大損失',
    verdict: { allowed: '可', blocked: '不可', unknown: '不明' },
    summaryMax: 'すべてのルールを守る最大損失',
    summaryVolume: 'このストップでの最大ロット',
    unbounded: '制限なし',
    unknown: 'この口座の損失ルールが不明です。チャレンジのルールを設定するとチェックできます。',
    rules: {
      daily_loss: '日次損失',
      max_loss: '最大損失',
      after_reset: '次のリセット後',
      max_risk_per_trade: '1トレードのリスク',
      best_day: 'ベストデイ',
    },
  },
} as const satisfies Record<Lang, unknown>;

/** The headroom badges' colours, reused: allowed reads as ok, blocked as a breach. */
const TONE = { allowed: 'ok', blocked: 'breached', unknown: 'unknown' } as const;

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
  const text = TEXT[i18n.lang];
  const headingId = useId();
  const [form, setForm] = useState<Form>({ mode: 'amount', riskAmount: '', volume: '', stopDistance: '', tickValue: '', tickSize: '' });
  const result = useMemo(() => run(headroom, form), [headroom, form]);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const money = (n: number | null) => (n === null ? text.unbounded : i18n.moneyRounded(n, headroom.currency));
  const check = result && 'check' in result ? result.check : null;
  const error = result && 'field' in result ? result : null;
  return (
    <section className="card trade-check" aria-labelledby={headingId} data-testid="trade-check">
      <h2 id={headingId}>{text.title}</h2>
      <p className="muted">{text.intro}</p>
      <form className="grid-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <SelectField label={text.mode} value={form.mode} onChange={set('mode')}>
          <option value="amount">{text.modeAmount}</option>
          <option value="lots">{text.modeLots}</option>
        </SelectField>
        {form.mode === 'amount' ? (
          <Field
            label={`${text.riskAmount} (${headroom.currency})`}
            inputMode="decimal"
            value={form.riskAmount}
            onChange={set('riskAmount')}
          />
        ) : (
          <>
            <Field label={text.volume} inputMode="decimal" value={form.volume} onChange={set('volume')} />
            <Field label={text.stopDistance} inputMode="decimal" value={form.stopDistance} onChange={set('stopDistance')} />
            <Field
              label={`${text.tickValue} (${headroom.currency})`}
              hint={text.tickHint}
              inputMode="decimal"
              value={form.tickValue}
              onChange={set('tickValue')}
            />
            <Field label={text.tickSize} inputMode="decimal" value={form.tickSize} onChange={set('tickSize')} />
          </>
        )}
      </form>
      {error && (
        <p role="alert" className="form-error">
          {error.message}
        </p>
      )}
      {check && check.verdict === 'unknown' && <Empty>{text.unknown}</Empty>}
      {check && check.verdict !== 'unknown' && (
        <div aria-live="polite">
          <p>
            <span className={`badge headroom-${TONE[check.verdict]}`} data-testid="trade-verdict">
              {text.verdict[check.verdict]}
            </span>{' '}
            {text.summaryMax}: <strong>{money(check.maxRiskAmount)}</strong>
            {check.maxVolume !== null && (
              <>
                {' '}
                · {text.summaryVolume}: <strong>{check.maxVolume.toFixed(2)}</strong>
              </>
            )}
          </p>
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{text.rule}</th>
                  <th scope="col">{text.floor}</th>
                  <th scope="col">{text.levelAfter}</th>
                  <th scope="col">{text.leftAfter}</th>
                  <th scope="col">{text.maxRisk}</th>
                  <th scope="col">
                    <span className="visually-hidden">{text.verdict.allowed}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {check.rules.map((r) => (
                  <tr key={r.rule}>
                    <th scope="row">{text.rules[r.rule]}</th>
                    <td data-label={text.floor}>{r.floor === null ? '—' : money(r.floor)}</td>
                    <td data-label={text.levelAfter}>{money(r.levelAfter)}</td>
                    <td data-label={text.leftAfter}>{r.leftAfter === null ? text.unbounded : money(r.leftAfter)}</td>
                    <td data-label={text.maxRisk}>{money(r.maxRiskAmount)}</td>
                    <td>
                      <span className={`badge headroom-${TONE[r.allowed ? 'allowed' : 'blocked']}`}>
                        {text.verdict[r.allowed ? 'allowed' : 'blocked']}
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
