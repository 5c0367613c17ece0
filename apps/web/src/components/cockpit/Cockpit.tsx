import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { moneyText } from '@propfolio/coach';
import { useI18n, type I18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { QueryView } from '../states.js';
import { challengeName } from '../../lib/names.js';
import { groupsQuery, leastPercentLeft, todayItems, todayQuery, type TodayFloor, type TodayItem, type TodayRow } from './today.js';
import './cockpit.css';

/** The rules a row can name, worded as the headroom panel words them. */
const RULE_KEYS: Partial<Record<string, MessageKey>> = {
  dailyLoss: 'hr.rule.dailyLoss',
  maxLoss: 'hr.rule.maxLoss',
  timeLimit: 'hr.rule.timeLimit',
  consistency: 'hr.rule.consistency',
  weekendHolding: 'hr.rule.weekendHolding',
  hedging: 'hr.rule.hedging',
  maxRiskPerTrade: 'hr.rule.maxRiskPerTrade',
  crossAccountHedging: 'today.rule.crossAccountHedging',
};

/**
 * Today across every active EA account (get_portfolio_today), most at risk first: a table at desktop widths, one
 * card per account on a phone (the `card-rows` table). Every status is a word as well as a colour; each amount is in
 * its account's currency and none is added to another's.
 */
export function Cockpit() {
  const { t } = useI18n();
  const query = useQuery(todayQuery);
  // The groups fold their accounts into one line; without them (not loaded, or failed) every account is its own line.
  const groups = useQuery(groupsQuery);
  return (
    <section aria-labelledby="today-h" className={query.isPending ? 'cockpit cockpit-pending' : 'cockpit'} data-testid="cockpit">
      <h2 id="today-h">{t('today.title')}</h2>
      <QueryView query={query} isEmpty={(d) => d.accounts.length === 0} empty={t('today.empty')}>
        {(data) => (
          <>
            <p className="muted small">{t('today.note', { n: data.staleAfterMinutes })}</p>
            <TodayTable items={todayItems(data.accounts, groups.data?.groups ?? [])} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function TodayTable({ items }: { items: TodayItem[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="table-wrap">
      <table className="card-rows cockpit-table">
        <caption className="visually-hidden">{t('today.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('today.account')}</th>
            <th scope="col">{t('today.status')}</th>
            <th scope="col" className="num">
              {t('today.equity')}
            </th>
            <th scope="col" className="num">
              {t('today.daily')}
            </th>
            <th scope="col" className="num">
              {t('today.max')}
            </th>
            <th scope="col" className="num">
              {t('today.pnl')}
            </th>
            <th scope="col">{t('today.reset')}</th>
            <th scope="col">{t('today.positions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) =>
            item.kind === 'account' ? (
              <Row key={item.row.accountId} row={item.row} i18n={i18n} />
            ) : (
              <GroupRows key={item.id} group={item} i18n={i18n} />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A group as one line: its name and how many accounts, its most-at-risk account's status (named), and the smallest % left
 * to each floor among them (amounts are in each account's currency, so none is shown here). The name is a button
 * (aria-expanded) that opens the accounts' own lines beneath it.
 */
function GroupRows({ group, i18n }: { group: Extract<TodayItem, { kind: 'group' }>; i18n: I18n }) {
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const worst = group.rows[0];
  if (!worst) return null;
  const memberId = (row: TodayRow) => `today-member-${group.id}-${row.accountId}`;
  const least = (floor: 'daily' | 'max') => {
    const p = leastPercentLeft(group.rows, floor);
    if (p === null) return <span className="muted">—</span>;
    return (
      <>
        {t('today.percentLeft', { p: i18n.number(p) })}
        <div className="small muted">{t('today.group.least')}</div>
      </>
    );
  };
  const positions = group.rows.reduce((n, r) => n + r.positions.length, 0);
  return (
    <>
      <tr data-testid={`today-group-${group.id}`} className={`today-group today-${worst.status}`}>
        <th scope="row">
          <button
            type="button"
            className="today-group-toggle"
            aria-expanded={open}
            aria-controls={open ? group.rows.map(memberId).join(' ') : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true" className="today-group-caret">
              {open ? '▾' : '▸'}
            </span>
            <span className="today-label">{group.name}</span>
          </button>
          <div className="muted small today-plan">{t('today.group.members', { n: group.rows.length })}</div>
        </th>
        <td data-label={t('today.status')}>
          <span className={`badge today-badge today-badge-${worst.status}`}>{t(`today.status.${worst.status}`)}</span>
          <div className="small muted">{t('today.group.worst', { label: worst.label })}</div>
        </td>
        <td className="num today-group-none" aria-hidden="true" />
        <td className="num" data-label={t('today.daily')}>
          {least('daily')}
        </td>
        <td className="num" data-label={t('today.max')}>
          {least('max')}
        </td>
        <td className="num today-group-none" aria-hidden="true" />
        <td className="today-group-none" aria-hidden="true" />
        <td data-label={t('today.positions')}>
          {positions === 0 ? <span className="muted">{t('today.noPositions')}</span> : t('today.open', { n: positions })}
        </td>
      </tr>
      {open && group.rows.map((row) => <Row key={row.accountId} row={row} i18n={i18n} id={memberId(row)} />)}
    </>
  );
}

/** `id`: set on a group's account (its line then sits under the group's, indented). */
function Row({ row, i18n, id }: { row: TodayRow; i18n: I18n; id?: string }) {
  const { t } = i18n;
  const money = (amount: string) => moneyText(amount, row.currency, i18n.lang, { rounded: true });
  const signed = (amount: string) => (amount.startsWith('-') || /^0(\.0*)?$/.test(amount) ? money(amount) : `+${money(amount)}`);
  const plan =
    row.firm !== null && row.plan !== null
      ? `${challengeName({ firm: row.firm, plan: row.plan })} · ${row.phase ?? ''}`
      : t('today.unlinked');
  const rules = row.rules.map((r) => {
    const key = RULE_KEYS[r];
    return key ? t(key) : r;
  });
  return (
    <tr data-testid={`today-${row.accountId}`} id={id} className={`today-${row.status}${id === undefined ? '' : ' today-member'}`}>
      <th scope="row">
        <span className="today-label">{row.label}</span>
        <div className="muted small today-plan" title={plan}>
          {plan}
        </div>
      </th>
      <td data-label={t('today.status')}>
        <span className={`badge today-badge today-badge-${row.status}`}>{t(`today.status.${row.status}`)}</span>
        {rules.length > 0 && <div className="small">{rules.join(', ')}</div>}
        <Hedges row={row} i18n={i18n} />
        {row.status === 'stale' && <div className="small muted">{ageText(row.ageMinutes, t)}</div>}
      </td>
      <td className="num" data-label={t('today.equity')}>
        {row.equity === null ? '—' : money(row.equity)}
        {row.status !== 'stale' && <div className="small muted">{ageText(row.ageMinutes, t)}</div>}
      </td>
      <td className="num" data-label={t('today.daily')}>
        <FloorLeft floor={row.daily} money={money} i18n={i18n} />
      </td>
      <td className="num" data-label={t('today.max')}>
        <FloorLeft floor={row.max} money={money} i18n={i18n} />
      </td>
      <td className="num" data-label={t('today.pnl')}>
        <span className={row.closedPnl.startsWith('-') ? 'neg' : 'pos'}>{t('today.closed', { amount: signed(row.closedPnl) })}</span>
        {row.floatingPnl !== null && (
          <div className={`small ${row.floatingPnl.startsWith('-') ? 'neg' : 'pos'}`}>
            {t('today.floating', { amount: signed(row.floatingPnl) })}
          </div>
        )}
      </td>
      <td data-label={t('today.reset')}>
        <Reset row={row} i18n={i18n} />
      </td>
      <td data-label={t('today.positions')}>
        <Positions row={row} i18n={i18n} />
      </td>
    </tr>
  );
}

/** Opposite positions with another of the trader's accounts at a firm that forbids it: a rule (amber), naming the other. */
function Hedges({ row, i18n }: { row: TodayRow; i18n: I18n }) {
  const { t } = i18n;
  if (row.crossAccount.length === 0) return null;
  return (
    <ul className="small today-hedges" data-testid={`today-hedges-${row.accountId}`}>
      {row.crossAccount.map((h) => (
        <li key={`${h.position}-${h.otherPosition}`}>
          {t('today.hedge', { symbol: h.symbol, other: h.otherAccount })}{' '}
          <a
            href={h.source.url}
            target="_blank"
            rel="noreferrer noopener"
            className="muted"
            title={t('today.hedgeWhy', { firm: h.firm, readOn: h.source.readOn })}
          >
            {t('today.hedgeSource')}
          </a>
        </li>
      ))}
    </ul>
  );
}

function FloorLeft({ floor, money, i18n }: { floor: TodayFloor; money: (amount: string) => string; i18n: I18n }) {
  if (floor.left === null) return <span className="muted">—</span>;
  return (
    <>
      <span className={floor.left.startsWith('-') ? 'neg' : undefined}>{money(floor.left)}</span>
      {floor.leftPercent !== null && (
        <div className="small muted">{i18n.t('today.percentLeft', { p: i18n.number(floor.leftPercent) })}</div>
      )}
    </>
  );
}

/** The next reset in the firm's clock (its zone named in words), then in the viewer's, and how long until it. */
function Reset({ row, i18n }: { row: TodayRow; i18n: I18n }) {
  const { t } = i18n;
  if (row.reset.at === null) return <span className="muted">—</span>;
  const at = new Date(row.reset.at);
  const minutes = Math.max(0, Math.round((at.getTime() - Date.now()) / 60_000));
  return (
    <>
      <span className="today-reset">{resetClock(i18n.lang, at, row.reset.timeZone ?? 'UTC')}</span>
      <div className="small muted today-reset-viewer">
        {t('today.resetViewer', { time: resetClock(i18n.lang, at) })} ·{' '}
        {t('today.resetIn', { h: Math.floor(minutes / 60), m: minutes % 60 })}
      </div>
    </>
  );
}

/** "Mon 00:00 Czechia Time" in a zone (named in words), or "Sun 23:00" in the viewer's own clock. */
function resetClock(lang: I18n['lang'], at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZoneName: 'shortGeneric' as const }),
  }).format(at);
}

function Positions({ row, i18n }: { row: TodayRow; i18n: I18n }) {
  const { t } = i18n;
  if (row.positions.length === 0) return <span className="muted">{t('today.noPositions')}</span>;
  return (
    <details className="today-positions">
      <summary>
        {t('today.open', { n: row.positions.length })}
        {row.noStop > 0 && <span className="badge today-badge today-badge-nostop">{t('today.noStop', { n: row.noStop })}</span>}
      </summary>
      <ul>
        {row.positions.map((p) => (
          <li key={p.position}>
            {p.symbol} {t(`today.side.${p.side}`)} {i18n.number(Number(p.volume), 3)}
            {' · '}
            {p.stopLoss === null ? <strong className="neg">{t('today.withoutStop')}</strong> : t('today.stop', { price: p.stopLoss })}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ageText(minutes: number | null, t: I18n['t']): string {
  if (minutes === null) return t('today.noSnapshot');
  if (minutes < 60) return t('today.ageMinutes', { n: minutes });
  return t('today.ageHours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
