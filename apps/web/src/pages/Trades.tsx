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
import { localDayStart } from '../components/trades/format.js';
import type { TradeFilter } from '../components/trades/types.js';
import { accountPlatform, futuresRoot, isFuturesPlatform, platformName, PLATFORMS } from '../lib/platforms.js';
import '../components/trades/trades.css';

/** The filter as the server takes it: days as the instants of the browser's midnights, `to` exclusive of the next day. */
function serverQuery(filter: TradeFilter) {
  return {
    accountId: filter.accountId,
    platform: filter.platform,
    symbol: filter.symbol,
    side: filter.side,
    outcome: filter.outcome,
    tag: filter.tag,
    from: filter.from ? localDayStart(filter.from) : undefined,
    to: filter.to ? localDayStart(filter.to, 1) : undefined,
  };
}

/** The filter form: kept as typed until applied (Enter or the button), then written to the URL. */
function Filters({ filter, accounts }: { filter: TradeFilter; accounts: { id: string; label: string }[] }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/trades' });
  const [form, setForm] = useState({
    accountId: filter.accountId ?? '',
    platform: filter.platform ?? '',
    symbol: filter.symbol ?? '',
    side: filter.side ?? '',
    outcome: filter.outcome ?? '',
    tag: filter.tag ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const apply = (next: typeof form) =>
    void navigate({
      search: {
        accountId: next.accountId || undefined,
        platform: PLATFORMS.find((p) => p === next.platform),
        symbol: next.symbol.trim() || undefined,
        side: next.side === 'buy' || next.side === 'sell' ? next.side : undefined,
        outcome: next.outcome === 'win' || next.outcome === 'loss' || next.outcome === 'breakeven' ? next.outcome : undefined,
        tag: next.tag.trim() || undefined,
        from: next.from || undefined,
        to: next.to || undefined,
      },
    });
  return (
    <form
      className="filters"
      role="search"
      aria-label={t('tr.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply(form);
      }}
    >
      <SelectField label={t('tr.scope')} value={form.accountId} onChange={set('accountId')}>
        <option value="">{t('tr.allAccounts')}</option>
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
      <div className="actions">
        <button type="submit">{t('tr.apply')}</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            const cleared = { accountId: '', platform: '', symbol: '', side: '', outcome: '', tag: '', from: '', to: '' };
            setForm(cleared);
            apply(cleared);
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
  const accounts = useQuery({ queryKey: ['accounts', 'all'], queryFn: () => allPages('/accounts', { archived: 'include' }) });
  const query = serverQuery(filter);
  const trades = useInfiniteQuery({
    queryKey: ['trades', query],
    queryFn: ({ pageParam }) => app.get('/trades', { ...query, limit: 50, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
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
    (a) => (!filter.accountId || a.id === filter.accountId) && (!filter.platform || accountPlatform(a) === filter.platform),
  );
  const currencies = new Set(inScope.map((a) => a.currency));
  // The per-symbol table adds a contract's months up under its root only when every account in scope trades futures:
  // elsewhere a symbol like HK50 is an index CFD, not a contract of root H.
  const [firstInScope] = inScope;
  const futuresOnly = firstInScope !== undefined && inScope.every((a) => isFuturesPlatform(accountPlatform(a)));
  const scopePlatform = futuresOnly ? accountPlatform(firstInScope) : null;
  const rootOf = (symbol: string) => futuresRoot(symbol, scopePlatform);
  const items = trades.data?.pages.flatMap((p) => p.items) ?? [];
  // One block of figures per currency in scope, never one sum of yen and dollars; none until the accounts are known.
  const blockCurrencies = accounts.isSuccess ? ([...currencies].sort() as (string | null)[]) : [];
  if (accounts.isSuccess && blockCurrencies.length === 0) blockCurrencies.push(null);
  const accountLabel = (id: string) => {
    const account = list.find((a) => a.id === id);
    return account ? (account.name ?? account.login) : id;
  };
  const statsOf = (currency: string | null) => ({ scope, currency, accountLabel, wide, rootOf, heading: blockCurrencies.length > 1 });
  return (
    <section className="trades-page">
      <h1>{t('tr.title')}</h1>
      <p className="muted">{t('tr.intro')}</p>
      {/* The figures, charts and filters come first: a keyboard or a phone reaches the list in one step. */}
      <p>
        <a href="#trade-list">{t('tr.skipToList')}</a>
      </p>
      <Filters
        key={JSON.stringify(filter)}
        filter={filter}
        accounts={list.map((a) => ({ id: a.id, label: `${a.name ?? a.login} (${a.login} @ ${a.server})` }))}
      />
      {currencies.size > 1 && <p className="muted">{t('tr.currencyMixed')}</p>}
      {accounts.isPending && <Loading failures={accounts.failureCount} />}
      {blockCurrencies.map((currency) => (
        <CurrencyStats key={currency ?? 'none'} {...statsOf(currency)} part={wide ? 'all' : 'figures'} />
      ))}
      <h2 id="trade-list" tabIndex={-1}>
        {t('tr.list')}
      </h2>
      {trades.isPending && <Loading failures={trades.failureCount} />}
      {trades.isError && <ErrorState error={trades.error} retry={worthRetrying(trades.error) ? () => void trades.refetch() : undefined} />}
      {trades.isSuccess && items.length === 0 && <Empty>{t('tr.empty')}</Empty>}
      {items.length > 0 && <TradeList trades={items} currencyOf={currencyOf} platformOf={platformOf} />}
      {trades.hasNextPage && (
        <button type="button" onClick={() => void trades.fetchNextPage()} disabled={trades.isFetchingNextPage}>
          {t('common.more')}
        </button>
      )}
      {!wide && blockCurrencies.map((currency) => <CurrencyStats key={currency ?? 'none'} {...statsOf(currency)} part="breakdown" />)}
    </section>
  );
}
