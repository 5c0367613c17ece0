import { useId, useState, type SubmitEvent } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { SelectField } from '../Field.js';

/** The columns a mapping must name, then those it may (import_statement's `mapping`). */
const REQUIRED = ['symbol', 'side', 'volume', 'openTime', 'closeTime', 'openPrice', 'closePrice', 'profit'] as const;
const OPTIONAL = ['commission', 'swap', 'id', 'balance'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

/** What the import is sent: each column's header text, and how profit and dates read. */
export type ColumnMappingValue = Partial<Record<Column, string>> & { profitIs?: 'gross' | 'net'; dayFirst?: boolean };

/** A first guess from the header's words, so a usual export needs only a check (the person can change every one). */
const GUESS: Record<Column, RegExp> = {
  symbol: /symbol|instrument|ticker|contract|market|銘柄/i,
  side: /side|direction|^type$|action|buy.?sell|売買/i,
  volume: /volume|qty|quantity|size|lots?$|contracts|数量/i,
  openTime: /(open|entry).*(time|date)|建.*時/i,
  closeTime: /(close|exit).*(time|date)|決済.*時/i,
  openPrice: /(open|entry).*price|^(entry|open)$/i,
  closePrice: /(close|exit).*price|^(exit|close)$/i,
  profit: /profit|p\s*[&/]?\s*l|pnl|損益/i,
  commission: /commission|fees?$|手数料/i,
  swap: /swap|rollover|financing|スワップ/i,
  id: /^(id|ticket|position|trade.?id|order.?id)$/i,
  balance: /balance|残高/i,
};

function guess(header: readonly string[]): Partial<Record<Column, string>> {
  const used = new Set<string>();
  const found: Partial<Record<Column, string>> = {};
  for (const column of [...REQUIRED, ...OPTIONAL]) {
    const hit = header.find((h) => !used.has(h) && GUESS[column].test(h.trim()));
    if (hit !== undefined) {
      found[column] = hit;
      used.add(hit);
    }
  }
  return found;
}

/**
 * For a CSV no format reads: the person names which of its columns (the header the server found) holds each part of
 * a trade, then previews the import through that mapping. The server keeps it for their next file with this header.
 */
export function ColumnMapping({
  header,
  busy,
  onSubmit,
}: {
  header: readonly string[];
  busy: boolean;
  onSubmit: (mapping: ColumnMappingValue) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [columns, setColumns] = useState(() => guess(header));
  const [profitIs, setProfitIs] = useState<'gross' | 'net'>('gross');
  const [dayFirst, setDayFirst] = useState(false);
  const options = header.filter((h) => h.trim() !== '');
  const complete = REQUIRED.every((c) => columns[c] !== undefined);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (complete) onSubmit({ ...columns, profitIs, dayFirst });
  };
  const select = (column: Column, required: boolean) => (
    <SelectField
      key={column}
      label={t(`imp.map.field.${column}` as MessageKey)}
      value={columns[column] ?? ''}
      required={required}
      onChange={(e) => {
        const { [column]: _old, ...rest } = columns;
        setColumns(e.target.value === '' ? rest : { ...rest, [column]: e.target.value });
      }}
    >
      <option value="">{t('imp.map.none')}</option>
      {options.map((h) => (
        <option key={h} value={h}>
          {h}
        </option>
      ))}
    </SelectField>
  );
  return (
    <form className="column-mapping" aria-labelledby={`${id}-h`} onSubmit={submit} data-testid="column-mapping">
      <h3 id={`${id}-h`}>{t('imp.map.title')}</h3>
      <p className="muted">{t('imp.map.help')}</p>
      <div className="grid-form">
        {REQUIRED.map((c) => select(c, true))}
        {OPTIONAL.map((c) => select(c, false))}
        <SelectField
          label={t('imp.map.profitIs')}
          value={profitIs}
          onChange={(e) => setProfitIs(e.target.value === 'net' ? 'net' : 'gross')}
        >
          <option value="gross">{t('imp.map.gross')}</option>
          <option value="net">{t('imp.map.net')}</option>
        </SelectField>
        <div className="field">
          <label>
            <input type="checkbox" checked={dayFirst} onChange={(e) => setDayFirst(e.target.checked)} /> {t('imp.map.dayFirst')}
          </label>
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !complete}>
          {t('imp.map.submit')}
        </button>
      </div>
    </form>
  );
}
