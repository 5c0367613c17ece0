/*
 * TopstepX's (ProjectX's platform) Trades export (Trades tab → Export, CSV, one account per file): one row per round
 * trip TopstepX matched (a scale-in or a partial exit makes several rows). Layout facts, from public sources (read for
 * facts, no code taken):
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: an offset on every row, a BOM,
 *   9-decimal prices;
 * - help.topstepx.com (Trades component), TradeZella's TopstepX import article and its sample file, and open-source
 *   journals' TopstepX importers and fixtures (code search for "Id,ContractName,EnteredAt,ExitedAt"): the header
 *   `Id,ContractName,EnteredAt,ExitedAt,EntryPrice,ExitPrice,Fees,PnL,Size,Type,TradeDay` and, in 2026 files,
 *   `…,TradeDuration,Commissions`; times `07/02/2026 10:10:08 -04:00` (month first, the row's own offset); prices
 *   `30182.500000000`; `PnL` gross (price move × point value × size, checked on the samples: (18190.5 − 18193.75) × 3
 *   × $20 = −195); `Fees` the row's exchange and clearing fees and `Commissions` the platform's, both positive;
 *   `Type` Long or Short; `Size` positive; `TradeDay` the session date, not read.
 */
import Decimal from 'decimal.js';
import { columnsOf, headerReader, RowCells } from '../text/row-cells.js';
import { readFuturesTime } from '../futures/wall-clock.js';
import type { CsvRow, CsvTable } from '../text/csv-table.js';
import type { FilePosition, FileTime, TradeFile, TradeFileReader } from '../types.js';

const REQUIRED = ['Id', 'ContractName', 'EnteredAt', 'ExitedAt', 'EntryPrice', 'ExitPrice', 'PnL', 'Size', 'Type'] as const;

export const topstepxReader: TradeFileReader = headerReader('topstepx', REQUIRED, 'TopstepX Trades', readTrades);

function readTrades(table: CsvTable): TradeFile {
  const {
    Id: id,
    ContractName: contract,
    EnteredAt: entered,
    ExitedAt: exited,
    EntryPrice: entryPrice,
    ExitPrice: exitPrice,
    PnL: pnl,
    Size: size,
    Type: type,
  } = columnsOf(table, REQUIRED);
  const fees = table.column('Fees');
  const commissions = table.column('Commissions');
  const cells = new RowCells(table);
  const timeOf = (row: CsvRow, i: number): FileTime => {
    const time = readFuturesTime(cells.cell(row, i));
    return time === null
      ? cells.fail(row, i, 'a date and time (MM/DD/YYYY HH:MM:SS ±HH:MM)')
      : { local: time.local, offsetMinutes: time.offsetMinutes };
  };
  const positions = table.rows
    .filter((r) => r.cells.some((c) => c !== ''))
    .map((row): FilePosition => {
      const direction = cells.cell(row, type).toLowerCase();
      if (direction !== 'long' && direction !== 'short') cells.fail(row, type, 'Long or Short');
      const profit = new Decimal(cells.amount(row, pnl, 'an amount'));
      const commission = cells.cost(row, commissions);
      const fee = cells.cost(row, fees);
      return {
        position: cells.text(row, id),
        symbol: cells.text(row, contract),
        side: direction === 'long' ? 'buy' : 'sell',
        volume: cells.contracts(row, size),
        volumeUnit: 'contracts',
        openedAt: timeOf(row, entered),
        closedAt: timeOf(row, exited),
        openPrice: cells.price(row, entryPrice),
        closePrice: cells.price(row, exitPrice),
        commission: commission.toFixed(),
        swap: '0',
        fee: fee.toFixed(),
        profit: profit.toFixed(),
        net: profit.plus(commission).plus(fee).toFixed(),
        rows: [row.line],
      };
    });
  return { format: 'topstepx', currency: null, profitColumn: 'gross', positions };
}
