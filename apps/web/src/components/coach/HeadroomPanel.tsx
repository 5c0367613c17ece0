import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Breach } from '@propfolio/coach';
import type { ChallengeHeadroom, Headroom, HeadroomReason, HeadroomStatus } from '../../lib/coach.js';
import { useI18n, type I18n, type PluralBase } from '../../i18n/i18n.js';
import { en, type MessageKey } from '../../i18n/en.js';
import { Empty } from '../states.js';
import { Gauge, type GaugeTone } from './Gauge.js';
import { PlanChecked } from './PlanChecked.js';

const toneOf = (left: number | null, leftPercent: number | null, threshold: number, breach: Breach | null = null): GaugeTone =>
  breach || (left !== null && left < 0)
    ? 'breached'
    : left === null
      ? 'unknown'
      : leftPercent !== null && leftPercent < threshold * 100
        ? 'warning'
        : 'ok';

/** The floor a gauge's rule crossed in the attempt, read loosely: an answer from before the field carries none. */
const breachOf = (part: object): Breach | null => (part as { breach?: Breach | null }).breach ?? null;

/**
 * The headline of a crossed floor, in the firm's clock (the day is the firm's): "Breached at 14:03 by $190.45" on
 * the day it happened, with the date on a later day. Once a floor is crossed the room above it no longer matters.
 */
export function breachHeadline(i18n: I18n, b: Breach, today: string | null, currency: string): string {
  const amount = i18n.moneyRounded(b.by, currency);
  const time = b.atLocal?.slice(11, 16) ?? null;
  if (time === null) return i18n.t('hr.breachedOn', { date: i18n.date(b.day), amount });
  return b.day === today ? i18n.t('hr.breachedAt', { time, amount }) : i18n.t('hr.breachedOnAt', { date: i18n.date(b.day), time, amount });
}

/** The breach's instant as a machine-readable time, titled with the firm's offset the headline's clock is in. */
function BreachTime({ breach }: { breach: Breach }) {
  const { t } = useI18n();
  if (breach.at === null || breach.atLocal === null) return null;
  return (
    <time dateTime={breach.at} className="visually-hidden" data-testid="breach-at">
      {t('hr.breachTime', { offset: breach.atLocal.slice(19) || 'Z' })}
    </time>
  );
}

export function StatusBadge({ status }: { status: HeadroomStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge headroom-${status}`} data-testid="headroom-status">
      {t(`hr.status.${status}`)}
    </span>
  );
}

/** A reason in the reader's language, by its stable code, the figures it names formatted for the reader. */
const MONEY_VALUES = new Set([
  'left',
  'floor',
  'lowestEquity',
  'equity',
  'floorAfterReset',
  'bestDayProfit',
  'profitStillNeeded',
  'loss',
  'lossAtStop',
  'limit',
  'by',
]);
const DATE_VALUES = new Set(['day', 'startedOn', 'bestDay']);
const INSTANT_VALUES = new Set(['asOf', 'weekendClose', 'at']);

function reasonText(i18n: I18n, reason: HeadroomReason, h: Headroom): string | null {
  const key = `hr.code.${reason.code}` as MessageKey;
  // a reason that counts (positions, trades, pairs) has plural forms: `${key}.one` / `.other`
  const counted = typeof reason.values.count === 'number' && `${key}.other` in en;
  if (!(key in en) && !counted) return null;
  const values = reason.values;
  const currency = typeof values.currency === 'string' ? values.currency : h.currency;
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null) vars[k] = i18n.t('common.none');
    else if (k === 'source' && (v === 'plan' || v === 'challenge')) {
      vars.source = i18n.t(`hr.src.${v}`);
      vars.Source = i18n.t(v === 'plan' ? 'hr.src.Plan' : 'hr.src.Challenge');
    } else if (k === 'of' && (v === 'profit_target' || v === 'total_profit')) vars.of = i18n.t(`hr.of.${v}`);
    else if (MONEY_VALUES.has(k) && typeof v === 'number') vars[k] = i18n.moneyRounded(v, currency);
    else if (DATE_VALUES.has(k) && typeof v === 'string') vars[k] = i18n.date(v);
    else if (INSTANT_VALUES.has(k) && typeof v === 'string') vars[k] = i18n.dateTime(v);
    else vars[k] = typeof v === 'number' ? i18n.number(v) : v;
  }
  // A rule without a stated source reads as the plan's.
  const withSource = { source: i18n.t('hr.src.plan'), Source: i18n.t('hr.src.Plan'), ...vars };
  return counted ? i18n.tn(key as PluralBase, Number(reason.values.count), withSource) : i18n.t(key, withSource);
}

/** The older wording by rule and kind, for a code this page does not know yet (a newer server). */
function reasonKey(reason: HeadroomReason, h: Headroom): MessageKey {
  if (reason.rule === 'data') return 'hr.reason.stale';
  if (reason.rule === 'consistency' && reason.kind === 'info')
    return h.consistency === null ? 'hr.reason.consistencyUnknown' : 'hr.reason.consistencyFails';
  if (reason.rule === 'timeLimit' && reason.kind === 'breached') return 'hr.reason.timeLimit';
  return `hr.reason.${reason.kind}`;
}

function ReasonItem({ reason, headroom }: { reason: HeadroomReason; headroom: Headroom }) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const text = reasonText(i18n, reason, headroom);
  return (
    <li className={`reason reason-${reason.kind}`} data-code={reason.code}>
      <span className={`badge headroom-${reason.kind === 'info' || reason.kind === 'stale' ? 'unknown' : reason.kind}`}>
        {t(`hr.kind.${reason.kind}`)}
      </span>{' '}
      {text !== null || lang === 'en' ? (
        <span>{text ?? reason.message}</span>
      ) : (
        <span>
          {t(reasonKey(reason, headroom), { rule: t(`hr.rule.${reason.rule}`) })}
          <details className="reason-detail">
            <summary>{t('hr.reasonOriginal')}</summary>
            <span lang="en">{reason.message}</span>
          </details>
        </span>
      )}
    </li>
  );
}

/** "(from plan X checked on D)" or "(your rule)" for one rule. */
export function provenanceText(
  i18n: I18n,
  p: { source: 'challenge' | 'plan' | 'unknown'; planId: string | null; checkedOn: string | null },
): string {
  if (p.source === 'challenge') return i18n.t('rules.fromYou');
  if (p.source === 'plan') return i18n.t('rules.fromPlan', { plan: p.planId ?? '', date: i18n.date(p.checkedOn) });
  return i18n.t('rules.fromNowhere');
}

function DailyGauge({ h, threshold }: { h: Headroom; threshold: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const d = h.dailyLoss;
  const m = (v: number) => i18n.moneyRounded(v, h.currency);
  const breach = breachOf(d);
  const reference = d.reference;
  // Read loosely: an answer from before the field does not say whether the reference is an estimate.
  const estimated = (reference as { accuracy?: string } | null)?.accuracy === 'estimated';
  const valueText = breach
    ? breachHeadline(i18n, breach, d.day?.day ?? null, h.currency)
    : d.left === null || d.limit === null
      ? t('hr.unknownRule')
      : d.left < 0
        ? t('hr.overBy', { amount: m(-d.left) })
        : t('hr.leftOf', { left: m(d.left), limit: m(d.limit) });
  return (
    <Gauge
      title={t('hr.dailyLoss')}
      left={breach ? 0 : d.left}
      limit={d.limit}
      valueText={valueText}
      tone={toneOf(d.left, d.leftPercent, threshold, breach)}
      testId="gauge-daily"
    >
      {breach && <BreachTime breach={breach} />}
      <dl className="gauge-facts">
        {d.floor !== null && (
          <div>
            <dt>{t('hr.floor')}</dt>
            <dd data-testid="daily-floor">{m(d.floor)}</dd>
          </div>
        )}
        {d.used !== null && (
          <div>
            <dt>{t('hr.used')}</dt>
            <dd>{m(d.used)}</dd>
          </div>
        )}
        {d.lowestLeft !== null && (
          <div>
            <dt>{t('hr.lowestLeft')}</dt>
            <dd>{m(d.lowestLeft)}</dd>
          </div>
        )}
        {reference && (
          <div>
            <dt>{t(`hr.ref.${reference.kind}`)}</dt>
            <dd data-testid="daily-reference">
              {m(reference.level)}
              {estimated && ` (${t('hr.refEstimated')})`}
            </dd>
          </div>
        )}
        {d.day && (
          <div>
            <dt>{t('hr.resetsAt')}</dt>
            <dd>
              <time dateTime={d.day.endUtc}>{i18n.dateTime(d.day.endUtc)}</time>
            </dd>
          </div>
        )}
      </dl>
    </Gauge>
  );
}

function MaxGauge({ h, threshold }: { h: Headroom; threshold: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const x = h.maxLoss;
  const m = (v: number) => i18n.moneyRounded(v, h.currency);
  const breach = breachOf(x);
  const valueText = breach
    ? breachHeadline(i18n, breach, h.dailyLoss.day?.day ?? null, h.currency)
    : x.left === null || x.limit === null
      ? t('hr.unknownRule')
      : x.left < 0
        ? t('hr.overBy', { amount: m(-x.left) })
        : t('hr.leftOf', { left: m(x.left), limit: m(x.limit) });
  return (
    <Gauge
      title={t('hr.maxLoss')}
      left={breach ? 0 : x.left}
      limit={x.limit}
      valueText={valueText}
      tone={toneOf(x.left, x.leftPercent, threshold, breach)}
      testId="gauge-max"
    >
      {breach && <BreachTime breach={breach} />}
      <dl className="gauge-facts">
        {x.floor !== null && (
          <div>
            <dt>{t('hr.floor')}</dt>
            <dd data-testid="max-floor">{m(x.floor)}</dd>
          </div>
        )}
        {x.type && (
          <div>
            <dt>{t('hr.type')}</dt>
            <dd>{t(`hr.maxType.${x.type}`)}</dd>
          </div>
        )}
        {x.highWaterMark !== null && x.type !== 'static' && (
          <div>
            <dt>{t('hr.highWaterMark')}</dt>
            <dd>{m(x.highWaterMark)}</dd>
          </div>
        )}
        {x.lockedAt !== null && (
          <div>
            <dt>{x.locked ? t('hr.locked') : t('hr.locksAt')}</dt>
            <dd>{m(x.lockedAt)}</dd>
          </div>
        )}
      </dl>
    </Gauge>
  );
}

function Progress({ h }: { h: Headroom }) {
  const i18n = useI18n();
  const { t } = i18n;
  const m = (v: number) => i18n.moneyRounded(v, h.currency);
  const { target, tradingDays, nextReset, consistency } = h;
  return (
    <dl className="facts headroom-facts">
      <div>
        <dt>{t('hr.target')}</dt>
        <dd data-testid="target">
          {target.level === null || target.remaining === null
            ? t('hr.unknownRule')
            : t('hr.targetText', { remaining: m(target.remaining), level: m(target.level), done: i18n.number(target.percentDone ?? 0, 1) })}
        </dd>
      </div>
      <div>
        <dt>{t('hr.tradingDays')}</dt>
        <dd>
          {tradingDays.required === null
            ? t('hr.daysDoneOnly', { done: tradingDays.done })
            : t('hr.daysDone', { done: tradingDays.done, required: tradingDays.required })}
          {tradingDays.timeLimitDaysLeft !== null && ` · ${t('hr.daysLeft', { n: tradingDays.timeLimitDaysLeft })}`}
        </dd>
      </div>
      {/* After a crossed floor the attempt is over: no room after the reset is shown as if trading went on. */}
      {nextReset.leftAfterReset !== null && !breachOf(h) && (
        <div>
          <dt>{t('hr.afterReset')}</dt>
          <dd className={nextReset.leftAfterReset < 0 ? 'neg' : undefined}>
            {t('hr.afterResetText', { left: m(nextReset.leftAfterReset), floating: m(nextReset.carriedFloating) })}
          </dd>
        </div>
      )}
      {consistency && (
        <div>
          <dt>{t('hr.consistency')}</dt>
          <dd>
            {consistency.holds === null
              ? t('hr.unknownRule')
              : consistency.holds
                ? t('hr.consistencyHolds', { best: m(consistency.bestDayProfit) })
                : consistency.profitStillNeeded !== null
                  ? t('hr.consistencyNeeds', { best: m(consistency.bestDayProfit), needed: m(consistency.profitStillNeeded) })
                  : t('hr.consistencyFails', { best: m(consistency.bestDayProfit) })}
          </dd>
        </div>
      )}
    </dl>
  );
}

type TradeRules = NonNullable<Headroom['tradeRules']>;
type TradeRef = TradeRules['bestDay']['trades'][number];
type FindingStatus = TradeRules['hedging']['status'];

/** A finding's badge: its status, or "not judged" when the plan does not state the rule. */
function FindingBadge({ status }: { status: FindingStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge headroom-${status ?? 'unknown'}`}>{status === null ? t('hr.tr.notJudged') : t(`hr.status.${status}`)}</span>
  );
}

/** One trade named as a trader finds it in the terminal: position id, symbol, side and lots, opened and closed. */
function TradeLine({ trade, children }: { trade: TradeRef; children?: ReactNode }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <li>
      #{trade.position} {trade.symbol} {t(trade.side === 'buy' ? 'tr.buy' : 'tr.sell')} {i18n.number(trade.volume)}
      <span className="muted">
        {' · '}
        <time dateTime={trade.openedAt}>{i18n.dateTime(trade.openedAt)}</time> –{' '}
        <time dateTime={trade.closedAt}>{i18n.dateTime(trade.closedAt)}</time>
      </span>
      {children}
    </li>
  );
}

/** The rule as the plan states it: banned, allowed, or not stated. */
const permissionKey = (rule: TradeRules['hedging']['rule']) =>
  rule === 'banned' ? 'hr.tr.banned' : rule === 'allowed' ? 'hr.tr.allowed' : 'hr.tr.unstated';

/**
 * The rules judged on closed trades (weekend holding, hedging, risk per trade, the best day by trade), each
 * with its status and the trades that decided it; lists open on their own when a rule is broken or near.
 */
function TradeRulesFacts({ h, r }: { h: Headroom; r: TradeRules }) {
  const i18n = useI18n();
  const { t } = i18n;
  const m = (v: number) => i18n.moneyRounded(v, h.currency);
  const flagged = (status: FindingStatus) => status === 'breached' || status === 'warning';
  const { weekendHolding: w, hedging: hg, maxRiskPerTrade: risk, bestDay: best } = r;
  return (
    <section className="trade-rules" data-testid="trade-rules">
      <h3 className="sub-h">{t('hr.tr.title')}</h3>
      <p className="muted small">
        {t('hr.tr.read', { n: r.tradesRead })}{' '}
        {risk.openAsOf === null ? t('hr.tr.openNotJudged') : t('hr.tr.openAsOf', { at: i18n.dateTime(risk.openAsOf) })}
      </p>
      <ul className="reasons">
        <li data-testid="tr-weekend">
          <strong>{t('hr.rule.weekendHolding')}</strong> <FindingBadge status={w.status} /> {t(permissionKey(w.rule))} ·{' '}
          {t('hr.tr.weekendFound', { n: w.count })}
          {w.trades.length > 0 && (
            <details open={flagged(w.status)}>
              <summary>{t('hr.tr.trades')}</summary>
              <ul className="small">
                {w.trades.map((trade) => (
                  <TradeLine key={trade.position} trade={trade}>
                    {' · '}
                    {t('hr.tr.across', { at: i18n.dateTime(trade.weekendClose) })}
                  </TradeLine>
                ))}
              </ul>
            </details>
          )}
        </li>
        <li data-testid="tr-hedging">
          <strong>{t('hr.rule.hedging')}</strong> <FindingBadge status={hg.status} /> {t(permissionKey(hg.rule))} ·{' '}
          {t('hr.tr.hedgeFound', { n: hg.count })}
          {hg.pairs.length > 0 && (
            <details open={flagged(hg.status)}>
              <summary>{t('hr.tr.trades')}</summary>
              <ul className="small">
                {hg.pairs.map(([a, b]) => (
                  <li key={`${a.position}-${b.position}`}>
                    <ul className="small">
                      <TradeLine trade={a} />
                      <TradeLine trade={b} />
                    </ul>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
        <li data-testid="tr-risk">
          <strong>{t('hr.rule.maxRiskPerTrade')}</strong> <FindingBadge status={risk.status} />{' '}
          {risk.percent === null || risk.limit === null
            ? t('hr.tr.unstated')
            : t('hr.tr.riskText', { limit: m(risk.limit), percent: i18n.number(risk.percent), n: risk.count })}
          {risk.trades.length > 0 && (
            <details open={flagged(risk.status)}>
              <summary>{t('hr.tr.trades')}</summary>
              <ul className="small">
                {risk.trades.map((trade) => (
                  <TradeLine key={trade.position} trade={trade}>
                    {' · '}
                    <span className={trade.status === 'breached' ? 'neg' : undefined}>{t('hr.tr.lost', { amount: m(trade.loss) })}</span>
                  </TradeLine>
                ))}
              </ul>
            </details>
          )}
          {risk.open.length > 0 && (
            <details open data-testid="tr-risk-open">
              <summary>{t('hr.tr.openPositions', { n: risk.openCount })}</summary>
              <ul className="small">
                {risk.open.map((position) => (
                  <li key={position.position}>
                    #{position.position} {position.symbol} {t(position.side === 'buy' ? 'tr.buy' : 'tr.sell')}{' '}
                    {i18n.number(position.volume)}
                    <span className="muted">
                      {' · '}
                      <time dateTime={position.openedAt}>{i18n.dateTime(position.openedAt)}</time>
                    </span>
                    {' · '}
                    <span className={position.status === 'breached' ? 'neg' : undefined}>
                      {position.lossAtStop === null ? t('hr.tr.noStop') : t('hr.tr.atStop', { amount: m(position.lossAtStop) })}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
        <li data-testid="tr-best-day">
          <strong>{t('hr.tr.bestDay')}</strong> {best.status !== null && <FindingBadge status={best.status} />}{' '}
          {best.day === null
            ? t('hr.tr.noBestDay')
            : t('hr.tr.bestDayText', {
                day: i18n.date(best.day),
                profit: m(best.profit),
                share: best.sharePercent === null ? t('common.none') : i18n.number(best.sharePercent, 1),
              })}
          {best.maxPercent !== null && ` ${t('hr.tr.bestDayMax', { max: i18n.number(best.maxPercent) })}`}
          {best.trades.length > 0 && (
            <details open={flagged(best.status)}>
              <summary>{t('hr.tr.trades')}</summary>
              <ul className="small">
                {best.trades.map((trade) => (
                  <TradeLine key={trade.position} trade={trade}>
                    {' · '}
                    <span className={trade.net < 0 ? 'neg' : undefined}>{m(trade.net)}</span>
                  </TradeLine>
                ))}
              </ul>
            </details>
          )}
        </li>
      </ul>
    </section>
  );
}

/** True when no rule is known from anywhere: nothing to judge until a plan is linked or rules are entered. */
export const noRules = (rules: ChallengeHeadroom['rules']) =>
  rules.planId === null && Object.values(rules.provenance).every((p) => p.source === 'unknown');

/** An account's headroom: status, reasons, the two gauges, the target and the days; or why there is none yet. */
export function HeadroomPanel({
  headroom,
  rules,
  challengeId,
  heading,
}: {
  headroom: Headroom | null;
  rules: ChallengeHeadroom['rules'];
  challengeId: string;
  heading: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const headingId = useId();
  const rulesLink = (
    <Link to="/challenges/$id" params={{ id: challengeId }} hash="rules">
      {t('hr.enterRules')}
    </Link>
  );
  let body;
  if (noRules(rules))
    body = (
      <Empty>
        {t('hr.emptyRules')} {rulesLink}
      </Empty>
    );
  else if (!headroom || headroom.stale.asOf === null)
    body = (
      <Empty>
        {t('hr.emptyData')}{' '}
        <Link to="/pnl" hash="statement-import">
          {t('imp.title')}
        </Link>{' '}
        ·{' '}
        <Link to="/pnl" hash="ea-integration">
          {t('ea.panel')}
        </Link>
      </Empty>
    );
  else {
    const threshold = headroom.warningThreshold;
    body = (
      <>
        <p className="headroom-line">
          <StatusBadge status={headroom.status} /> <span className="muted">{t('hr.asOf', { at: i18n.dateTime(headroom.at) })}</span>
        </p>
        {headroom.stale.isStale && (
          <p className="notice" role="note" data-testid="stale-notice">
            {t(`hr.stale.${headroom.stale.source}`, { asOf: i18n.dateTime(headroom.stale.asOf), day: i18n.date(headroom.stale.day) })}
          </p>
        )}
        <div className="gauges">
          <DailyGauge h={headroom} threshold={threshold} />
          <MaxGauge h={headroom} threshold={threshold} />
        </div>
        <Progress h={headroom} />
        {headroom.tradeRules && <TradeRulesFacts h={headroom} r={headroom.tradeRules} />}
        {headroom.reasons.length > 0 && (
          <>
            <h3 className="sub-h">{t('hr.reasons')}</h3>
            <ul className="reasons" data-testid="reasons">
              {headroom.reasons.map((r, i) => (
                <ReasonItem key={i} reason={r} headroom={headroom} />
              ))}
            </ul>
          </>
        )}
        <p className="muted small">
          {rules.planId
            ? t(Object.values(rules.provenance).some((p) => p.source === 'challenge') ? 'hr.rulesFromMixed' : 'hr.rulesFrom', {
                plan: rules.planId,
                date: i18n.date(rules.planCheckedOn),
              })
            : t('hr.rulesOwn')}{' '}
          {rulesLink}
        </p>
      </>
    );
  }
  return (
    <section className="card headroom" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <PlanChecked facts={rules} />
      {body}
    </section>
  );
}
