import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { mergePartialCloses } from '../ctrader/merge-partial-closes.js';
import { RowCells } from '../text/row-cells.js';
import { CsvTable, type CsvRow } from '../text/csv-table.js';
import type { FilePosition, FileTime, ProfitBasis, TradeFile, TradeFileFormat, TradeFileReader } from '../types.js';
import { readClock, type ClockForms } from './clock.js';

/**
 * One reader for the exports that list one closed position (or one partial close of it) per row: DXtrade's and
 * Match-Trader's closed positions, TradeZella's and Tradervue's trade exports. Each names its columns (by header text,
 * loosely compared, in any order), its sides and its time forms; this reads the rows, or refuses the file naming the
 * line, the column and the value.
 */
export interface PositionRowsLayout {
  format: TradeFileFormat;
  /** For messages: "DXtrade closed positions". */
  exportName: string;
  /** Headers every file of this export has (and no other platform's export has all of): the sniff. */
  signature: readonly string[];
  columns: {
    /** The position's id; without one, the id is built from the symbol and the opening time. */
    id?: readonly string[];
    symbol: readonly string[];
    side: readonly string[];
    volume: readonly string[];
    openTime: readonly string[];
    closeTime: readonly string[];
    /** Where the date is a column of its own beside the time (TradeZella's `Open Date` and `Open Time`). */
    openDate?: readonly string[];
    closeDate?: readonly string[];
    openPrice: readonly string[];
    closePrice: readonly string[];
    commission?: readonly string[];
    swap?: readonly string[];
    fee?: readonly string[];
    /** Profit before costs. */
    gross?: readonly string[];
    /** Profit after costs. */
    net?: readonly string[];
  };
  /**
   * How the cost columns are signed: `either` (platforms that write a charge as -4.50 or as 4.50: a cost whichever
   * way) or `charge-positive` (a charge positive and a credit, a rebate, negative: Tradervue's fees).
   */
  costs?: 'either' | 'charge-positive';
  /** Lower-cased side words to sides (`buy`, `long`, `l` → buy). */
  sides: Readonly<Record<string, 'buy' | 'sell'>>;
  clock: ClockForms;
  /** How the time cells are written, for the refusal ("YYYY-MM-DD HH:MM:SS"). */
  timeForm: string;
  volumeUnit(row: CsvRow, cells: RowCells, symbol: string, table: CsvTable): FilePosition['volumeUnit'];
  /** The platform the file itself names, where it does (a journal's account name); null when it does not. */
  platform?(table: CsvTable, cells: RowCells): string | null;
  /** Whether the export lists trades still open (no close time, no exit): they are skipped, not refused. */
  listsOpenTrades?: boolean;
}

type Column = number | null;

export function positionRowsReader(layout: PositionRowsLayout): TradeFileReader {
  const find = (rows: readonly CsvRow[]) => CsvTable.find([...rows], [...layout.signature], 10);
  return {
    format: layout.format,
    sniff: (rows) => find(rows) !== null,
    read: (rows, options) => {
      const table = find(rows);
      if (table === null) {
        throw new TradeFileError(
          'not_a_trade_file',
          `No ${layout.exportName} header was found.`,
          {},
          {
            reason: 'no_header',
            params: { export: layout.exportName },
          },
        );
      }
      return readPositions(layout, table, new RowCells(table, options));
    },
  };
}

function readPositions(layout: PositionRowsLayout, table: CsvTable, cells: RowCells): TradeFile {
  const { columns } = layout;
  const optional = (names: readonly string[] | undefined): Column => (names === undefined ? null : table.column(...names));
  const required = (names: readonly string[]): number => {
    const i = table.column(...names);
    if (i !== null) return i;
    throw new TradeFileError(
      'not_a_trade_file',
      `This ${layout.exportName} export lacks the ${names[0] ?? ''} column.`,
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: names[0] ?? '' } },
    );
  };
  const c = {
    id: optional(columns.id),
    symbol: required(columns.symbol),
    side: required(columns.side),
    volume: required(columns.volume),
    openTime: required(columns.openTime),
    closeTime: required(columns.closeTime),
    openDate: optional(columns.openDate),
    closeDate: optional(columns.closeDate),
    openPrice: required(columns.openPrice),
    closePrice: required(columns.closePrice),
    commission: optional(columns.commission),
    swap: optional(columns.swap),
    fee: optional(columns.fee),
    gross: optional(columns.gross),
    net: optional(columns.net),
  };
  if (c.gross === null && c.net === null) {
    const names = [...(columns.gross ?? []), ...(columns.net ?? [])].slice(0, 2).join(' or ');
    throw new TradeFileError(
      'not_a_trade_file',
      `This ${layout.exportName} export has no profit column (${names}).`,
      { header: table.header.cells },
      { reason: 'no_profit_column', params: { columns: names } },
    );
  }
  const timeOf = (row: CsvRow, time: number, date: Column): FileTime => {
    if (date !== null && cells.cell(row, time) === '') cells.fail(row, time, 'a time (HH:MM:SS)');
    const text = date === null ? cells.cell(row, time) : `${cells.cell(row, date)} ${cells.cell(row, time)}`;
    return readClock(text, layout.clock) ?? cells.fail(row, date ?? time, `a date and time (${layout.timeForm})`);
  };
  const costOf = (row: CsvRow, i: Column): Decimal => {
    if (layout.costs !== 'charge-positive') return cells.cost(row, i);
    if (i === null || ['', '-'].includes(cells.cell(row, i))) return new Decimal(0);
    return new Decimal(cells.amount(row, i, 'an amount')).negated();
  };
  const builtIds = new Map<string, number>();
  const read = table.rows
    .filter(
      (row) =>
        row.cells.some((cell) => cell !== '') &&
        !totals(row, c) &&
        !(layout.listsOpenTrades === true && stillOpen(row, c.closeTime, c.closeDate)),
    )
    .map((row) => {
      const symbol = cells.text(row, c.symbol);
      const side = layout.sides[cells.cell(row, c.side).toLowerCase()] ?? cells.fail(row, c.side, sideWords(layout));
      const volume = cells.amount(row, c.volume, 'a volume');
      if (!new Decimal(volume).gt(0)) cells.fail(row, c.volume, 'a positive volume');
      const openedAt = timeOf(row, c.openTime, c.openDate);
      const closedAt = timeOf(row, c.closeTime, c.closeDate);
      const commission = costOf(row, c.commission);
      const fee = costOf(row, c.fee);
      const money = moneyOf(row, cells, c.gross, c.net, commission.plus(fee), c.swap);
      let position: string;
      if (c.id === null) {
        const base = `${symbol}@${openedAt.local}`;
        const seen = (builtIds.get(base) ?? 0) + 1;
        builtIds.set(base, seen);
        position = seen === 1 ? base : `${base}#${seen}`;
      } else {
        position = cells.text(row, c.id);
      }
      const filePosition: FilePosition = {
        position,
        symbol,
        side,
        volume,
        volumeUnit: layout.volumeUnit(row, cells, symbol, table),
        openedAt,
        closedAt,
        openPrice: cells.price(row, c.openPrice),
        closePrice: cells.price(row, c.closePrice),
        commission: commission.toFixed(),
        swap: money.swap.toFixed(),
        fee: fee.toFixed(),
        profit: money.gross.toFixed(),
        net: money.net.toFixed(),
        rows: [row.line],
      };
      return { position: filePosition, idColumn: cells.header(c.id ?? c.symbol) };
    });
  const profitColumn: ProfitBasis = c.gross === null ? 'net' : 'gross';
  return {
    format: layout.format,
    currency: null,
    profitColumn,
    positions: mergePartialCloses(read),
    ...(layout.platform === undefined ? {} : { platform: layout.platform(table, cells) }),
  };
}

/**
 * Gross and net from the columns the file has: the one it lacks is the other less (or plus) the costs. Where it has
 * both, they must agree with the costs to the cent; a file that writes its swap with the other sign than this reads it
 * (a charge as a positive number) is read the way that adds up, and a row that adds up neither way is refused.
 */
function moneyOf(
  row: CsvRow,
  cells: RowCells,
  grossColumn: Column,
  netColumn: Column,
  costs: Decimal,
  swapColumn: Column,
): { gross: Decimal; net: Decimal; swap: Decimal } {
  const swap =
    swapColumn === null || ['', '-'].includes(cells.cell(row, swapColumn))
      ? new Decimal(0)
      : new Decimal(cells.amount(row, swapColumn, 'an amount'));
  const stated = (i: Column): Decimal | null => (i === null ? null : new Decimal(cells.amount(row, i, 'an amount')));
  const gross = stated(grossColumn);
  const net = stated(netColumn);
  if (gross === null) return { gross: (net as Decimal).minus(costs).minus(swap), net: net as Decimal, swap };
  if (net === null) return { gross, net: gross.plus(costs).plus(swap), swap };
  const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  for (const s of [swap, swap.negated()]) {
    if (cents(gross.plus(costs).plus(s)).equals(cents(net))) return { gross, net, swap: s };
  }
  const expected = cents(gross.plus(costs).plus(swap)).toFixed(2);
  return cells.fail(row, netColumn as number, `${expected}, the profit ${gross.toFixed()} with its costs ${costs.plus(swap).toFixed()}`);
}

/** A totals row under the table: money summed, but no symbol and no times. */
function totals(row: CsvRow, c: { symbol: number; openTime: number; closeTime: number }): boolean {
  return [c.symbol, c.openTime, c.closeTime].every((i) => (row.cells[i] ?? '') === '');
}

function stillOpen(row: CsvRow, closeTime: number, closeDate: Column): boolean {
  return (row.cells[closeTime] ?? '') === '' && (closeDate === null || (row.cells[closeDate] ?? '') === '');
}

function sideWords(layout: PositionRowsLayout): string {
  const words = Object.keys(layout.sides);
  return words.length <= 2 ? words.join(' or ') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}
