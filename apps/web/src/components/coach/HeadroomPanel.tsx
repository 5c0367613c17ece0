import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import type { ChallengeHeadroom, Headroom, HeadroomReason, HeadroomStatus } from '../../lib/coach.js';
import { useI18n, type I18n } from '../../i18n/i18n.js';
import { en, type MessageKey } from '../../i18n/en.js';
import { Empty } from '../states.js';
import { Gauge, type GaugeTone } from './Gauge.js';
import { PlanChecked } from './PlanChecked.js';

const toneOf = (left: number | null, leftPercent: number | null, threshold: number): GaugeTone =>
  left === null ? 'unknown' : left < 0 ? 'breached' : leftPercent !== null && leftPercent < threshold * 100 ? 'warning' : 'ok';

export function StatusBadge({ status }: { status: HeadroomStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge headroom-${status}`} data-testid="headroom-status">
      {t(`hr.status.${status}`)}
    </span>
  );
}

/** A reason in the reader's language, by its stable code, the figures it names formatted for the reader. */
const MONEY_VALUES = new Set(['left', 'floor', 'lowestEquity', 'equity', 'floorAfterReset', 'bestDayProfit', 'profitStillNeeded']);
const DATE_VALUES = new Set(['day', 'startedOn', 'bestDay']);

function reasonText(i18n: I18n, reason: HeadroomReason, h: Headroom): string | null {
  const key = `hr.code.${reason.code}` as MessageKey;
  if (!(key in en)) return null;
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
    else if (k === 'asOf' && typeof v === 'string') vars[k] = i18n.dateTime(v);
    else vars[k] = typeof v === 'number' ? i18n.number(v) : v;
  }
  // A rule without a stated source reads as the plan's.
  return i18n.t(key, { source: i18n.t('hr.src.plan'), Source: i18n.t('hr.src.Plan'), ...vars });
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
  const valueText =
    d.left === null || d.limit === null
      ? t('hr.unknownRule')
      : d.left < 0
        ? t('hr.overBy', { amount: m(-d.left) })
        : t('hr.leftOf', { left: m(d.left), limit: m(d.limit) });
  return (
    <Gauge
      title={t('hr.dailyLoss')}
      left={d.left}
      limit={d.limit}
      valueText={valueText}
      tone={toneOf(d.left, d.leftPercent, threshold)}
      testId="gauge-daily"
    >
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
        {d.reference && (
          <div>
            <dt>{t(`hr.ref.${d.reference.kind}`)}</dt>
            <dd>{m(d.reference.level)}</dd>
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
  const valueText =
    x.left === null || x.limit === null
      ? t('hr.unknownRule')
      : x.left < 0
        ? t('hr.overBy', { amount: m(-x.left) })
        : t('hr.leftOf', { left: m(x.left), limit: m(x.limit) });
  return (
    <Gauge
      title={t('hr.maxLoss')}
      left={x.left}
      limit={x.limit}
      valueText={valueText}
      tone={toneOf(x.left, x.leftPercent, threshold)}
      testId="gauge-max"
    >
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
      {nextReset.leftAfterReset !== null && (
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
            {t('hr.stale', { basedOn: headroom.stale.basedOn, asOf: i18n.dateTime(headroom.stale.asOf) })}
          </p>
        )}
        <div className="gauges">
          <DailyGauge h={headroom} threshold={threshold} />
          <MaxGauge h={headroom} threshold={threshold} />
        </div>
        <Progress h={headroom} />
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
