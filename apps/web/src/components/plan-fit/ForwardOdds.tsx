import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n, type I18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { ApiError } from '../../lib/api.js';
import { fitOwnPlans, type PlanFit, type PlanFitRow } from '../../lib/plan-fit.js';
import { Empty, ErrorState, Loading, worthRetrying } from '../states.js';
import { VALUE_CHART_HEIGHT, ValueCharts } from './ValueChart.js';

/** Paths per plan on the page: enough for a readable ranking at once; the API and MCP take up to 100,000. */
const PAGE_PATHS = 2000;

/** The plan as people call it: its program, after its firm unless the program already says it. */
const planName = (p: PlanFitRow): string =>
  p.program.toLowerCase().startsWith(p.firm.toLowerCase()) ? p.program : `${p.firm} ${p.program}`;

/** A rule the answer names by its path ("profitSplit.percent", "funded dailyLoss.percent"), in the page's words. */
const RULE_WORDS: Record<string, MessageKey> = {
  profitSplit: 'fit.rule.split',
  'payout.firstAfterDays': 'fit.rule.firstPayout',
  'payout.cadence': 'fit.rule.cadence',
  feeRefund: 'fit.rule.refund',
  accountSize: 'fit.rule.accountSize',
  price: 'fit.price',
  dailyLoss: 'hr.rule.dailyLoss',
  maxLoss: 'hr.rule.maxLoss',
  profitTarget: 'hr.rule.profitTarget',
  minTradingDays: 'hr.rule.minTradingDays',
  timeLimit: 'hr.rule.timeLimit',
  consistency: 'hr.rule.consistency',
};

function ruleWords(paths: readonly string[], t: I18n['t']): string {
  return paths
    .map((raw) => {
      const funded = raw.startsWith('funded ');
      const path = (funded ? raw.slice('funded '.length) : raw).replace(/ \(.*\)$/, '');
      const key = RULE_WORDS[path] ?? RULE_WORDS[path.split('.')[0] ?? ''];
      const words = key ? t(key) : path;
      return funded ? t('fit.rule.funded', { rule: words }) : words;
    })
    .filter((w, i, all) => all.indexOf(w) === i)
    .join(t('fit.rule.separator'));
}

function OddsTable({ answer }: { answer: PlanFit }) {
  const i18n = useI18n();
  const { t } = i18n;
  const pct = (x: number) => `${i18n.number(x * 100, 0)}%`;
  return (
    <div className="table-wrap">
      {/* Headings wrap (wrap-head) and a value the plan cannot have is words that wrap, so the table fits a desktop width. */}
      <table className="card-rows wrap-head forward-odds-table">
        <caption className="visually-hidden">{t('fit.odds.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('fit.rank')}
            </th>
            <th scope="col">{t('fit.plan')}</th>
            <th scope="col" className="num">
              {t('fit.odds.pass')}
            </th>
            <th scope="col" className="num">
              {t('fit.odds.days')}
            </th>
            <th scope="col" className="num">
              {t('fit.odds.best')}
            </th>
            <th scope="col" className="num">
              {t('fit.odds.value')}
            </th>
            <th scope="col" className="num">
              {t('fit.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {answer.plans.map((p) => {
            const now = p.atCurrentRisk;
            const best = p.best;
            return (
              <tr key={p.planId}>
                <td className="num" data-label={t('fit.rank')}>
                  {p.rank ?? '—'}
                </td>
                <th scope="row">
                  {planName(p)}
                  <div className="muted">
                    {p.accountSize === null ? t('fit.anySize') : i18n.money(p.accountSize, p.currency)} ·{' '}
                    {p.phases === 0 ? t('fit.instant') : t('fit.phaseCount', { n: p.phases })}
                    {p.planStale && <span className="badge">{t('fit.stale')}</span>}
                  </div>
                </th>
                {now && best ? (
                  <>
                    <td className="num" data-label={t('fit.odds.pass')}>
                      {pct(now.passProbability)}
                      <div className="muted">
                        {t('fit.odds.interval', { low: pct(now.passInterval.low), high: pct(now.passInterval.high) })}
                      </div>
                    </td>
                    <td className="num" data-label={t('fit.odds.days')}>
                      {now.daysToPass === null ? '—' : t('fit.days', { n: now.daysToPass })}
                    </td>
                    <td className="num" data-label={t('fit.odds.best')}>
                      {t('fit.odds.bestText', { scale: i18n.number(best.riskScale, 2), pass: pct(best.passProbability) })}
                    </td>
                    <td className={now.expectedValue === null ? undefined : 'num'} data-label={t('fit.odds.value')}>
                      {now.expectedValue === null
                        ? t('fit.odds.valueUnknown', { rules: ruleWords(p.unknownPayoutRules, t) })
                        : i18n.money(now.expectedValue, p.currency)}
                    </td>
                  </>
                ) : (
                  <td colSpan={4} data-label={t('fit.unknown')}>
                    {t('fit.odds.notSimulated', { rules: ruleWords(p.unknownRules, t) })}
                  </td>
                )}
                <td className="num" data-label={t('fit.price')}>
                  {p.price === null ? '—' : i18n.money(p.price, p.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Plan fit's forward odds: the owner's traded days resampled for every plan the filters keep, at the current risk
 * and at each plan's best risk scale, ranked per unit of price (and saying by what).
 */
export function ForwardOdds({ filters }: { filters: Record<string, unknown> }) {
  const i18n = useI18n();
  const { t } = i18n;
  // Whole days with their trades: each plan's risk per trade is judged (a 400 naming method when a day has no trades).
  const [byTrades, setByTrades] = useState(false);
  const body = { ...filters, paths: PAGE_PATHS, ...(byTrades ? { method: 'trades' } : {}) };
  const odds = useQuery({
    queryKey: ['plan-fit', 'odds', body],
    queryFn: () => fitOwnPlans(body),
    retry: (n, e) => n < 2 && worthRetrying(e),
  });
  const noHistory = odds.error instanceof ApiError && odds.error.code === 'insufficient_history';
  const noTrades = odds.error instanceof ApiError && odds.error.errors.some((e) => e.field === 'method');
  return (
    <section className="card" aria-labelledby="fit-odds-h" data-testid="forward-odds">
      <h2 id="fit-odds-h">{t('fit.odds.title')}</h2>
      <p className="muted">{t('fit.odds.intro', { paths: i18n.number(PAGE_PATHS, 0) })}</p>
      <label className="check">
        <input type="checkbox" checked={byTrades} onChange={(e) => setByTrades(e.target.checked)} /> {t('fit.odds.byTrades')}
      </label>
      {odds.isPending ? (
        <Loading failures={odds.failureCount} />
      ) : noHistory ? (
        <Empty>{t('fit.odds.empty')}</Empty>
      ) : noTrades ? (
        <Empty>{t('fit.odds.noTrades')}</Empty>
      ) : odds.isError ? (
        <ErrorState error={odds.error} retry={worthRetrying(odds.error) ? () => void odds.refetch() : undefined} />
      ) : (
        <>
          <p className="muted" data-testid="fit-ranked-by">
            {t(odds.data.rankedBy === 'expectedValuePerPrice' ? 'fit.odds.byValue' : 'fit.odds.byPass')}
          </p>
          <OddsTable answer={odds.data} />
        </>
      )}
      <section aria-labelledby="fit-chart-h" className="value-chart-section">
        <h3 id="fit-chart-h">{t('fit.chart.heading')}</h3>
        {/* The chart's height is held while the odds load, so the page below does not jump when it is drawn. */}
        {odds.isSuccess ? <ValueCharts plans={odds.data.plans} /> : <div style={{ minHeight: VALUE_CHART_HEIGHT }} aria-hidden="true" />}
      </section>
    </section>
  );
}
