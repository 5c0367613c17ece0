/*
 * Tradervue's trade export (Trades → Export, CSV): one row per trade Tradervue built from its executions, so a trader
 * can move their history here. Layout facts, from public sources (read for facts, no code taken):
 * - open-source journals that import Tradervue's export, with samples of it (code search for
 *   "Open Datetime,Close Datetime"): the header `Open Datetime,Close Datetime,Symbol,Side,Volume,Exec Count,
 *   Entry Price,Exit Price,Gross P&L,Gross P&L (%),Shared,Notes,Tags` and, in the longer export, `…,Gross P&L (t),
 *   Net P&L,Commissions,Fees,Initial Risk,P&L (R),Position MFE,…,Best Exit Datetime`; times `2025-10-10 09:42:38`
 *   without a zone; sides `L`/`S`; costs positive;
 * - Tradervue's help (tradervue.com/help/generic): times are 24-hour HH:MM:SS, "the time zone can be selected when
 *   importing"; futures symbols like `ESZ1` or `ES DEC 11`; "for fees, a positive number is a charge, and a negative
 *   number is a credit" (a rebate, read as money in).
 * The file does not say its zone: the import's fileTimeZone reads it, by default America/New_York (Tradervue's
 * market-hours clock), with a warning. Volume is shares, or contracts for a symbol of a known futures root. There is
 * no trade id: a trade is known by its symbol and opening time. A journal is not a platform: `other`.
 */
import { contractSpecOf } from '../futures/contract-specs.js';
import { positionRowsReader } from '../position-rows/position-rows.js';
import type { TradeFileReader } from '../types.js';

export const tradervueReader: TradeFileReader = positionRowsReader({
  format: 'tradervue',
  exportName: 'Tradervue trades',
  signature: ['Open Datetime', 'Close Datetime', 'Symbol', 'Side', 'Volume', 'Entry Price', 'Exit Price'],
  columns: {
    symbol: ['Symbol'],
    side: ['Side'],
    volume: ['Volume'],
    openTime: ['Open Datetime'],
    closeTime: ['Close Datetime'],
    openPrice: ['Entry Price'],
    closePrice: ['Exit Price'],
    commission: ['Commissions', 'Commission'],
    fee: ['Fees'],
    gross: ['Gross P&L'],
    net: ['Net P&L'],
  },
  costs: 'charge-positive',
  sides: { l: 'buy', s: 'sell', long: 'buy', short: 'sell' },
  clock: { slashed: 'mdy' },
  listsOpenTrades: true,
  timeForm: 'YYYY-MM-DD HH:MM:SS',
  volumeUnit: (_row, _cells, symbol) => (contractSpecOf(symbol) === null ? 'units' : 'contracts'),
});
