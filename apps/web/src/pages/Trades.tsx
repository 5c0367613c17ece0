import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, SelectField } from '../components/Field.js';
import { Empty, ErrorState, Loading, worthRetrying } from '../components/states.js';
import { TradeList } from '../components/trades/TradeList.js';
import { CurrencyStats } from '../components/trades/CurrencyStats.js';
import { useWideScreen } from '../components/trades/useWideScreen.js';
import type { TradeFilter } from '../components/trades/types.js';
import { useJournalScope, type JournalScope } from '../components/trades/useJournalScope.js';
import { PRESETS, type Preset } from '../components/trades/firm-day.js';
import { DEFAULT_ORDERING, ORDERINGS, orderingValue, type Ordering } from '../components/trades/sort.js';
import { exportUrl } from '../components/trades/contract.js';
import type { MessageKey } from '../i18n/en.js';
import { accountPlatform, futuresRoot, isFuturesPlatform, platformName, PLATFORMS } from '../lib/platforms.js';
import '../components/trades/trades.css';

/** The filter form: kept as typed until applied (Enter or the button), then written to the URL. */
const PRESET_WORDS: Record<Preset, MessageKey> = {
  today: 'tr.preset.today',
  week: 'tr.preset.week',
  month: 'tr.preset.month',
  phase: 'tr.preset.phase',
};

function Filters({ filter, accounts, scope }: { filter: TradeFilter; accounts: { id: string; label: string }[]; scope: JournalScope }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/trades' });
  const [form, setForm] = useState({
    accountId: scope.account ?? '',
    platform: filter.platform ?? '',
    symbol: filter.symbol ?? '',
    side: filter.side ?? '',
    outcome: filter.outcome ?? '',
    tag: filter.tag ?? '',
    from: scope.days.from ?? '',
    to: scope.days.to ?? '',
  });
  // A date typed by hand replaces a preset's window; the other fields keep it.
  const [preset, setPreset] = useState(filter.preset);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    if (key === 'from' || key === 'to') setPreset(undefined);
    setForm({ ...form, [key]: e.target.value });
  };
  const apply = (next: typeof form, nextPreset: Preset | undefined) =>
    void navigate({
      search: {
        preset: nextPreset,
        sort: filter.sort,
        order: filter.order,
        accountId: next.accountId || undefined,
        platform: PLATFORMS.find((p) => p === next.platform),
        symbol: next.symbol.trim() || undefined,
        side: next.side === 'buy' || next.side === 'sell' ? next.side : undefined,
        outcome: next.outcome === 'win' || next.outcome === 'loss' || next.outcome === 'breakeven' ? next.outcome : undefined,
        tag: next.tag.trim() || undefined,
        from: nextPreset ? undefined : next.from || undefined,
        to: nextPreset ? undefined : next.to || undefined,
      },
    });
  // "This phase" needs the account's phase start: hidden for every account or an account without a challenge.
  const presets = PRESETS.filter((p) => p !== 'phase' || (scope.account !== 'all' && scope.phaseStart !== null));
  return (
    <form
      className="filters"
      role="search"
      aria-label={t('tr.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply(form, preset);
      }}
    >
      <SelectField label={t('tr.scope')} value={form.accountId} onChange={set('accountId')}>
        <option value="all">{t('tr.allAccounts')}</option>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('pf.platform')} value={form.platform} onChange={set('platform')}>
        <option value="">{t('pf.allPlatforms')}</option>
        {PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {platformName(p, t('pf.other'))}
          </option>
        ))}
      </SelectField>
      <Field label={t('tr.symbol')} value={form.symbol} maxLength={32} onChange={set('symbol')} />
      <SelectField label={t('tr.side')} value={form.side} onChange={set('side')}>
        <option value="">{t('tr.any')}</option>
        <option value="buy">{t('tr.buy')}</option>
        <option value="sell">{t('tr.sell')}</option>
      </SelectField>
      <SelectField label={t('tr.outcome')} value={form.outcome} onChange={set('outcome')}>
        <option value="">{t('tr.any')}</option>
        <option value="win">{t('tr.win')}</option>
        <option value="loss">{t('tr.loss')}</option>
        <option value="breakeven">{t('tr.breakeven')}</option>
      </SelectField>
      <Field label={t('tr.tag')} value={form.tag} maxLength={40} onChange={set('tag')} />
      <Field label={t('tr.from')} type="date" value={form.from} onChange={set('from')} />
      <Field label={t('tr.to')} type="date" value={form.to} onChange={set('to')} />
      <div className="date-presets" role="group" aria-label={t('tr.preset.group', { clock: scope.clockName })}>
        <span className="muted">{t('tr.preset.group', { clock: scope.clockName })}</span>
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            className="secondary"
            aria-pressed={filter.preset === p}
            disabled={scope.clock === null}
            onClick={() => {
              setPreset(p);
              apply(form, p);
            }}
          >
            {t(PRESET_WORDS[p])}
          </button>
        ))}
      </div>
      <div className="actions">
        <button type="submit">{t('tr.apply')}</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            // Every filter but the account, which is the page's scope rather than a filter.
            const cleared = { accountId: form.accountId, platform: '', symbol: '', side: '', outcome: '', tag: '', from: '', to: '' };
            setForm(cleared);
            setPreset(undefined);
            apply(cleared, undefined);
          }}
        >
          {t('tr.clear')}
        </button>
      </div>
    </form>
  );
}

/**
 * The trade journal: the closed positions of one account or all, filtered, with their statistics over the same filters
 * (weekday and hour in the accounts' firm day, named) and tags, notes, setup and planned risk edited in place.
 */
export function TradesPage() {
  const { t } = useI18n();
  const filter = useSearch({ from: '/authed/trades' });
  const navigate = useNavigate({ from: '/trades' });
  const accounts = useQuery({ queryKey: ['accounts', 'all'], queryFn: () => allPages('/accounts', { archived: 'include' }) });
  const journal = useJournalScope(filter, accounts.data);
  const query = journal.query ?? {};
  const { ordering } = journal;
  // The default order is not sent: a server without sorting still answers the page as it opens.
  const orderQuery =
    ordering.sort === DEFAULT_ORDERING.sort && ordering.order === DEFAULT_ORDERING.order
      ? {}
      : { sort: ordering.sort, order: ordering.order };
  const trades = useInfiniteQuery({
    queryKey: ['trades', query, orderQuery],
    queryFn: ({ pageParam }) => app.get('/trades', { ...query, ...orderQuery, limit: 50, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: accounts.isSuccess && journal.query !== null,
  });
  const sortBy = (next: Ordering) => void navigate({ search: (prev) => ({ ...prev, sort: next.sort, order: next.order }) });
  // The stats and charts follow every filter of the list, and say which (the server's answer names them).
  const scope = query;
  const wide = useWideScreen();
  const list = accounts.data ?? [];
  const currencyOf = (accountId: string) => list.find((a) => a.id === accountId)?.currency ?? null;
  const platformOf = (accountId: string) => {
    const account = list.find((a) => a.id === accountId);
    return account ? accountPlatform(account) : null;
  };
  // One currency for the stats when the scope has one (an account, or accounts all in the same currency).
  const inScope = list.filter(
    (a) => (!query.accountId || a.id === query.accountId) && (!filter.platform || accountPlatform(a) === filter.platform),
  );
  const currencies = new Set(inScope.map((a) => a.currency));
  // The per-symbol table adds a contract's months up under its root only when every account in scope trades futures:
  // elsewhere a symbol like HK50 is an index CFD, not a contract of root H.
  const [firstInScope] = inScope;
  const futuresOnly = firstInScope !== undefined && inScope.every((a) => isFuturesPlatform(accountPlatform(a)));
  const scopePlatform = futuresOnly ? accountPlatform(firstInScope) : null;
  const rootOf = (symbol: string) => futuresRoot(symbol, scopePlatform);
  const items = trades.data?.pages.flatMap((p) => p.items) ?? [];
  // One block of figures per currency in scope, never one sum of yen and dollars; none until the scope is known.
  const ready = accounts.isSuccess && journal.query !== null;
  const blockCurrencies = ready ? ([...currencies].sort() as (string | null)[]) : [];
  if (ready && blockCurrencies.length === 0) blockCurrencies.push(null);
  const accountLabel = (id: string) => {
    const account = list.find((a) => a.id === id);
    return account ? (account.name ?? account.login) : id;
  };
  const statsOf = (currency: string | null) => ({ scope, currency, accountLabel, wide, rootOf, heading: blockCurrencies.length > 1 });
  const phoneSort = (
    <SelectField
      label={t('tr.sortBy')}
      value={orderingValue(ordering)}
      onChange={(e) => {
        const chosen = ORDERINGS.find((o) => o.value === e.target.value);
        if (chosen) sortBy(chosen.ordering);
      }}
    >
      {ORDERINGS.map((o) => (
        <option key={o.value} value={o.value}>
          {t(o.label)}
        </option>
      ))}
    </SelectField>
  );
  return (
    <section className="trades-page">
      <h1>{t('tr.title')}</h1>
      <p className="muted">{t('tr.intro')}</p>
      {/* The figures, charts and filters come first: a keyboard or a phone reaches the list in one step. */}
      <p>
        <a href="#trade-list">{t('tr.skipToList')}</a>
      </p>
      {accounts.isSuccess && (
        <Filters
          key={JSON.stringify({ filter, account: journal.account, days: journal.days, phase: journal.phaseStart })}
          filter={filter}
          scope={journal}
          accounts={list.map((a) => ({ id: a.id, label: `${a.name ?? a.login} (${a.login} @ ${a.server})` }))}
        />
      )}
      {currencies.size > 1 && <p className="muted">{t('tr.currencyMixed')}</p>}
      {accounts.isPending && <Loading failures={accounts.failureCount} />}
      {accounts.isError && (
        <ErrorState error={accounts.error} retry={worthRetrying(accounts.error) ? () => void accounts.refetch() : undefined} />
      )}
      {blockCurrencies.map((currency) => (
        <CurrencyStats key={currency ?? 'none'} {...statsOf(currency)} part={wide ? 'all' : 'figures'} />
      ))}
      <div className="list-head">
        <h2 id="trade-list" tabIndex={-1}>
          {t('tr.list')}
        </h2>
        {ready && (
          // The same filters and order as the list, as a file; past 10,000 rows the server links the next file.
          <a className="button secondary" href={exportUrl({ ...query, ...orderQuery })} download>
            {t('tr.export')}
          </a>
        )}
      </div>
      {(ready ? trades.isLoading : accounts.isSuccess) && <Loading failures={trades.failureCount} />}
      {trades.isError && <ErrorState error={trades.error} retry={worthRetrying(trades.error) ? () => void trades.refetch() : undefined} />}
      {trades.isSuccess && items.length === 0 && <Empty>{t('tr.empty')}</Empty>}
      {items.length > 0 && (
        <TradeList
          trades={items}
          currencyOf={currencyOf}
          platformOf={platformOf}
          ordering={ordering}
          onSort={sortBy}
          phoneSort={phoneSort}
        />
      )}
      {trades.hasNextPage && (
        <button type="button" onClick={() => void trades.fetchNextPage()} disabled={trades.isFetchingNextPage}>
          {t('common.more')}
        </button>
      )}
      {!wide && blockCurrencies.map((currency) => <CurrencyStats key={currency ?? 'none'} {...statsOf(currency)} part="breakdown" />)}
    </section>
  );
}
