/*
 * DXtrade's closed positions (Account → History → Closed positions, exported as CSV). Layout facts, and where they
 * came from:
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: DXtrade documents a REST API on its
 *   developer pages, and its exports carry the position effect and the net closed P&L;
 * - DXtrade's API field names as open-source DXtrade clients use them (code search for "positionCode"; the
 *   `@danielgroen/dxtrade-api` client's position types): a position keyed by `positionCode`, with `symbol`,
 *   `quantity`, `side`, `openTime`, `openPrice`; its money as `plClosed`, `totalCommissions` and `totalFinancing`
 *   (DXtrade's word for swap); closing orders carry `positionEffect`.
 * A public sample of the CSV export itself was NOT found (searched code, pages and docs for "DXtrade closed positions
 * export csv"): the column names below are the API's fields in the platform's header form (`Position Code`,
 * `Open Time`, …; headers are compared loosely, so `positionCode` reads too), `Close Time`/`Close Price` by the same
 * pattern, `P&L` or `Net P&L` the closed profit, `Commission`, `Swap` (or `Financing`) and `Fee` the costs. Times
 * are ISO (`2026-03-02 10:10:08`, an offset or `Z` read where written) or day-first slashed, as European DXtrade
 * installs show them; DXtrade shows times in the zone the user picks, which the file does not say, so the import's
 * fileTimeZone is needed for a file without offsets (default UTC, with a warning). Volume is in lots.
 * Searched again 2026-11-29 (test/fixtures/README.md): the exports open-source projects read are DXtrade's fills
 * (`Date and Time`, `Order ID`, `Trade Code`, `Side`, `Position effect`, `Trade Volume`, `Trade Price`, `Commission`,
 * `Closed P&L`, `Net Closed P&L`), which this reader does not claim: dxtrade-fills-reader.ts reads them.
 */
import { positionRowsReader } from '../position-rows/position-rows.js';
import type { TradeFileReader } from '../types.js';

export const dxtradeReader: TradeFileReader = positionRowsReader({
  format: 'dxtrade',
  exportName: 'DXtrade closed positions',
  signature: ['Position Code', 'Symbol', 'Side', 'Open Time', 'Close Time', 'Open Price', 'Close Price'],
  columns: {
    id: ['Position Code', 'Position ID'],
    symbol: ['Symbol', 'Instrument'],
    side: ['Side'],
    volume: ['Quantity', 'Volume', 'Lots'],
    openTime: ['Open Time'],
    closeTime: ['Close Time'],
    openPrice: ['Open Price'],
    closePrice: ['Close Price'],
    commission: ['Commission', 'Commissions', 'Total Commissions'],
    swap: ['Swap', 'Financing', 'Total Financing', 'Rollover'],
    fee: ['Fee', 'Fees'],
    gross: ['P&L', 'Gross P&L', 'Profit', 'Closed P&L', 'P&L Closed'],
    net: ['Net P&L', 'Net Closed P&L', 'Net Profit'],
  },
  sides: { buy: 'buy', sell: 'sell', long: 'buy', short: 'sell' },
  clock: { slashed: 'dmy' },
  timeForm: 'YYYY-MM-DD HH:MM:SS or DD/MM/YYYY HH:MM:SS',
  volumeUnit: () => 'lots',
});
