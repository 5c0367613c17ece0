import { useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError, app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import { useI18n } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/en.js';
import { CardTable } from '../components/CardTable.js';
import { ErrorState, Loading, worthRetrying } from '../components/states.js';
import { JournalEditor } from '../components/trades/JournalEditor.js';
import { Screenshots } from '../components/trades/Screenshots.js';
import { SignalCopies } from '../components/trades/SignalCopies.js';
import { holding } from '../components/trades/format.js';
import { When } from '../components/trades/When.js';
import type { JournalTrade } from '../components/trades/contract.js';
import { priceDigitsBySymbol, priceText } from '../lib/price-digits.js';
import { accountPlatform, symbolLabel } from '../lib/platforms.js';
import '../components/trades/trades.css';

/** Every filter of the Trades page left out: the link back opens it as the trader last left it (its account kept). */
const NO_FILTER = {
  accountId: undefined,
  platform: undefined,
  symbol: undefined,
  side: undefined,
  outcome: undefined,
  tag: undefined,
  from: undefined,
  to: undefined,
  preset: undefined,
  sort: undefined,
  order: undefined,
};

/**
 * One trade's own page: what happened (entries and exits, stop and target, the excursions, costs, net and R), the
 * trader's journal of it (edited with the list's editor), the same signal's copies on other accounts, and its
 * screenshots.
 */
export function TradeDetailPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const { id } = useParams({ from: '/authed/trades/$id' });
  const trade = useQuery({ queryKey: ['trade', id], queryFn: () => app.get(`/trades/${id}`) });
  const accounts = useQuery({ queryKey: ['accounts', 'all'], queryFn: () => allPages('/accounts', { archived: 'include' }) });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const back = (
    <p>
      <Link to="/trades" search={NO_FILTER}>
        ← {t('tr.backToList')}
      </Link>
    </p>
  );
  if (trade.isPending)
    return (
      <section className="trade-page">
        {back}
        <Loading failures={trade.failureCount} />
      </section>
    );
  if (trade.isError) {
    const notFound = trade.error instanceof ApiError && trade.error.status === 404;
    return (
      <section className="trade-page">
        {back}
        {notFound ? (
          <>
            <h1>{t('tr.page.notFound')}</h1>
            <p className="muted">{t('tr.page.notFoundWhy')}</p>
          </>
        ) : (
          <ErrorState error={trade.error} retry={worthRetrying(trade.error) ? () => void trade.refetch() : undefined} />
        )}
      </section>
    );
  }
  const tr = trade.data as JournalTrade;
  const account = accounts.data?.find((a) => a.id === tr.accountId);
  const currency = account?.currency ?? null;
  const amount = (v: number | null) => (v === null ? '—' : currency ? i18n.money(v, currency) : i18n.number(v, 2));
  const digits =
    priceDigitsBySymbol([
      { symbol: tr.symbol, prices: [tr.openPrice, tr.closePrice, tr.stopLoss, tr.takeProfit, ...tr.exits.map((e) => e.price)] },
    ]).get(tr.symbol) ?? 2;
  const price = (v: number | null) => (v === null ? t('tr.page.none') : priceText(v, digits, i18n.lang));
  const symbol = symbolLabel(tr.symbol, account ? accountPlatform(account) : null, Number(tr.openedAt.slice(0, 4)));
  const side = t(tr.side === 'buy' ? 'tr.buy' : 'tr.sell');
  const facts: [MessageKey, ReactNode][] = [
    ['tr.net', amount(tr.net)],
    ['tr.r', tr.r === null ? t('tr.page.noRisk') : `${i18n.number(tr.r, 2)} R`],
    ['tr.plannedRisk', amount(tr.plannedRisk)],
    ['tr.page.profit', amount(tr.profit)],
    ['tr.page.commission', amount(tr.commission)],
    ['tr.page.swap', amount(tr.swap)],
    ['tr.page.fee', amount(tr.fee)],
    ['tr.page.stop', price(tr.stopLoss)],
    ['tr.page.target', price(tr.takeProfit)],
    ['tr.page.mae', amount(tr.mae)],
    ['tr.page.mfe', amount(tr.mfe)],
    ['tr.volume', i18n.number(tr.volume, 8)],
    ['tr.page.holding', holding(tr.holdingSeconds, i18n.lang)],
  ];
  return (
    <section className="trade-page">
      {back}
      <h1>
        {symbol} <span className={`badge side-${tr.side}`}>{side}</span>
      </h1>
      <p className="muted">{t('tr.page.of', { position: tr.position, account: account ? (account.name ?? account.login) : '…' })}</p>
      <dl className="trade-figures">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd className={`num${key === 'tr.net' ? (tr.net < 0 ? ' neg' : tr.net > 0 ? ' pos' : '') : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {tr.mae === null && tr.mfe === null && <p className="muted">{t('tr.page.noExcursion')}</p>}

      <CardTable
        caption={t('tr.page.fills')}
        className="trade-fills"
        columns={[
          { label: t('tr.page.fill') },
          { label: t('tr.page.at') },
          { label: t('tr.volume'), num: true },
          { label: t('tr.page.price'), num: true },
          { label: t('tr.page.profit'), num: true },
        ]}
        rows={[
          {
            key: 'entry',
            header: t('tr.page.entry'),
            // The entry has no profit of its own.
            cells: [
              { value: <When iso={tr.openedAt} /> },
              { value: i18n.number(tr.volume, 8) },
              { value: price(tr.openPrice) },
              { value: '—' },
            ],
          },
          // One exit is the close itself; a partial close lists each closing deal.
          ...(tr.exits.length > 0 ? tr.exits : [{ at: tr.closedAt, volume: tr.volume, price: tr.closePrice, profit: tr.profit }]).map(
            (exit, i) => ({
              key: i,
              header: t('tr.page.exit', { n: i + 1 }),
              cells: [
                { value: <When iso={exit.at} /> },
                { value: i18n.number(exit.volume, 8) },
                { value: price(exit.price) },
                { value: amount(exit.profit), tone: exit.profit < 0 ? ('neg' as const) : ('pos' as const) },
              ],
            }),
          ),
        ]}
      />

      <section className="card trade-journal" aria-labelledby="trade-journal-title">
        <h2 id="trade-journal-title">{t('tr.journal')}</h2>
        {editing ? (
          <JournalEditor
            trade={tr}
            onClose={(didSave) => {
              setEditing(false);
              setSaved(didSave);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
          />
        ) : (
          <>
            <dl className="journal-fields">
              <div>
                <dt>{t('tr.setup')}</dt>
                <dd>{tr.setup ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('tr.tags')}</dt>
                <dd>{tr.tags.length > 0 ? tr.tags.join(', ') : '—'}</dd>
              </div>
              <div>
                <dt>{t('tr.note')}</dt>
                <dd className="note">{tr.note ?? '—'}</dd>
              </div>
            </dl>
            {saved && (
              <p role="status" className="ok">
                {t('ch.saved')}
              </p>
            )}
            <button type="button" className="secondary" ref={editButton} onClick={() => setEditing(true)}>
              {t('tr.edit')}
            </button>
          </>
        )}
      </section>

      {tr.signalId && <SignalCopies signalId={tr.signalId} tradeId={tr.id} accounts={accounts.data ?? []} />}
      <Screenshots tradeId={tr.id} />
    </section>
  );
}
