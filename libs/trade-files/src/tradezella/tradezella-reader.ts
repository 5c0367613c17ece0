/*
 * TradeZella's trade export (Trade Log → Export CSV, `trades_<timestamp>.csv`): one row per trade, so a trader can move
 * their history here. Layout facts, from public sources (read for facts, no code taken):
 * - a real export published with a TradeZella-to-spreadsheet converter (github.com/drasticstatic/TradeZella_STB,
 *   "Example xlsx fallback/trades_20260218043538.csv"): 60 columns in alphabetical order, among them `Account Name`
 *   (`Tradovate TPT 50K`), `Close Date` (`2026-02-09`), `Close Time` (`12:31:42 EST`, the zone as an abbreviation),
 *   `Commission`, `Entry Price`, `Exit Price`, `Fee`, `Gross P&L`, `Instrument`, `Spread Type` (`future`), `Net P&L`,
 *   `Open Date`, `Open Time`, `Quantity` (`2.0`), `Side` (`long`/`short`), `Status` (`Win`/`Loss`), `Swap`, `Symbol`
 *   (`NQ`), `Zella Score`; no trade id; costs positive;
 * - the issue 41 brief: TradeZella lets users pick and reorder columns, so columns are found by header text.
 * TradeZella writes each time with its zone's abbreviation (EST, EDT, …, UTC), read as that offset; a time without
 * one is read in the import's fileTimeZone, by default America/New_York (the zone of the sample), with a warning.
 * A journal is not a platform: the positions' platform is `other`, unless every row's account name names the same
 * platform (TradeZella's synced accounts are named after their broker, `Tradovate TPT 50K`).
 */
import { positionRowsReader } from '../position-rows/position-rows.js';
import { platformNamedBy } from '../position-rows/platform-names.js';
import type { TradeFileReader } from '../types.js';

export const tradezellaReader: TradeFileReader = positionRowsReader({
  format: 'tradezella',
  exportName: 'TradeZella trades',
  signature: ['Open Date', 'Open Time', 'Close Date', 'Close Time', 'Symbol', 'Side', 'Entry Price', 'Exit Price', 'Net P&L'],
  columns: {
    symbol: ['Symbol', 'Instrument'],
    side: ['Side'],
    volume: ['Quantity', 'Volume'],
    openDate: ['Open Date'],
    openTime: ['Open Time'],
    closeDate: ['Close Date'],
    closeTime: ['Close Time'],
    openPrice: ['Entry Price'],
    closePrice: ['Exit Price'],
    commission: ['Commission', 'Commissions'],
    swap: ['Swap'],
    fee: ['Fee', 'Fees'],
    gross: ['Gross P&L'],
    net: ['Net P&L'],
  },
  sides: { long: 'buy', short: 'sell', buy: 'buy', sell: 'sell' },
  clock: { slashed: 'mdy' },
  listsOpenTrades: true,
  timeForm: 'YYYY-MM-DD and HH:MM:SS with its zone, as 12:31:42 EST',
  volumeUnit: (row, cells, _symbol, table) => {
    const kind = table.column('Spread Type');
    const text = kind === null ? '' : cells.cell(row, kind).toLowerCase();
    return text.startsWith('future') ? 'contracts' : 'units';
  },
  platform: (table, cells) => {
    const account = table.column('Account Name');
    return account === null ? null : platformNamedBy(table.rows.map((row) => cells.cell(row, account)));
  },
});
