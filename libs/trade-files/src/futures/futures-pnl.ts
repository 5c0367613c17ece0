import Decimal from 'decimal.js';
import type { FilePosition, TradeFile } from '../types.js';
import { activeContracts, contractSpecOf, type ContractSpec, type ContractTable } from './contract-specs.js';

export interface FuturesPnlCheck {
  /** Gross profit the prices give: (close − open) × point value × contracts, negated for a short. */
  expected: string;
  /** The position's own gross profit less `expected`; "0" when the row adds up. */
  difference: string;
  /** An open or close price that is not a whole number of ticks (a misread price or a wrong root). */
  offTick: boolean;
}

/** Checks one futures position's gross profit against its prices and the root's point value. */
export function checkFuturesPnl(position: FilePosition, spec: ContractSpec): FuturesPnlCheck {
  const open = new Decimal(position.openPrice);
  const close = new Decimal(position.closePrice);
  const sign = position.side === 'buy' ? 1 : -1;
  const expected = close.minus(open).times(spec.pointValue).times(position.volume).times(sign);
  const tick = new Decimal(spec.tickSize);
  return {
    expected: expected.toFixed(),
    difference: new Decimal(position.profit).minus(expected).toFixed(),
    offTick: !open.mod(tick).isZero() || !close.mod(tick).isZero(),
  };
}

export interface FuturesPnlMismatch extends FuturesPnlCheck {
  position: string;
  symbol: string;
  profit: string;
  rows: number[];
}

export interface FuturesPnlReport {
  /** Positions whose profit is off by a cent or more, or whose prices are off the tick grid. */
  mismatches: FuturesPnlMismatch[];
  /** Symbols that are not a contract of a root in the table (not checked; the operator may add the root). */
  unchecked: string[];
}

/** A cent: platforms round each trade's profit to it, so a smaller difference is rounding, not a wrong row. */
const CENT = new Decimal('0.01');

/**
 * Checks every position of a futures file against its prices, so the import can flag a row that does not add up (a
 * wrong multiplier, a misread price, a file edited by hand) instead of storing its profit unexamined.
 */
export function findFuturesPnlMismatches(file: TradeFile, table: ContractTable = activeContracts()): FuturesPnlReport {
  const mismatches: FuturesPnlMismatch[] = [];
  const unchecked = new Set<string>();
  for (const p of file.positions) {
    const spec = contractSpecOf(p.symbol, table);
    if (spec === null) {
      unchecked.add(p.symbol);
      continue;
    }
    const check = checkFuturesPnl(p, spec);
    if (new Decimal(check.difference).abs().gte(CENT) || check.offTick) {
      mismatches.push({ position: p.position, symbol: p.symbol, profit: p.profit, rows: p.rows, ...check });
    }
  }
  return { mismatches, unchecked: [...unchecked] };
}
