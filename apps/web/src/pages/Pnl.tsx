import { useEffect, useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import type { Account } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, SelectField } from '../components/Field.js';
import { Reveal } from '../components/Reveal.js';
import { Empty, FormError, Loading, QueryView } from '../components/states.js';
import { PnlCharts, type Level } from '../components/PnlCharts.js';
import { COLORS } from '../components/Chart.js';
import { EaIntegration } from '../components/EaIntegration.js';
import { HeadroomPanel } from '../components/coach/HeadroomPanel.js';
import { PassProbability } from '../components/coach/PassProbability.js';
import { StatementImport } from '../components/coach/StatementImport.js';
import { TradeCheck } from '../components/check-trade/TradeCheck.js';
import { Cockpit } from '../components/cockpit/Cockpit.js';
import { AccountGroups } from '../components/groups/AccountGroups.js';
import { useDailyFloorLine } from '../components/coach/daily-floors.js';
import { accountHeadroom, useChallengeHeadroom } from '../lib/headroom.js';
import type { Headroom } from '../lib/coach.js';
import { accountLabel, challengeLabel, challengeName } from '../lib/names.js';
import { MIN_HISTORY_DAYS } from '@propfolio/coach';
import { accountPlatform, platformLabel, platformName, PLATFORMS } from '../lib/platforms.js';

const RANGES = [7, 30, 90, 365] as const;
/** The days read to tell whether the simulation has history enough (the longest daily-pnl window). */
const HISTORY_WINDOW_DAYS = 366;

function AccountsTable({
  accounts,
  selected,
  onSelect,
}: {
  accounts: Account[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="table-wrap">
      <table className="card-rows">
        <thead>
          <tr>
            <th scope="col">{t('pnl.select')}</th>
            <th scope="col">{t('ea.challenge')}</th>
            <th scope="col">{t('pf.platform')}</th>
            <th scope="col" className="num">
              {t('pnl.balance')}
            </th>
            <th scope="col" className="num">
              {t('pnl.pnl')}
            </th>
            <th scope="col" className="num">
              {t('pnl.pnlPercent')}
            </th>
            <th scope="col">{t('pnl.lastReport')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} aria-selected={a.id === selected} className={a.id === selected ? 'selected' : undefined}>
              <th scope="row">
                <button type="button" className="link-button" aria-pressed={a.id === selected} onClick={() => onSelect(a.id)}>
                  {a.name ?? a.login}
                </button>
                <div className="muted">
                  {a.login} @ {a.server}
                  {a.archived && <span className="badge archived">{t('ch.archived')}</span>}
                </div>
              </th>
              <td data-label={t('ea.challenge')}>
                {a.challenge ? `${challengeName(a.challenge)} (${a.challenge.phase})` : t('common.none')}
              </td>
              <td data-label={t('pf.platform')}>{platformLabel(accountPlatform(a), t('pf.other'), t('pf.unknown'))}</td>
              <td className="num" data-label={t('pnl.balance')}>
                {i18n.money(a.balance, a.currency)}
              </td>
              <td className={`num ${a.pnl < 0 ? 'neg' : 'pos'}`} data-label={t('pnl.pnl')}>
                {i18n.money(a.pnl, a.currency)}
              </td>
              <td className={`num ${a.pnlPercent < 0 ? 'neg' : 'pos'}`} data-label={t('pnl.pnlPercent')}>
                {i18n.percent(a.pnlPercent)}
              </td>
              <td data-label={t('pnl.lastReport')}>{i18n.date(a.lastReportOn)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The flat rule levels of the balance chart: the max-loss floor and the target (the daily floor moves by day: useDailyFloorLine). */
function useLevels(headroom: Headroom | null): Level[] {
  const { t } = useI18n();
  return useMemo(() => {
    if (!headroom) return [];
    const levels: Level[] = [];
    if (headroom.maxLoss.floor !== null) levels.push({ label: t('hr.maxFloor'), value: headroom.maxLoss.floor, color: COLORS.maxFloor });
    if (headroom.target.level !== null) levels.push({ label: t('hr.targetLine'), value: headroom.target.level, color: COLORS.target });
    return levels;
  }, [headroom, t]);
}

/**
 * Link an account the tracker registered on its own (it knows the login, not the challenge) to one of the owner's
 * open challenges, name it and record its platform (update_account). A failed challenge or an archived account is
 * refused by the server.
 */
function AccountSettings({ account }: { account: Account }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const challenges = useQuery({ queryKey: ['challenges', 'all'], queryFn: () => allPages('/challenges', { status: 'all' }) });
  const open = (challenges.data ?? []).filter((c) => c.status !== 'failed');
  const [challengeId, setChallengeId] = useState(account.challenge?.id ?? '');
  const [name, setName] = useState(account.name ?? '');
  const recorded = accountPlatform(account);
  const [platform, setPlatform] = useState<string>(recorded ?? '');
  const update = useMutation({
    mutationFn: (body: { challengeId?: string; name?: string; platform?: string }) => app.patch(`/accounts/${account.id}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['headroom'] });
      void client.invalidateQueries({ queryKey: ['challenge'] });
    },
  });
  return (
    <form
      className="inline-form account-settings"
      aria-label={t('pnl.accountSettings')}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({
          ...(challengeId && challengeId !== account.challenge?.id ? { challengeId } : {}),
          ...(name.trim() && name.trim() !== (account.name ?? '') ? { name: name.trim() } : {}),
          ...(platform && platform !== recorded ? { platform } : {}),
        });
      }}
    >
      <SelectField label={t('pnl.linkChallenge')} value={challengeId} onChange={(e) => setChallengeId(e.target.value)}>
        <option value="">{account.challenge ? t('common.none') : t('pnl.chooseChallenge')}</option>
        {open.map((c) => (
          <option key={c.id} value={c.id}>
            {challengeLabel(c, open)} ({c.phase})
          </option>
        ))}
      </SelectField>
      <Field label={t('pnl.accountName')} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <SelectField label={t('pf.platform')} value={platform} onChange={(e) => setPlatform(e.target.value)}>
        {recorded === null && <option value="">{t('pf.unknown')}</option>}
        {PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {platformName(p, t('pf.other'))}
          </option>
        ))}
      </SelectField>
      <button type="submit" disabled={update.isPending}>
        {t('common.save')}
      </button>
      <FormError error={update.error} />
      {update.isSuccess && (
        <p role="status" className="ok">
          {t('ch.saved')}
        </p>
      )}
    </form>
  );
}

/** The coach for one account: its challenge's rules applied to it, and its odds of passing. */
function AccountCoach({ account }: { account: Account }) {
  const { t } = useI18n();
  const challengeId = account.challenge?.id;
  const headroom = useChallengeHeadroom(challengeId);
  const history = useQuery({
    queryKey: ['daily-pnl', account.id, HISTORY_WINDOW_DAYS],
    queryFn: () => app.get(`/accounts/${account.id}/daily-pnl`, { days: HISTORY_WINDOW_DAYS }),
    enabled: challengeId !== undefined && !account.archived,
  });
  if (!challengeId)
    return (
      <section className="card" aria-labelledby="coach-h">
        <h2 id="coach-h">{t('hr.title')}</h2>
        <Empty>{account.archived ? t('hr.archived') : t('pnl.notLinked')}</Empty>
        {!account.archived && <AccountSettings account={account} />}
      </section>
    );
  if (account.archived)
    return (
      <section className="card" aria-labelledby="coach-h">
        <h2 id="coach-h">{t('hr.title')}</h2>
        <Empty>{t('hr.archived')}</Empty>
      </section>
    );
  return (
    <QueryView query={headroom}>
      {(h) => {
        const mine = accountHeadroom(h, account.id);
        return (
          <div className="coach">
            <HeadroomPanel headroom={mine} rules={h.rules} challengeId={h.challengeId} heading={t('hr.title')} />
            {mine && <TradeCheck headroom={mine} />}
            {history.isPending ? (
              <Loading failures={history.failureCount} />
            ) : history.data && history.data.reportedDays < MIN_HISTORY_DAYS ? (
              <ShortHistory reportedDays={history.data.reportedDays} />
            ) : (
              <PassProbability challengeId={h.challengeId} account={account} targetPercent={mine?.target.percent ?? null} />
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

/**
 * The pass panel of an account with too short a history, said without asking the server: its simulation
 * would only answer 422 insufficient_history, which the browser logs as a failed request. The server
 * counts the account's whole history; a year of it is what a coach works from, so a year is read here.
 */
function ShortHistory({ reportedDays }: { reportedDays: number }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="card pass-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sim.title')}</h2>
      <Empty>
        <p data-testid="insufficient-history">{t('sim.tooFew', { n: reportedDays, need: MIN_HISTORY_DAYS })}</p>
        <p>{t('sim.tooFewHow')}</p>
      </Empty>
    </section>
  );
}

function Series({ account }: { account: Account }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [days, setDays] = useState<number>(30);
  const headroom = useChallengeHeadroom(account.archived ? undefined : account.challenge?.id);
  const mine = accountHeadroom(headroom.data, account.id);
  const levels = useLevels(mine);
  const series = useQuery({
    queryKey: ['daily-pnl', account.id, days],
    queryFn: () => app.get(`/accounts/${account.id}/daily-pnl`, { days: Math.min(days, 366) }),
  });
  const dailyFloors = useDailyFloorLine(account.archived ? undefined : account.challenge?.id, account.initialBalance, series.data, mine);
  return (
    <section aria-labelledby="series-h">
      <div className="page-head">
        <h2 id="series-h">{account.name ?? `${account.login} @ ${account.server}`}</h2>
        {!account.archived && account.challenge && (
          <Reveal label={t('pnl.rename')} className="link-button">
            {() => <AccountSettings account={account} />}
          </Reveal>
        )}
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('pnl.range')}</legend>
          {RANGES.map((n) => (
            <label key={n}>
              <input type="radio" name="range" value={n} checked={days === n} onChange={() => setDays(n)} />
              <span>{t('pnl.days', { n })}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <QueryView query={series}>
        {(s) => (
          <>
            <p className="muted">
              {t('pnl.reported', { days: i18n.tn('count.reportedDays', s.reportedDays), total: i18n.money(s.closedPnlTotal, s.currency) })}{' '}
              · {t('pnl.gaps')}
            </p>
            {s.reportedDays === 0 ? (
              <Empty>{t('pnl.noReports')}</Empty>
            ) : (
              <PnlCharts series={s} levels={levels} stepLevels={dailyFloors ? [dailyFloors] : []} />
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

export function PnlPage() {
  const { t } = useI18n();
  const [archived, setArchived] = useState(false);
  const accounts = useQuery({
    queryKey: ['accounts', archived],
    queryFn: () => allPages('/accounts', { archived: archived ? 'include' : 'exclude' }),
  });
  const [selected, setSelected] = useState<string>();
  useEffect(() => {
    const items = accounts.data ?? [];
    const first = items[0];
    if (first && !items.some((a) => a.id === selected)) setSelected(first.id);
  }, [accounts.data, selected]);
  const account = accounts.data?.find((a) => a.id === selected);
  return (
    <section>
      <h1>{t('pnl.title')}</h1>
      <Cockpit />
      <section aria-labelledby="accounts-h">
        <div className="page-head">
          <h2 id="accounts-h">{t('pnl.accounts')}</h2>
          <label className="check">
            <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} /> {t('pnl.showArchived')}
          </label>
        </div>
        <QueryView query={accounts} isEmpty={(a) => a.length === 0} empty={t('pnl.noAccounts')}>
          {(items) => (
            <>
              <div className="mobile-only">
                <SelectField label={t('pnl.select')} value={selected ?? ''} onChange={(e) => setSelected(e.target.value)}>
                  {items.map((a) => (
                    <option key={a.id} value={a.id}>
                      {accountLabel(a, items)} ({a.server})
                    </option>
                  ))}
                </SelectField>
              </div>
              <AccountsTable accounts={items} selected={selected} onSelect={setSelected} />
            </>
          )}
        </QueryView>
      </section>
      {accounts.data && <AccountGroups accounts={accounts.data.filter((a) => !a.archived)} />}
      {/* The account's charts and coach arrive after the list: a screen is kept for them, so the panels below never jump. */}
      <div className="reserve-screen">
        {account && <Series key={account.id} account={account} />}
        {account && <AccountCoach key={`coach-${account.id}`} account={account} />}
      </div>
      {account && !account.archived && <StatementImport key={`import-${account.id}`} account={account} />}
      <EaIntegration />
    </section>
  );
}
