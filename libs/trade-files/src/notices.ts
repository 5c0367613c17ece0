import { findFuturesPnlMismatches } from './futures/futures-pnl.js';
import type { TradeFile } from './types.js';

/**
 * What an import asks the person to check, as a code and its params, so a client says it in the person's language;
 * {@link noticeText} is the English sentence API callers read in `warnings`. Params by code:
 * - `kept_mapping` {}: read with the column mapping kept for files with this header;
 * - `futures_pnl` { rows, symbol, profit, expected }: a futures row whose profit its prices do not give;
 * - `futures_off_tick` { rows, symbol, profit }: a futures row with a price off the contract's tick;
 * - `futures_more` { count }: more such rows than are named;
 * - `default_clock` { zone, platform }: the file's times carry no offset and were read in the platform's default zone;
 * - `currency_differs` { file, account }: the statement's currency is not the account's;
 * - `carried_balance` { balance }: the statement starts with a balance carried from before its period;
 * - `first_deposit_differs` { deposit, initial }: the first deposit is not the account's initial balance;
 * - `date_order` { date, read }: no date of the file shows whether it is day or month first; `date` (the first, as
 *   written) was read as `read` (ISO), day first.
 */
export type ImportNoticeCode =
  | 'kept_mapping'
  | 'futures_pnl'
  | 'futures_off_tick'
  | 'futures_more'
  | 'default_clock'
  | 'currency_differs'
  | 'carried_balance'
  | 'first_deposit_differs'
  | 'date_order';

export interface ImportNotice {
  code: ImportNoticeCode;
  params: Record<string, string | number>;
}

const p = (n: ImportNotice, key: string): string => String(n.params[key] ?? '');

/** The notice as an English sentence (the import answer's `warnings`). */
export function noticeText(n: ImportNotice): string {
  switch (n.code) {
    case 'kept_mapping':
      return 'Read with the column mapping you sent before for files with this header.';
    case 'futures_pnl':
      return `Line ${p(n, 'rows')}: ${p(n, 'symbol')} profit ${p(n, 'profit')} does not add up (its prices give ${p(n, 'expected')}).`;
    case 'futures_off_tick':
      return `Line ${p(n, 'rows')}: ${p(n, 'symbol')} profit ${p(n, 'profit')} does not add up (a price is off the contract’s tick).`;
    case 'futures_more':
      return `${p(n, 'count')} more futures rows do not add up.`;
    case 'default_clock':
      return (
        `The file's times carry no offset and were read in ${p(n, 'zone')}, the ${p(n, 'platform')} default: check the first ` +
        'and last trade under clock, and send fileTimeZone if your platform shows another zone.'
      );
    case 'currency_differs':
      return `The statement is in ${p(n, 'file')}; the account was registered in ${p(n, 'account')}.`;
    case 'carried_balance':
      return `The statement starts with a balance of ${p(n, 'balance')} carried from before its period.`;
    case 'first_deposit_differs':
      return `The first deposit is ${p(n, 'deposit')}; the account's initial balance is ${p(n, 'initial')} (P&L % is measured from the initial balance).`;
    case 'date_order':
      return (
        `No date in the file shows whether it is day or month first: they were read day first (${p(n, 'date')} as ` +
        `${p(n, 'read')}). Check the dates of the first and last trade.`
      );
  }
}

/** Most futures rows named one by one; the rest are counted. */
const MAX_ROW_NOTICES = 10;

/**
 * Futures rows whose gross profit is not what their prices and the contract's point value give (a wrong multiplier,
 * a misread price, a hand-edited file): imported as the file says, and named so the trader can check them.
 */
export function futuresNotices(file: TradeFile): ImportNotice[] {
  if (!file.positions.some((position) => position.volumeUnit === 'contracts')) return [];
  const { mismatches } = findFuturesPnlMismatches(file);
  const named = mismatches.slice(0, MAX_ROW_NOTICES).map((m): ImportNotice => {
    const base = { rows: m.rows.join(', '), symbol: m.symbol, profit: m.profit };
    return m.offTick ? { code: 'futures_off_tick', params: base } : { code: 'futures_pnl', params: { ...base, expected: m.expected } };
  });
  const more = mismatches.length - named.length;
  return more > 0 ? [...named, { code: 'futures_more', params: { count: more } }] : named;
}
