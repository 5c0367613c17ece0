import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { quantityUnit } from '../ctrader/ctrader-values.js';
import { CsvTable, headerKey, type CsvRow } from '../text/csv-table.js';
import { RowCells } from '../text/row-cells.js';
import type { FilePosition, FileTime, ReadTradeFileOptions, TradeFile, TradeFileReader } from '../types.js';
import { readMappedTime } from './mapped-time.js';
import { checkRunningBalance, type BalanceStep } from '../text/running-balance.js';

/**
 * Which column of a CSV no reader knows holds each part of a closed trade, by its header text (compared loosely, as
 * every reader compares headers). The trader names them once; the caller keeps the mapping for the next file whose
 * header is the same.
 */
export interface CsvMapping {
  symbol: string;
  side: string;
  volume: string;
  openTime: string;
  closeTime: string;
  openPrice: string;
  closePrice: string;
  profit: string;
  commission?: string | undefined;
  swap?: string | undefined;
  /** The position or trade id, where the file has one; otherwise one is built from the row's content. */
  id?: string | undefined;
  /** The balance after each trade, where the file gives it: checked against the running balance. */
  balance?: string | undefined;
  /** Whether `profit` is before costs (`gross`, the default) or after them (`net`). */
  profitIs?: 'gross' | 'net' | undefined;
  /** Slashed dates are day first (`02/03/2026` is 2 March); month first otherwise. */
  dayFirst?: boolean | undefined;
}

/** The mapping's fields that name a column, required first. */
export const MAPPED_COLUMNS = [
  'symbol',
  'side',
  'volume',
  'openTime',
  'closeTime',
  'openPrice',
  'closePrice',
  'profit',
  'commission',
  'swap',
  'id',
  'balance',
] as const;
type MappedColumn = (typeof MAPPED_COLUMNS)[number];

/** The rows searched for the header the mapping names (a title line or two may stand above it). */
const SCAN = 40;

const SIDES: Readonly<Record<string, 'buy' | 'sell'>> = {
  buy: 'buy',
  long: 'buy',
  b: 'buy',
  bot: 'buy',
  bought: 'buy',
  sell: 'sell',
  short: 'sell',
  s: 'sell',
  sld: 'sell',
  sold: 'sell',
};

/** The mapping's columns that are named, each with its header text. */
function namedColumns(mapping: CsvMapping): [MappedColumn, string][] {
  return MAPPED_COLUMNS.flatMap((field) => {
    const header = mapping[field];
    return header === undefined || header.trim() === '' ? [] : [[field, header] as [MappedColumn, string]];
  });
}

/**
 * The header row holding every column the mapping names, or a refusal (`bad_mapping`) naming the headers it lacks,
 * measured on the row that has the most of them.
 */
export function findMappedHeader(rows: readonly CsvRow[], mapping: CsvMapping): CsvTable {
  const named = namedColumns(mapping);
  let best: { row: CsvRow; missing: string[] } | null = null;
  for (const [i, row] of rows.slice(0, SCAN).entries()) {
    const have = new Set(row.cells.map(headerKey));
    const missing = named.filter(([, header]) => !have.has(headerKey(header))).map(([, header]) => header);
    if (missing.length === 0) return new CsvTable(row, rows.slice(i + 1));
    if (best === null || missing.length < best.missing.length) best = { row, missing };
  }
  const header = best?.row.cells ?? [];
  const missing = best?.missing ?? named.map(([, h]) => h);
  throw new TradeFileError(
    'bad_mapping',
    `The mapping names ${missing.map((h) => JSON.stringify(h)).join(', ')}, which the file's header does not have. ` +
      `Its header is: ${header.join(', ').slice(0, 300)}.`,
    { column: missing[0] ?? '', header },
    { reason: 'mapping_columns', params: { columns: missing.join(', ') } },
  );
}

/** A reader that reads a CSV through `mapping`: forced by the caller, it sniffs only for the header it names. */
export function mappedReader(mapping: CsvMapping): TradeFileReader {
  return {
    format: 'mapped',
    sniff: (rows) => {
      try {
        findMappedHeader(rows, mapping);
        return true;
      } catch {
        return false;
      }
    },
    read: (rows, options) => readMapped(rows, mapping, options),
  };
}

function readMapped(rows: readonly CsvRow[], mapping: CsvMapping, options: ReadTradeFileOptions): TradeFile {
  const table = findMappedHeader(rows, mapping);
  const read = new RowCells(table, options);
  const at = (field: MappedColumn): number | null => {
    const header = mapping[field];
    return header === undefined || header.trim() === '' ? null : table.column(header);
  };
  const need = (field: MappedColumn): number => at(field) ?? -1;
  const seen = new Map<string, number>();
  const positions: FilePosition[] = [];
  const balances: (BalanceStep & { at: number; order: number })[] = [];
  const balanceAt = at('balance');
  for (const row of table.rows) {
    // A totals or blank row: no symbol and no times.
    if ([need('symbol'), need('openTime'), need('closeTime')].every((i) => read.cell(row, i) === '')) continue;
    const time = (field: 'openTime' | 'closeTime'): FileTime =>
      readMappedTime(read.cell(row, need(field)), mapping.dayFirst ?? false) ?? read.fail(row, need(field), 'a date and time');
    const symbol = read.text(row, need('symbol'));
    const side = SIDES[read.cell(row, need('side')).toLowerCase()] ?? read.fail(row, need('side'), 'Buy or Sell (Long or Short)');
    const volume = new Decimal(read.amount(row, need('volume'), 'a volume')).abs().toFixed();
    const openedAt = time('openTime');
    const closedAt = time('closeTime');
    const commission = read.cost(row, at('commission'));
    const swap = new Decimal(read.optionalAmount(row, at('swap')));
    const stated = new Decimal(read.amount(row, need('profit'), 'an amount'));
    const net = mapping.profitIs === 'net' ? stated : stated.plus(commission).plus(swap);
    const profit = mapping.profitIs === 'net' ? stated.minus(commission).minus(swap) : stated;
    if (balanceAt !== null) {
      balances.push({
        line: row.line,
        column: read.header(balanceAt),
        written: read.cell(row, balanceAt),
        balance: new Decimal(read.amount(row, balanceAt, 'a balance')),
        change: net,
        at: Date.parse(`${closedAt.local.replace(' ', 'T')}Z`) - (closedAt.offsetMinutes ?? 0) * 60_000,
        order: balances.length,
      });
    }
    const idColumn = at('id');
    const ownId = idColumn === null ? '' : read.cell(row, idColumn);
    // Without an id column, the row's content is its id, so the same trade in the next file is the same trade.
    const built = `${symbol} ${side} ${volume} ${openedAt.local} ${closedAt.local}`;
    const occurrence = (seen.get(built) ?? 0) + 1;
    seen.set(built, occurrence);
    positions.push({
      position: ownId !== '' ? ownId : occurrence === 1 ? built : `${built} #${occurrence}`,
      symbol,
      side,
      volume,
      volumeUnit: quantityUnit(read.cell(row, need('volume')), 'lots') ?? 'lots',
      openedAt,
      closedAt,
      openPrice: read.price(row, need('openPrice')),
      closePrice: read.price(row, need('closePrice')),
      commission: commission.toFixed(),
      swap: swap.toFixed(),
      fee: '0',
      profit: profit.toFixed(),
      net: net.toFixed(),
      rows: [row.line],
    });
  }
  // Files list trades oldest or newest first: the balance runs in the order the trades closed.
  checkRunningBalance(balances.sort((a, b) => a.at - b.at || a.order - b.order));
  return { format: 'mapped', currency: null, profitColumn: mapping.profitIs ?? 'gross', header: table.header.cells, positions };
}
