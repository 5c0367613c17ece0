/*
 * Match-Trader's closed positions (the platform's History → Closed positions, exported as CSV). Layout facts, from
 * public sources (read for facts, no code taken):
 * - an open-source journal's Match-Trader importer (Deltalytix, match-trader-processor.tsx): the headers `ID`,
 *   `Symbol`, `Open time`, `Volume`, `Side`, `Close time`, `Open price`, `Close Price`, `Stop loss`, `Take profit`,
 *   `Swap`, `Commission`, `Profit`, `Reason`, looked up by name; times either ISO without an offset
 *   (`2025-11-05T14:59:06.38`, read there as UTC) or day-first (`05/11/2025 14:59:06`); sides `BUY`/`SELL`; `Profit`
 *   is before swap and commission (that importer adds the swap to it and keeps the commission apart);
 * - the issue 41 brief: Match-Trader's Trader API keeps the trade history the broker enables.
 * The times carry no zone, so the import's fileTimeZone reads them, by default UTC (what that importer assumes), with
 * a warning. Volume is in lots; the commission is a cost whichever sign the file writes.
 */
import { positionRowsReader } from '../position-rows/position-rows.js';
import type { TradeFileReader } from '../types.js';

export const matchtraderReader: TradeFileReader = positionRowsReader({
  format: 'matchtrader',
  exportName: 'Match-Trader closed positions',
  signature: ['ID', 'Symbol', 'Open time', 'Volume', 'Side', 'Close time', 'Open price', 'Close price', 'Profit'],
  columns: {
    id: ['ID'],
    symbol: ['Symbol'],
    side: ['Side'],
    volume: ['Volume'],
    openTime: ['Open time'],
    closeTime: ['Close time'],
    openPrice: ['Open price'],
    closePrice: ['Close price'],
    commission: ['Commission'],
    swap: ['Swap'],
    gross: ['Profit'],
    net: ['Net profit'],
  },
  sides: { buy: 'buy', sell: 'sell' },
  clock: { slashed: 'dmy' },
  timeForm: 'YYYY-MM-DDTHH:MM:SS or DD/MM/YYYY HH:MM:SS',
  volumeUnit: () => 'lots',
});
