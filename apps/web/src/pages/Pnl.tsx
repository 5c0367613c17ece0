import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import type { Account, DailyPnl } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { SelectField } from '../components/Field.js';
import { QueryView } from '../components/states.js';
import { PnlCharts } from '../components/PnlCharts.js';
import { EaIntegration } from '../components/EaIntegration.js';

const RANGES = [7, 30, 90, 365] as const;

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
                {a.challenge ? `${a.challenge.firm} · ${a.challenge.plan} (${a.challenge.phase})` : t('common.none')}
              </td>
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

function Series({ account }: { account: Account }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [days, setDays] = useState<number>(30);
  const series = useQuery({
    queryKey: ['daily-pnl', account.id, days],
    queryFn: () => app.get<DailyPnl>(`/accounts/${account.id}/daily-pnl`, { days: Math.min(days, 366) }),
  });
  return (
    <section aria-labelledby="series-h">
      <div className="page-head">
        <h2 id="series-h">{account.name ?? `${account.login} @ ${account.server}`}</h2>
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
              {t('pnl.reported', { n: s.reportedDays, total: i18n.money(s.closedPnlTotal, s.currency) })} · {t('pnl.gaps')}
            </p>
            <PnlCharts series={s} />
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
    queryFn: () => allPages<Account>('/accounts', { archived: archived ? 'include' : 'exclude' }),
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
                      {a.name ?? a.login} ({a.server})
                    </option>
                  ))}
                </SelectField>
              </div>
              <AccountsTable accounts={items} selected={selected} onSelect={setSelected} />
            </>
          )}
        </QueryView>
      </section>
      {account && <Series key={account.id} account={account} />}
      <EaIntegration />
    </section>
  );
}
