/*
 * Tradovate's Performance export (Reports → Performance → download CSV): one row per pair of fills Tradovate matched
 * first in, first out. Layout facts, from public sources (read for facts, no code taken):
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: no side column (long or short is
 *   which of bought and sold came first); pnl gross; `$(30.00)`, quoted `"$1,200.00"`; durations like
 *   `1h 16min 45sec`; instruments like `MNQH6`; times without an offset;
 * - open-source journals' Tradovate importers and fixtures (code search for "buyFillId,sellFillId"; Deltalytix's
 *   tradovate-processor): the header `symbol,_priceFormat,_priceFormatType,_tickSize,buyFillId,sellFillId,qty,
 *   buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration`; times `09/10/2026 16:30:03` (month first);
 *   fill ids grow with time, so when both fills share a second the lower id was first.
 * The duration column repeats what the two timestamps say and is not read.
 */
import Decimal from 'decimal.js';
import { columnsOf, headerReader, RowCells } from '../text/row-cells.js';
import { readFuturesTime, type ReadTime } from '../futures/wall-clock.js';
import type { CsvRow, CsvTable } from '../text/csv-table.js';
import type { FilePosition, FileTime, TradeFile, TradeFileReader } from '../types.js';

const REQUIRED = ['symbol', 'buyFillId', 'sellFillId', 'qty', 'buyPrice', 'sellPrice', 'pnl', 'boughtTimestamp', 'soldTimestamp'] as const;

export const tradovatePerformanceReader: TradeFileReader = headerReader(
  'tradovate-performance',
  REQUIRED,
  'Tradovate Performance',
  readPerformance,
);

function readPerformance(table: CsvTable): TradeFile {
  const {
    symbol,
    buyFillId,
    sellFillId,
    qty,
    buyPrice,
    sellPrice,
    pnl,
    boughtTimestamp: bought,
    soldTimestamp: sold,
  } = columnsOf(table, REQUIRED);
  const cells = new RowCells(table);
  const positions = table.rows
    .filter((r) => r.cells.some((c) => c !== ''))
    .map((row): FilePosition => {
      const buyId = cells.text(row, buyFillId);
      const sellId = cells.text(row, sellFillId);
      const boughtAt = timeOf(cells, row, bought);
      const soldAt = timeOf(cells, row, sold);
      const long =
        boughtFirst(boughtAt, soldAt, buyId, sellId) ??
        cells.fail(row, sold, `a time apart from boughtTimestamp (${boughtAt.local}) or fill ids that order them`);
      const buy = cells.price(row, buyPrice);
      const sell = cells.price(row, sellPrice);
      const profit = cells.amount(row, pnl, 'an amount');
      return {
        // The pair of fills is what Tradovate matched; the Fills reader names its pairs the same way.
        position: `${buyId}/${sellId}`,
        symbol: cells.text(row, symbol),
        side: long ? 'buy' : 'sell',
        volume: cells.contracts(row, qty),
        volumeUnit: 'contracts',
        openedAt: fileTime(long ? boughtAt : soldAt),
        closedAt: fileTime(long ? soldAt : boughtAt),
        openPrice: long ? buy : sell,
        closePrice: long ? sell : buy,
        // The Performance report carries no costs: its pnl is the gross result of the pair.
        commission: '0',
        swap: '0',
        fee: '0',
        profit,
        net: new Decimal(profit).toFixed(),
        rows: [row.line],
      };
    });
  return { format: 'tradovate-performance', currency: null, profitColumn: 'gross', positions };
}

function timeOf(cells: RowCells, row: CsvRow, i: number): ReadTime {
  // The report writes the wall clock of the zone chosen in Tradovate's settings and no offset: the caller supplies it.
  return readFuturesTime(cells.cell(row, i)) ?? cells.fail(row, i, 'a date and time (MM/DD/YYYY HH:MM:SS)');
}

function fileTime(time: ReadTime): FileTime {
  return { local: time.local, offsetMinutes: time.offsetMinutes };
}

/** True when the buy fill opened the pair (a long), false for a short, null when nothing tells them apart. */
function boughtFirst(bought: ReadTime, sold: ReadTime, buyId: string, sellId: string): boolean | null {
  if (bought.local !== sold.local) return bought.local < sold.local;
  if (bought.millis !== sold.millis) return bought.millis < sold.millis;
  if (/^\d+$/.test(buyId) && /^\d+$/.test(sellId) && buyId !== sellId) return BigInt(buyId) < BigInt(sellId);
  return null;
}
