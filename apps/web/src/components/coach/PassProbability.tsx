import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Options } from 'uplot';
import { readSimulationRules, simulateChallenge, simulationRulesFor, type Simulation, type SimulationOutcomes } from '@propfolio/coach';
import { ApiError, app } from '../../lib/api.js';
import { RISK_SCALES, getChallengeRules, whatIfInput, type ChallengeRulesView, type ChallengeSimulation } from '../../lib/coach.js';

import { useI18n } from '../../i18n/i18n.js';
import { atX, Chart, COLORS, legendValues } from '../Chart.js';
import { Empty, ErrorState, Loading } from '../states.js';
import { missingRulesInWords } from './missing-rules.js';

const pct = (p: number, digits = 1) => `${(p * 100).toFixed(digits)}%`;

/** Paths still open at the end: out of time under a time limit, undecided at the horizon without one (never a failure). */
const openShare = (o: Pick<SimulationOutcomes, 'timeout' | 'undecided'>) => o.timeout ?? o.undecided ?? 0;

/** The label of that share: a plan without a time limit has no "out of time". */
function useOpenLabel(sim: Pick<Simulation, 'timeLimited' | 'horizonDays'>): string {
  const { t } = useI18n();
  return sim.timeLimited ? t('sim.timeout') : t('sim.undecided', { days: sim.horizonDays });
}

/** Pass, breach and timeout shares against the risk scale: the curve, and the same numbers as a table. */
function RiskCurve({ sim }: { sim: Omit<Simulation, 'breach'> }) {
  const i18n = useI18n();
  const { t } = i18n;
  const openLabel = useOpenLabel(sim);
  const rows = sim.byRiskScale;
  const data = useMemo(
    () =>
      [
        rows.map((r) => r.riskScale),
        rows.map((r) => r.passProbability * 100),
        rows.map((r) => (r.breachDailyLoss + r.breachMaxLoss) * 100),
        rows.map((r) => openShare(r) * 100),
      ] as [number[], number[], number[], number[]],
    [rows],
  );
  const options = useMemo<Omit<Options, 'width' | 'height'>>(() => {
    const value = legendValues(atX(1));
    // Written as the table and the headline write them (`pct`), so the legend at ×1 repeats their figures exactly.
    const percent = (v: number | null) => (v == null ? '' : `${v.toFixed(1)}%`);
    return {
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: [
        { values: (_u: unknown, ticks: number[]) => ticks.map((v) => `×${i18n.number(v)}`) },
        { values: (_u: unknown, ticks: number[]) => ticks.map((v) => `${i18n.number(v, 0)}%`), size: 50 },
      ],
      // At rest the legend reads the shares at ×1, the risk as traded (the headline above, the table's marked row).
      series: [
        { label: t('sim.scale'), value: value((v) => (v == null ? '' : `×${i18n.number(v)}`)) },
        { label: t('sim.pass'), stroke: COLORS.profit, width: 2, points: { show: true, size: 6 }, value: value(percent) },
        { label: t('sim.breach'), stroke: COLORS.loss, width: 2, dash: [6, 4], points: { show: true, size: 5 }, value: value(percent) },
        { label: openLabel, stroke: COLORS.equity, width: 1, dash: [2, 3], value: value(percent) },
      ],
    };
  }, [i18n, t, openLabel]);
  return (
    <>
      <figure>
        <figcaption>{t('sim.curve')}</figcaption>
        <Chart data={data} options={options} label={t('sim.curveLabel')} height={200} />
      </figure>
      <div className="table-wrap">
        <table className="compact risk-table" data-testid="risk-table">
          <caption className="visually-hidden">{t('sim.curve')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sim.scale')}</th>
              <th scope="col" className="num">
                {t('sim.pass')}
              </th>
              <th scope="col" className="num">
                {t('sim.breachDaily')}
              </th>
              <th scope="col" className="num">
                {t('sim.breachMax')}
              </th>
              <th scope="col" className="num">
                {openLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.riskScale} className={r.riskScale === 1 ? 'selected' : undefined}>
                <th scope="row">×{i18n.number(r.riskScale)}</th>
                <td className="num" data-label={t('sim.pass')}>
                  {pct(r.passProbability)}
                </td>
                <td className="num" data-label={t('sim.breachDaily')}>
                  {pct(r.breachDailyLoss)}
                </td>
                <td className="num" data-label={t('sim.breachMax')}>
                  {pct(r.breachMaxLoss)}
                </td>
                <td className="num" data-label={openLabel}>
                  {pct(openShare(r))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type RuleTweak = { target: string; daily: string; max: string };

/**
 * The same simulation re-run in the browser with another risk scale or other limits: the pure engine,
 * the server's seed, paths and start, the account's own reported days. About 20 ms, so it runs on the
 * main thread as the slider moves (deferred, so typing and dragging stay responsive).
 */
function WhatIf({
  sim,
  rules,
  initialBalance,
  targetPercent,
}: {
  sim: ChallengeSimulation;
  rules: ChallengeRulesView;
  initialBalance: number;
  targetPercent: number | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const openLabel = useOpenLabel(sim);
  const id = useId();
  const base = simulationRulesFor(rules.rules, targetPercent, initialBalance);
  const initial: RuleTweak = {
    target: base.targetPercent === null ? '' : String(base.targetPercent),
    daily: base.dailyLossPercent === null ? '' : String(base.dailyLossPercent),
    max: base.maxLossPercent === null ? '' : String(base.maxLossPercent),
  };
  const [scale, setScale] = useState(1);
  const [tweak, setTweak] = useState<RuleTweak>(initial);
  const deferredScale = useDeferredValue(scale);
  const deferredTweak = useDeferredValue(tweak);
  const result = useMemo(() => {
    const num = (s: string) => (s.trim() === '' ? null : Number(s));
    const input = whatIfInput(
      sim,
      {
        ...simulationRulesFor(rules.rules, targetPercent, initialBalance),
        targetPercent: num(deferredTweak.target),
        dailyLossPercent: num(deferredTweak.daily),
        maxLossPercent: num(deferredTweak.max),
      },
      deferredScale,
    );
    try {
      const started = performance.now();
      const out = simulateChallenge(input);
      return { out: out.byRiskScale[0] ?? null, ms: performance.now() - started, error: null };
    } catch (error) {
      return { out: null, ms: 0, error: error instanceof Error ? error.message : String(error) };
    }
  }, [sim, rules, targetPercent, initialBalance, deferredScale, deferredTweak]);
  const set = (k: keyof RuleTweak) => (e: { target: { value: string } }) => setTweak({ ...tweak, [k]: e.target.value });
  return (
    <div className="what-if-body">
      <p className="muted small">{t('sim.whatIfHelp')}</p>
      <div className="field">
        <label htmlFor={`${id}-scale`}>{t('sim.scaleLabel', { scale: i18n.number(scale) })}</label>
        <input
          id={`${id}-scale`}
          type="range"
          min={0.1}
          max={3}
          step={0.05}
          value={scale}
          aria-valuetext={t('sim.scaleText', { scale: i18n.number(scale) })}
          onChange={(e) => setScale(Number(e.target.value))}
        />
      </div>
      <div className="grid-form compact-form">
        <div className="field">
          <label htmlFor={`${id}-t`}>{t('sim.targetPercent')}</label>
          <input
            id={`${id}-t`}
            type="number"
            min={0}
            max={100}
            step={0.5}
            inputMode="decimal"
            value={tweak.target}
            onChange={set('target')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-d`}>{t('sim.dailyPercent')}</label>
          <input
            id={`${id}-d`}
            type="number"
            min={0}
            max={100}
            step={0.5}
            inputMode="decimal"
            value={tweak.daily}
            onChange={set('daily')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-m`}>{t('sim.maxPercent')}</label>
          <input id={`${id}-m`} type="number" min={0} max={100} step={0.5} inputMode="decimal" value={tweak.max} onChange={set('max')} />
        </div>
      </div>
      <output className="what-if-result" htmlFor={`${id}-scale ${id}-t ${id}-d ${id}-m`} aria-live="polite" data-testid="what-if">
        {result.error !== null ? (
          <span className="form-error">{result.error}</span>
        ) : result.out ? (
          <>
            <strong>{t('sim.whatIfPass', { p: pct(result.out.passProbability) })}</strong>{' '}
            <span className="muted">
              {t('sim.whatIfRest', {
                daily: pct(result.out.breachDailyLoss),
                max: pct(result.out.breachMaxLoss),
                open: openLabel,
                share: pct(openShare(result.out)),
              })}
            </span>
          </>
        ) : null}
      </output>
      {(tweak.target !== initial.target || tweak.daily !== initial.daily || tweak.max !== initial.max || scale !== 1) && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setScale(1);
            setTweak(initial);
          }}
        >
          {t('sim.whatIfReset')}
        </button>
      )}
    </div>
  );
}

/**
 * The what-if, folded until asked for (open, it made the challenge page ~4,000 px tall on a phone); its
 * simulation runs only while it is open.
 */
function WhatIfPanel(props: Parameters<typeof WhatIf>[0]) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <details className="what-if" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h3 className="sub-h inline-h">{t('sim.whatIf')}</h3>
      </summary>
      {open && <WhatIf {...props} />}
    </details>
  );
}

/** Pass probability of a challenge from an account's reported days, its risk-scale curve and an in-browser what-if. */
export function PassProbability({
  challengeId,
  account,
  targetPercent,
}: {
  challengeId: string;
  account: { id: string; initialBalance: number } | null;
  targetPercent: number | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const accountId = account?.id;
  const rules = useQuery({
    queryKey: ['challenge-rules', challengeId],
    queryFn: () => getChallengeRules(challengeId),
  });
  // The rules the simulation cannot run without, read in the browser as the service reads them: while one is
  // unknown the page says which in words and does not ask for a simulation the service would refuse (422).
  const missing = rules.data
    ? readSimulationRules(rules.data.rules, 'funded', account?.initialBalance ?? null).missing.concat(
        targetPercent === null && rules.data.rules.profitTargetsPercent === null ? ['profitTargetsPercent'] : [],
      )
    : null;
  const sim = useQuery({
    enabled: missing !== null && missing.length === 0,
    queryKey: ['simulation', challengeId, accountId ?? null],
    queryFn: () =>
      app.post(`/challenges/${challengeId}/simulations`, {
        ...(accountId ? { accountId } : {}),
        riskScale: [...RISK_SCALES],
      }),
    retry: (n, error) => !(error instanceof ApiError && error.status < 500) && n < 2,
  });
  const headingId = useId();
  let body;
  const rulesMissing = (parts: readonly string[]) => (
    <Empty>
      <p data-testid="rules-unknown">{t('sim.rulesMissing', { missing: missingRulesInWords(parts, t) })}</p>
      <p>
        <Link to="/challenges/$id" params={{ id: challengeId }} hash="rules">
          {t('hr.enterRules')}
        </Link>
      </p>
    </Empty>
  );
  if (rules.isError) body = <ErrorState error={rules.error} retry={() => void rules.refetch()} />;
  else if (missing !== null && missing.length > 0) body = rulesMissing(missing);
  else if (sim.isPending) body = <Loading />;
  else if (sim.isError) {
    const e = sim.error;
    if (e instanceof ApiError && e.code === 'insufficient_history') {
      const { reportedDays: n, neededDays: need } = e.facts;
      body = (
        <Empty>
          <p data-testid="insufficient-history">
            {typeof n === 'number' && typeof need === 'number' ? t('sim.tooFew', { n, need }) : t('err.insufficient_history')}
          </p>
          <p>{t('sim.tooFewHow')}</p>
        </Empty>
      );
    } else if (e instanceof ApiError && e.code === 'rules_unknown') {
      body = rulesMissing(String(e.facts.missing ?? '').split(','));
    } else body = <ErrorState error={e} retry={() => void sim.refetch()} />;
  } else {
    const s = sim.data;
    const openLabel = s.timeLimited ? t('sim.timeout') : t('sim.undecided', { days: s.horizonDays });
    // A floor already crossed is the answer, not odds (read loosely: an answer from before the field has none).
    const breach = (s as { breach?: Simulation['breach'] }).breach ?? null;
    body = (
      <>
        {breach && (
          <p className="notice headroom-breached" role="alert" data-testid="sim-breach">
            {t('sim.breached', {
              rule: t(breach.rule === 'dailyLoss' ? 'hr.dailyLoss' : 'hr.maxLoss'),
              date: breach.breachedAt ? i18n.dateTime(breach.breachedAt) : i18n.date(breach.day),
            })}
          </p>
        )}
        <div className="pass-head">
          <p className="pass-big" data-testid="pass-probability">
            <strong>{pct(s.passProbability)}</strong>
            <span className="muted">{t('sim.interval', { low: pct(s.passInterval.low), high: pct(s.passInterval.high) })}</span>
          </p>
          <dl className="facts sim-facts">
            <div>
              <dt>{t('sim.breachDaily')}</dt>
              <dd>{pct(s.breachDailyLoss)}</dd>
            </div>
            <div>
              <dt>{t('sim.breachMax')}</dt>
              <dd>{pct(s.breachMaxLoss)}</dd>
            </div>
            <div>
              <dt>{openLabel}</dt>
              <dd>{pct(openShare(s))}</dd>
            </div>
            <div>
              <dt>{t('sim.daysToPass')}</dt>
              <dd>{s.daysToPass ? t('sim.daysToPassText', { median: s.daysToPass.median, p90: s.daysToPass.p90 }) : t('common.none')}</dd>
            </div>
            <div>
              <dt>{t('sim.attempts')}</dt>
              <dd>{s.expectedAttempts === null ? t('common.none') : i18n.number(s.expectedAttempts, 1)}</dd>
            </div>
            <div>
              <dt>{t('sim.fees')}</dt>
              <dd>
                {s.expectedFees
                  ? s.expectedFees.net !== null && s.expectedFees.net !== s.expectedFees.gross
                    ? t('sim.feesNet', {
                        gross: i18n.moneyRounded(s.expectedFees.gross, s.currency),
                        net: i18n.moneyRounded(s.expectedFees.net, s.currency),
                      })
                    : i18n.moneyRounded(s.expectedFees.gross, s.currency)
                  : t('common.none')}
              </dd>
            </div>
            <div>
              <dt>{t('sim.realized')}</dt>
              <dd>
                {t('sim.realizedText', {
                  attempts: s.realized.attempts,
                  fees: s.realized.feesPaid.map((f) => i18n.moneyRounded(f.amount, f.currency)).join(' + ') || t('common.none'),
                })}
              </dd>
            </div>
          </dl>
        </div>
        <p className="muted small">{t('sim.basis', { days: s.historyDays, paths: i18n.number(s.paths, 0), horizon: s.horizonDays })}</p>
        {s.lowData && <p className="notice">{t('sim.lowData')}</p>}
        <RiskCurve sim={s} />
        {rules.data && account && s.history.dailyPnlPercent.length > 0 ? (
          <WhatIfPanel sim={s} rules={rules.data} initialBalance={account.initialBalance} targetPercent={targetPercent} />
        ) : null}
        <details className="sim-notes">
          <summary>{t('sim.notes')}</summary>
          <ul data-testid="sim-notes">
            <li>{s.intradayLowDays === 0 ? t('sim.noteNoLows') : t('sim.noteLows', { n: s.intradayLowDays, days: s.historyDays })}</li>
            {!s.timeLimited && <li>{t('sim.noteUndecided', { days: s.horizonDays })}</li>}
            <li>{t('sim.noteResampled')}</li>
          </ul>
        </details>
      </>
    );
  }
  return (
    <section className="card pass-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sim.title')}</h2>
      {body}
    </section>
  );
}
