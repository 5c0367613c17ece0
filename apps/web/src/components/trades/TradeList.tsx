import { Fragment, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { priceDigitsBySymbol, priceText } from '../../lib/price-digits.js';
import { dayAndTime, holding } from './format.js';
import { When } from './When.js';
import type { Trade } from './types.js';
import { symbolLabel, type Platform } from '../../lib/platforms.js';
import { JournalEditor } from './JournalEditor.js';
import { nextOrdering, type Ordering } from './sort.js';
import type { TradeSort } from './contract.js';
import { usePhone } from './useWideScreen.js';

const COLUMNS = 9;

/**
 * A column header that sorts the list: a button (Enter and Space press it) inside a header whose aria-sort says the
 * current order; the arrow repeats it for the eye.
 */
function SortHeader({
  column,
  label,
  ordering,
  onSort,
  numeric,
}: {
  column: TradeSort;
  label: MessageKey;
  ordering: Ordering;
  onSort: (next: Ordering) => void;
  numeric?: boolean;
}) {
  const { t } = useI18n();
  const active = ordering.sort === column;
  const sort = active ? (ordering.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={sort}>
      <button type="button" className="sort-button" onClick={() => onSort(nextOrdering(ordering, column))}>
        {t(label)}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (ordering.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The trades as a table at desktop width and as cards on a phone (`card-rows`), each with its journal editable in place. */
export function TradeList({
  trades,
  currencyOf,
  platformOf,
  ordering,
  onSort,
  phoneSort,
}: {
  trades: Trade[];
  currencyOf: (accountId: string) => string | null;
  /** The trade's account's platform: a futures platform's contract symbols are labelled by their root. */
  platformOf: (accountId: string) => Platform | null;
  ordering: Ordering;
  onSort: (next: Ordering) => void;
  /** The phone's sort select, shown above the cards (a table header is not there to press). */
  phoneSort: ReactNode;
}) {
  const phone = usePhone();
  const i18n = useI18n();
  // every trade of a symbol shows its prices with the same digits, the most any of them carries
  const digits = useMemo(
    () =>
      priceDigitsBySymbol(
        trades.map((trade) => ({
          symbol: trade.symbol,
          prices: [trade.openPrice, trade.closePrice, trade.stopLoss, trade.takeProfit, ...trade.exits.map((exit) => exit.price)],
        })),
      ),
    [trades],
  );
  const price = (trade: Trade, value: number) => priceText(value, digits.get(trade.symbol) ?? 2, i18n.lang);
  const { t } = i18n;
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const close = (id: string, didSave: boolean) => {
    setEditing(null);
    setSaved(didSave ? id : null);
    // Back to the button that opened the editor, so a keyboard user carries on from the same row.
    requestAnimationFrame(() => buttons.current.get(id)?.focus());
  };
  const amount = (trade: Trade, v: number) => {
    const currency = currencyOf(trade.accountId);
    return currency ? i18n.money(v, currency) : i18n.number(v, 2);
  };
  const symbolOf = (trade: Trade) => symbolLabel(trade.symbol, platformOf(trade.accountId), Number(trade.openedAt.slice(0, 4)));
  if (phone)
    return (
      <>
        {phoneSort}
        <TradeCards trades={trades} symbolOf={symbolOf} amount={amount} price={price} />
      </>
    );
  const sortable = { ordering, onSort };
  return (
    <div className="table-wrap">
      <table className="card-rows trades">
        <thead>
          <tr>
            <SortHeader column="symbol" label="tr.symbol" {...sortable} />
            <SortHeader column="openedAt" label="tr.opened" {...sortable} />
            <SortHeader column="closedAt" label="tr.closed" {...sortable} />
            <SortHeader column="volume" label="tr.volume" numeric {...sortable} />
            <th scope="col" className="num">
              {t('tr.prices')}
            </th>
            <SortHeader column="net" label="tr.net" numeric {...sortable} />
            <th scope="col" className="num">
              {t('tr.r')}
            </th>
            <th scope="col">{t('tr.journal')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('tr.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <Fragment key={trade.id}>
              <tr className={`outcome-${trade.outcome}`}>
                <th scope="row">
                  <Link
                    to="/trades/$id"
                    params={{ id: trade.id }}
                    aria-label={t('tr.openTrade', { symbol: symbolOf(trade), position: trade.position })}
                  >
                    {symbolOf(trade)}
                  </Link>{' '}
                  <span className={`badge side-${trade.side}`}>{trade.side === 'buy' ? t('tr.buy') : t('tr.sell')}</span>
                  <div className="muted">#{trade.position}</div>
                </th>
                <td className="when" data-label={t('tr.opened')}>
                  <When iso={trade.openedAt} />
                </td>
                <td className="when" data-label={t('tr.closed')}>
                  <When iso={trade.closedAt} />
                  <div className="muted">{holding(trade.holdingSeconds, i18n.lang)}</div>
                </td>
                <td className="num" data-label={t('tr.volume')}>
                  {i18n.number(trade.volume, 8)}
                </td>
                <td className="num" data-label={t('tr.prices')}>
                  {price(trade, trade.openPrice)} → {price(trade, trade.closePrice)}
                </td>
                <td className={`num ${trade.net < 0 ? 'neg' : trade.net > 0 ? 'pos' : ''}`} data-label={t('tr.net')}>
                  {amount(trade, trade.net)}
                </td>
                <td className="num" data-label={t('tr.r')}>
                  {trade.r === null ? '—' : `${i18n.number(trade.r, 2)} R`}
                </td>
                <td data-label={t('tr.journal')}>
                  {trade.setup && <strong className="setup">{trade.setup}</strong>}
                  {trade.tags.length > 0 && (
                    <ul className="tags" aria-label={t('tr.tags')}>
                      {trade.tags.map((tag) => (
                        <li key={tag}>{tag}</li>
                      ))}
                    </ul>
                  )}
                  {trade.note && <p className="note">{trade.note}</p>}
                  {!trade.setup && trade.tags.length === 0 && !trade.note && <span className="muted">—</span>}
                  {saved === trade.id && (
                    <p role="status" className="ok">
                      {t('ch.saved')}
                    </p>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={editing === trade.id}
                    ref={(el) => {
                      if (el) buttons.current.set(trade.id, el);
                      else buttons.current.delete(trade.id);
                    }}
                    onClick={() => setEditing(editing === trade.id ? null : trade.id)}
                  >
                    {t('tr.edit')}
                  </button>
                </td>
              </tr>
              {editing === trade.id && (
                <tr className="trade-editor-row">
                  <td colSpan={COLUMNS}>
                    <JournalEditor trade={trade} onClose={(didSave) => close(trade.id, didSave)} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The journal on a phone: one compact card a trade, its first line what a trader scans for (symbol, side, net, R),
 * then the close, holding, volume and prices on one line and the setup and tags on another, cut to one line each;
 * the card opens the trade's own page, where the journal is edited. About 100 px a card (390 px before).
 */
function TradeCards({
  trades,
  symbolOf,
  amount,
  price,
}: {
  trades: Trade[];
  symbolOf: (trade: Trade) => string;
  amount: (trade: Trade, v: number) => string;
  price: (trade: Trade, v: number) => string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <ul className="trade-cards">
      {trades.map((trade) => {
        const [day, time] = dayAndTime(trade.closedAt, i18n.lang);
        return (
          <li key={trade.id} className={`trade-card outcome-${trade.outcome}`}>
            <div className="trade-card-head">
              <Link to="/trades/$id" params={{ id: trade.id }} className="trade-card-symbol">
                {symbolOf(trade)}
              </Link>
              <span className={`badge side-${trade.side}`}>{trade.side === 'buy' ? t('tr.buy') : t('tr.sell')}</span>
              <span className={`trade-card-net num ${trade.net < 0 ? 'neg' : trade.net > 0 ? 'pos' : ''}`}>{amount(trade, trade.net)}</span>
              <span className="trade-card-r num">{trade.r === null ? '— R' : `${i18n.number(trade.r, 2)} R`}</span>
            </div>
            <p className="trade-card-line muted">
              <span className="nowrap">
                {t('tr.closed')} {day} {time}
              </span>{' '}
              · <span className="nowrap">{holding(trade.holdingSeconds, i18n.lang)}</span> ·{' '}
              <span className="nowrap">{t(trade.volume > 1 ? 'tr.lots' : 'tr.lot', { volume: i18n.number(trade.volume, 8) })}</span> ·{' '}
              <span className="nowrap">
                {price(trade, trade.openPrice)} → {price(trade, trade.closePrice)}
              </span>
            </p>
            {(trade.setup || trade.tags.length > 0) && (
              <p className="trade-card-line trade-card-journal">
                {trade.setup && <strong>{trade.setup}</strong>}
                {trade.setup && trade.tags.length > 0 && ' · '}
                {trade.tags.join(', ')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
