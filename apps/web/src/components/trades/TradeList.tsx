import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import { Field, TextArea } from '../Field.js';
import { FormError } from '../states.js';
import { priceDigitsBySymbol, priceText } from '../../lib/price-digits.js';
import { dayAndTime, holding, parseTags } from './format.js';
import type { Trade } from './types.js';
import { symbolLabel, type Platform } from '../../lib/platforms.js';

const COLUMNS = 9;

/** An open or close instant: its day and its time, each kept whole (see dayAndTime). */
function When({ iso }: { iso: string }) {
  const { lang } = useI18n();
  const [day, time] = dayAndTime(iso, lang);
  return (
    <>
      <span className="nowrap">{day}</span> <span className="nowrap">{time}</span>
    </>
  );
}

/**
 * The journal fields of one trade edited in place: tags as one comma-separated line, the note, the setup and the
 * planned risk (for R). Enter in a field saves, Escape closes and gives the focus back to the row's button.
 */
function JournalEditor({ trade, onClose }: { trade: Trade; onClose: (saved: boolean) => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({
    tags: trade.tags.join(', '),
    note: trade.note ?? '',
    setup: trade.setup ?? '',
    plannedRisk: trade.plannedRisk === null ? '' : String(trade.plannedRisk),
  });
  // The first field takes the focus as the editor opens, for a keyboard user who pressed the row's button.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const save = useMutation({
    mutationFn: () =>
      app.patch(`/trades/${trade.id}`, {
        tags: parseTags(form.tags),
        note: form.note.trim() ? form.note : null,
        setup: form.setup.trim() ? form.setup.trim() : null,
        plannedRisk: form.plannedRisk.trim() ? Number(form.plannedRisk) : null,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['trades'] });
      void client.invalidateQueries({ queryKey: ['trade-stats'] });
      onClose(true);
    },
  });
  return (
    <form
      ref={formRef}
      className="trade-editor"
      aria-label={t('tr.editOf', { position: trade.position })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose(false);
        }
      }}
    >
      <Field label={t('tr.tags')} hint={t('tr.tagsHint')} value={form.tags} onChange={(e) => setForm({ ...form, tags: e.target.value })} />
      <TextArea
        label={t('tr.note')}
        maxLength={4000}
        rows={3}
        value={form.note}
        onChange={(e) => setForm({ ...form, note: e.target.value })}
      />
      <Field label={t('tr.setup')} maxLength={100} value={form.setup} onChange={(e) => setForm({ ...form, setup: e.target.value })} />
      <Field
        label={t('tr.plannedRisk')}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        value={form.plannedRisk}
        onChange={(e) => setForm({ ...form, plannedRisk: e.target.value })}
      />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={() => onClose(false)}>
          {t('common.cancel')}
        </button>
      </div>
      <FormError error={save.error} />
    </form>
  );
}

/** The trades as a table at desktop width and as cards on a phone (`card-rows`), each with its journal editable in place. */
export function TradeList({
  trades,
  currencyOf,
  platformOf,
}: {
  trades: Trade[];
  currencyOf: (accountId: string) => string | null;
  /** The trade's account's platform: a futures platform's contract symbols are labelled by their root. */
  platformOf: (accountId: string) => Platform | null;
}) {
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
  return (
    <div className="table-wrap">
      <table className="card-rows trades">
        <thead>
          <tr>
            <th scope="col">{t('tr.symbol')}</th>
            <th scope="col">{t('tr.opened')}</th>
            <th scope="col">{t('tr.closed')}</th>
            <th scope="col" className="num">
              {t('tr.volume')}
            </th>
            <th scope="col" className="num">
              {t('tr.prices')}
            </th>
            <th scope="col" className="num">
              {t('tr.net')}
            </th>
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
                  {symbolLabel(trade.symbol, platformOf(trade.accountId), Number(trade.openedAt.slice(0, 4)))}{' '}
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
