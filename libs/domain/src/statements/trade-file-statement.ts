import { DEFAULT_BROKER_ZONE, localToInstant } from '@propfolio/coach';
import type { Position, Statement, Transaction } from '@propfolio/mt-statements';
import type { FilePosition, FileTime, TradeFile, TradeFileFormat } from '@propfolio/trade-files';
import { Slicer } from '../shared/slicer.js';

/**
 * Where the times of a file without offsets are read: the zone the import names (`fileTimeZone`), else the
 * platform's documented default. NinjaTrader and Tradovate write the clock of the computer or the account, which
 * the file does not say; futures traders mostly keep the exchange's (CME, Chicago), so that is the default, and the
 * answer shows the first and last trade in it so a wrong zone is seen before anything is written.
 */
export const DEFAULT_FILE_ZONES: Readonly<Record<TradeFileFormat, string>> = {
  ctrader: 'UTC',
  ninjatrader: 'America/Chicago',
  'tradovate-performance': 'America/Chicago',
  'tradovate-fills': 'America/Chicago',
  topstepx: 'America/Chicago',
  // MT5's report saved as XLSX is in the broker server's clock, as its HTML is (the import's serverTimeZone).
  'mt5-xlsx': DEFAULT_BROKER_ZONE,
  // A mapped CSV names its zone in the mapping; UTC when it does not.
  mapped: 'UTC',
  // DXtrade, Match-Trader and TradeLocker show times in a zone the file does not name; their servers and APIs keep UTC.
  dxtrade: 'UTC',
  'dxtrade-fills': 'UTC',
  matchtrader: 'UTC',
  tradelocker: 'UTC',
  // The journals' US market clock (TradeZella writes the zone on each time, so this is for a time without one).
  tradezella: 'America/New_York',
  tradervue: 'America/New_York',
};

/** How a file's times were turned into instants. */
export interface FileClock {
  /** `file`: every time carried its offset; `option`: the import's fileTimeZone; `default`: the platform's. */
  source: 'file' | 'option' | 'default';
  /** The zone used for times without an offset (null when every time had one). */
  zone: string | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An instant as a UTC wall clock 'YYYY-MM-DD HH:MM:SS', the form the statement pipeline reads with zone `UTC`. */
function utcWall(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function naiveMs(local: string): number {
  return Date.parse(`${local.replace(' ', 'T')}Z`);
}

/** The instant of a file time: its own offset wins; otherwise the zone. */
export function fileTimeToMs(time: FileTime, zone: string): number {
  if (time.offsetMinutes !== null) return naiveMs(time.local) - time.offsetMinutes * 60_000;
  return localToInstant(time.local, zone).getTime();
}

/** Which clock a file's times are read in, for the answer. */
export function fileClockOf(file: TradeFile, fileTimeZone: string | undefined): FileClock {
  const allOffsets = file.positions.every((p) => p.openedAt.offsetMinutes !== null && p.closedAt.offsetMinutes !== null);
  if (allOffsets) return { source: 'file', zone: null };
  return fileTimeZone === undefined
    ? { source: 'default', zone: DEFAULT_FILE_ZONES[file.format] }
    : { source: 'option', zone: fileTimeZone };
}

/**
 * A platform's trade file as the statement pipeline reads MetaTrader's: every time converted to an instant and written
 * as a UTC wall clock (so the pipeline runs with zone `UTC`), one trade transaction per position at its close (the
 * day its money reached the balance), and the positions with their entry and exit. The file gives no balances, so the
 * account's initial balance opens it: the days' balances are that plus the closed P&L so far.
 */
export async function statementFromTradeFile(
  file: TradeFile,
  opts: { zone: string; openingBalance: string; login: string; currency: string | null },
): Promise<Statement> {
  // 100,000 rows take a second or more to convert: in slices, so other requests are answered meanwhile.
  const slicer = new Slicer();
  const positions: Position[] = [];
  for (const p of file.positions) {
    positions.push(asPosition(p, opts.zone));
    await slicer.pause();
  }
  const transactions: Transaction[] = positions
    .map((p) => ({ position: p, at: p.closedAt }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map(({ position: p }) => ({
      kind: 'trade' as const,
      ticket: p.position,
      time: p.closedAt,
      symbol: p.symbol,
      profit: p.profit,
      commission: p.commission,
      swap: p.swap,
      fee: p.fee,
      comment: null,
      entry: 'out' as const,
    }));
  return {
    platform: 'mt5',
    account: { login: opts.login, name: null, currency: file.currency ?? opts.currency, server: null, company: null },
    generatedAt: null,
    openingBalance: opts.openingBalance,
    transactions,
    positions,
    summary: null,
  };
}

function asPosition(p: FilePosition, zone: string): Position {
  const openedAt = utcWall(fileTimeToMs(p.openedAt, zone));
  const closedAt = utcWall(fileTimeToMs(p.closedAt, zone));
  const zero = '0';
  return {
    position: p.position,
    symbol: p.symbol,
    side: p.side,
    volume: p.volume,
    openedAt,
    closedAt,
    openPrice: p.openPrice,
    closePrice: p.closePrice,
    stopLoss: null,
    takeProfit: null,
    commission: p.commission,
    swap: p.swap,
    fee: p.fee,
    profit: p.profit,
    net: p.net,
    comment: null,
    magic: null,
    entries: [
      {
        deal: `${p.position}-in`,
        time: openedAt,
        volume: p.volume,
        price: p.openPrice,
        profit: zero,
        commission: zero,
        swap: zero,
        fee: zero,
      },
    ],
    exits: [
      {
        deal: `${p.position}-out`,
        time: closedAt,
        volume: p.volume,
        price: p.closePrice,
        profit: p.profit,
        commission: p.commission,
        swap: p.swap,
        fee: p.fee,
      },
    ],
  };
}
