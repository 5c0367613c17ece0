/*
 * DXtrade's fills (the trade history of executions, exported as CSV): one row per fill, opening and closing fills
 * apart, the realised profit on the closing fill. Layout facts, and where they came from (read 2026-11-29 for facts,
 * no code taken; test/fixtures/README.md names them):
 * - a Python fills parser of a DXtrade trader's weekly review (code search for "DXTrade fills CSV parser"), its columns
 *   "confirmed from [a] fills export screenshot": `Date and Time` (also `Date/Time`), `Symbol`, `Order ID`,
 *   `Trade Code`, `Side` (`Buy`/`Sell`), `Position effect` (`Opening`/`Closing`), `Trade Volume`, `Trade Price`,
 *   `Commission`, `Closed P&L`, `Net Closed P&L` (the last two on closing fills only); times like `07/05/26 11:52`,
 *   which it reads day first (`%d/%m/%y %H:%M`) and its sample week (W19 of 2026) confirms: 7 May 2026 is in week 19,
 *   5 July is not;
 * - a DXtrade terminal scraper's test (code search for "Position effect"): the same history columns with `Time`, ISO
 *   times and `Close` as the effect; its positions table writes a sell's quantity negative (`-3`);
 * - a TypeScript journal that recognises DXtrade's export by `Date and time` with `Side` and pairs its fills first in,
 *   first out per symbol, taking the profit from the realised P&L column.
 * So: columns by header text, never position; fills paired first in, first out per symbol (pairFillsFifo, shared
 * with Tradovate and TradeLocker), an opening fill only opening and a closing fill only closing (a hedging account
 * holds both sides); the profit of a pair is its share of the closing fill's `Closed P&L` (prices alone cannot give a
 * CFD's profit: the contract size is not in the file), the commission its shares of both fills' `Commission`; the pairs of one opening fill are one position with several
 * exits (mergePartialCloses, as cTrader's and TradeLocker's partial closes), keyed by its `Trade Code` (else `Order ID`).
 * `Net Closed P&L` is not read: whether it counts the opening fill's commission is not known, and the net here is
 * the profit plus every commission the position's fills carry. Volume is in lots, its sign dropped (the side says
 * it). Dates: a slashed date is day first unless a row shows otherwise (a second number above 12); a file none of
 * whose dates tells is read day first and says so (the `date_order` notice). Times carry no zone: the import's
 * fileTimeZone, else the DXtrade default (UTC), as for DXtrade's closed positions. What is still open at the end of
 * the file, or was opened before it, is no position (as Tradovate's fills).
 */
import Decimal from 'decimal.js';
import { mergePartialCloses } from '../ctrader/merge-partial-closes.js';
import { TradeFileError } from '../errors.js';
import { pairFillsFifo, positionOfPair, type Fill, type FillPair } from '../fills/fifo-pairing.js';
import { wallClock } from '../futures/wall-clock.js';
import type { ImportNotice } from '../notices.js';
import { readClock } from '../position-rows/clock.js';
import { headerReader, RowCells } from '../text/row-cells.js';
import type { CsvTable, CsvRow } from '../text/csv-table.js';
import type { FilePosition, FileTime, TradeFile, TradeFileReader } from '../types.js';

const EXPORT = 'DXtrade fills';
const SIGNATURE = ['Symbol', 'Side', 'Position effect', 'Trade Volume', 'Trade Price'];

interface Columns {
  time: number;
  symbol: number;
  side: number;
  effect: number;
  volume: number;
  price: number;
  tradeCode: number | null;
  orderId: number | null;
  commission: number | null;
  closedPnl: number | null;
}

export const dxtradeFillsReader: TradeFileReader = headerReader('dxtrade-fills', SIGNATURE, EXPORT, readFills);

function readFills(table: CsvTable): TradeFile {
  const required = (...names: string[]): number => {
    const i = table.column(...names);
    if (i !== null) return i;
    throw new TradeFileError(
      'not_a_trade_file',
      `This ${EXPORT} export lacks the ${names[0]} column.`,
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: names[0] ?? '' } },
    );
  };
  const c: Columns = {
    time: required('Date and Time', 'Date/Time', 'DateTime', 'Time'),
    symbol: required('Symbol'),
    side: required('Side'),
    effect: required('Position effect'),
    volume: required('Trade Volume'),
    price: required('Trade Price'),
    tradeCode: table.column('Trade Code'),
    orderId: table.column('Order ID'),
    commission: table.column('Commission'),
    closedPnl: table.column('Closed P&L'),
  };
  const cells = new RowCells(table);
  const rows = table.rows.filter((r) => r.cells.some((cell) => cell !== ''));
  const dates = dateOrder(rows, c.time, cells);
  const fills = rows.map((row) => readFill(row, c, cells, dates.order));
  // A history listed newest first puts the later of two fills of one minute on the earlier line.
  const first = fills[0];
  const last = fills[fills.length - 1];
  if (first !== undefined && last !== undefined && first.local > last.local) for (const f of fills) f.sequence = -f.line;
  const { pairs } = pairFillsFifo(fills);
  // A position is an opening fill: the pairs of one opening fill are its exits (partial closes), one position as in
  // DXtrade's closed positions and the other CFD readers.
  const idColumn = cells.header(c.tradeCode ?? c.orderId ?? c.time);
  const positions = mergePartialCloses(pairs.map((pair) => ({ position: positionOf(pair, c, cells), idColumn }))).map((p) => ({
    ...p,
    rows: [...new Set(p.rows)].sort((a, b) => a - b),
  }));
  const notices: ImportNotice[] = dates.told ? [] : dates.example === null ? [] : [{ code: 'date_order', params: dates.example }];
  return { format: 'dxtrade-fills', currency: null, profitColumn: 'gross', positions, notices };
}

const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Whether the file's slashed dates are day or month first, from its own rows: a first number above 12 is a day, a
 * second one above 12 is too. Rows that say both are refused (the first that contradicts an earlier one); a file
 * none of whose rows tells is read day first, DXtrade's order in the sources, with the first such date as the example.
 */
function dateOrder(
  rows: readonly CsvRow[],
  column: number,
  cells: RowCells,
): { order: 'dmy' | 'mdy'; told: boolean; example: { date: string; read: string } | null } {
  let told: { order: 'dmy' | 'mdy' } | null = null;
  let example: { date: string; read: string } | null = null;
  for (const row of rows) {
    const m = SLASHED.exec(cells.cell(row, column).trim());
    if (m === null) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    const says = a > 12 ? 'dmy' : b > 12 ? 'mdy' : null;
    if (says !== null && told !== null && says !== told.order) {
      cells.fail(row, column, `a date in the file's order (${told.order === 'dmy' ? 'day' : 'month'} first, as earlier rows show)`);
    }
    if (says !== null) told ??= { order: says };
    example ??= { date: m[0].split(/[ T]/)[0] ?? m[0], read: `${fullYear(m[3] ?? '')}-${pad(b)}-${pad(a)}` };
  }
  return { order: told?.order ?? 'dmy', told: told !== null, example };
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** DXtrade writes a two-digit year; its history is this century's. */
const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

function readTime(raw: string, order: 'dmy' | 'mdy'): FileTime | null {
  const m = SLASHED.exec(raw.trim());
  if (m === null) return readClock(raw, { slashed: order });
  const [, a = '', b = '', y = '', h = '0', mi = '0', s = '0'] = m;
  const [day, month] = order === 'dmy' ? [Number(a), Number(b)] : [Number(b), Number(a)];
  const local = wallClock(fullYear(y), month, day, Number(h), Number(mi), Number(s));
  return local === null ? null : { local, offsetMinutes: null };
}

function readFill(row: CsvRow, c: Columns, cells: RowCells, order: 'dmy' | 'mdy'): Fill {
  const side = cells.cell(row, c.side).trim().toLowerCase();
  if (side !== 'buy' && side !== 'sell') cells.fail(row, c.side, 'Buy or Sell');
  const effectText = cells.cell(row, c.effect).trim().toLowerCase();
  const effect = /^open(ing)?$/.test(effectText) ? 'open' : /^clos(e|ing)$/.test(effectText) ? 'close' : null;
  if (effect === null) return cells.fail(row, c.effect, 'Opening or Closing');
  const time = readTime(cells.cell(row, c.time), order) ?? cells.fail(row, c.time, 'a date and time (07/05/26 11:52)');
  const volume = new Decimal(cells.amount(row, c.volume, 'a volume')).abs();
  if (volume.isZero()) cells.fail(row, c.volume, 'a volume other than zero');
  const profit =
    effect === 'close' && c.closedPnl !== null ? new Decimal(cells.amount(row, c.closedPnl, 'a profit (Closed P&L)')) : undefined;
  if (effect === 'close' && profit === undefined) {
    throw new TradeFileError(
      'not_a_trade_file',
      `This ${EXPORT} export lacks the Closed P&L column, so its closing fills' profit is unknown.`,
      {},
      { reason: 'missing_columns', params: { columns: 'Closed P&L' } },
    );
  }
  const code = [c.tradeCode, c.orderId].map((i) => (i === null ? '' : cells.cell(row, i).trim())).find((v) => v !== '');
  return {
    id: code ?? `line ${row.line}`,
    account: '',
    contract: cells.text(row, c.symbol).trim(),
    side,
    quantity: volume,
    price: cells.price(row, c.price),
    local: time.local,
    millis: 0,
    offsetMinutes: time.offsetMinutes,
    commission: cells.cost(row, c.commission),
    line: row.line,
    effect,
    ...(profit === undefined ? {} : { profit }),
  };
}

function positionOf(pair: FillPair, c: Columns, cells: RowCells): FilePosition {
  const { open, close } = pair;
  if (pair.closeProfit === null) return cells.failAt(close.line, c.closedPnl ?? c.effect, '', 'a profit (Closed P&L)');
  return positionOfPair(pair, { position: open.id, symbol: open.contract, side: open.side, volumeUnit: 'lots', profit: pair.closeProfit });
}
