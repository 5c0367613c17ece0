import Decimal from 'decimal.js';
import { parseContract } from './contract-symbol.js';

/**
 * What one contract of a futures root is worth: `pointValue` is the money a one-point move makes per contract (the
 * contract multiplier), `tickSize` the smallest price step. Decimal strings, never floats.
 */
export interface ContractSpec {
  pointValue: string;
  tickSize: string;
  currency: string;
  exchange: string;
  name: string;
}

export type ContractTable = Readonly<Record<string, ContractSpec>>;

/**
 * The roots prop-firm futures traders use most, from the exchanges' own contract specifications (CME Group's
 * "Contract Specs" pages for each product, cmegroup.com/markets/…_contractSpecs_futures.html, and CME Group's Micro WTI
 * FAQ, read 2026-11): contract unit → point value, minimum price fluctuation (outright) → tick size.
 * E-mini S&P 500 $50 × index, 0.25 pt; Micro E-mini S&P 500 $5 × index, 0.25 pt; E-mini Nasdaq-100 $20 × index,
 * 0.25 pt; Micro E-mini Nasdaq-100 $2 × index, 0.25 pt; E-mini Dow $5 × index, 1 pt; Micro E-mini Dow $0.50 × index,
 * 1 pt; E-mini Russell 2000 $50 × index, 0.10 pt; Micro E-mini Russell 2000 $5 × index, 0.10 pt; WTI Crude Oil
 * 1,000 bbl, $0.01; Micro WTI 100 bbl, $0.01; Gold 100 troy oz, $0.10; Micro Gold 10 troy oz, $0.10.
 * An operator adds others with {@link extendContracts}, or at start from a JSON file ({@link parseContractTable},
 * installed with {@link installContracts}; docs/statement-import.md).
 */
export const CONTRACTS: ContractTable = Object.freeze({
  ES: { pointValue: '50', tickSize: '0.25', currency: 'USD', exchange: 'CME', name: 'E-mini S&P 500' },
  MES: { pointValue: '5', tickSize: '0.25', currency: 'USD', exchange: 'CME', name: 'Micro E-mini S&P 500' },
  NQ: { pointValue: '20', tickSize: '0.25', currency: 'USD', exchange: 'CME', name: 'E-mini Nasdaq-100' },
  MNQ: { pointValue: '2', tickSize: '0.25', currency: 'USD', exchange: 'CME', name: 'Micro E-mini Nasdaq-100' },
  YM: { pointValue: '5', tickSize: '1', currency: 'USD', exchange: 'CBOT', name: 'E-mini Dow ($5)' },
  MYM: { pointValue: '0.5', tickSize: '1', currency: 'USD', exchange: 'CBOT', name: 'Micro E-mini Dow' },
  RTY: { pointValue: '50', tickSize: '0.1', currency: 'USD', exchange: 'CME', name: 'E-mini Russell 2000' },
  M2K: { pointValue: '5', tickSize: '0.1', currency: 'USD', exchange: 'CME', name: 'Micro E-mini Russell 2000' },
  CL: { pointValue: '1000', tickSize: '0.01', currency: 'USD', exchange: 'NYMEX', name: 'Crude Oil (WTI)' },
  MCL: { pointValue: '100', tickSize: '0.01', currency: 'USD', exchange: 'NYMEX', name: 'Micro WTI Crude Oil' },
  GC: { pointValue: '100', tickSize: '0.1', currency: 'USD', exchange: 'COMEX', name: 'Gold' },
  MGC: { pointValue: '10', tickSize: '0.1', currency: 'USD', exchange: 'COMEX', name: 'Micro Gold' },
});

/** Why an operator's contract table was refused. */
export class ContractTableError extends Error {
  readonly code = 'invalid_contract_spec';

  constructor(
    readonly root: string,
    message: string,
  ) {
    super(message);
    this.name = 'ContractTableError';
  }
}

/**
 * The built-in table with an operator's own roots added (or overriding a built-in one, say a broker's different
 * multiplier). A plain object in, a new frozen table out; an entry that is not a usable spec is refused by root.
 */
export function extendContracts(extra: Readonly<Record<string, ContractSpec>>, base: ContractTable = CONTRACTS): ContractTable {
  const table: Record<string, ContractSpec> = { ...base };
  for (const [rawRoot, spec] of Object.entries(extra)) {
    const root = rawRoot.trim().toUpperCase();
    if (!/^(?=.*[A-Z])[A-Z0-9]{1,4}$/.test(root)) {
      throw new ContractTableError(rawRoot, `Contract root ${JSON.stringify(rawRoot)} is not 1 to 4 letters or digits.`);
    }
    for (const key of ['pointValue', 'tickSize'] as const) {
      if (!isPositiveDecimal(spec[key])) {
        throw new ContractTableError(root, `${root}: ${key} ${JSON.stringify(spec[key])} is not a positive decimal number.`);
      }
    }
    if (!/^[A-Z]{3}$/.test(spec.currency)) {
      throw new ContractTableError(root, `${root}: currency ${JSON.stringify(spec.currency)} is not a 3-letter code.`);
    }
    table[root] = Object.freeze({ ...spec });
  }
  return Object.freeze(table);
}

function isPositiveDecimal(value: unknown): boolean {
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) && new Decimal(value).gt(0);
}

const SPEC_KEYS = ['pointValue', 'tickSize', 'currency', 'exchange', 'name'] as const;

/**
 * An operator's contract table as JSON gives it (`{"ZN": {"pointValue": "1000", "tickSize": "0.015625",
 * "currency": "USD", "exchange": "CBOT", "name": "10-Year T-Note"}}`), checked, over the built-in table: the whole
 * table or nothing. pointValue and tickSize are decimal strings (a JSON number is taken when it is written exactly,
 * as `1000` or `0.25`); currency a 3-letter code; exchange and name optional text. Refused with the root and key at fault.
 */
export function parseContractTable(value: unknown, base: ContractTable = CONTRACTS): ContractTable {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ContractTableError('', 'The contract table is not a JSON object of roots (e.g. {"ZN": {"pointValue": "1000", …}}).');
  }
  const specs: Record<string, ContractSpec> = {};
  for (const [root, raw] of Object.entries(value as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ContractTableError(root, `${root}: not an object with pointValue, tickSize and currency.`);
    }
    const entry = raw as Record<string, unknown>;
    const unknownKey = Object.keys(entry).find((k) => !(SPEC_KEYS as readonly string[]).includes(k));
    if (unknownKey !== undefined) {
      throw new ContractTableError(root, `${root}: unknown key ${JSON.stringify(unknownKey)} (keys: ${SPEC_KEYS.join(', ')}).`);
    }
    const text = (key: (typeof SPEC_KEYS)[number], fallback?: string): string => {
      const v = entry[key];
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      if (typeof v === 'string') return v.trim();
      if (v === undefined && fallback !== undefined) return fallback;
      throw new ContractTableError(root, `${root}: ${key} is ${v === undefined ? 'missing' : `not text: ${JSON.stringify(v)}`}.`);
    };
    specs[root] = {
      pointValue: text('pointValue'),
      tickSize: text('tickSize'),
      currency: text('currency'),
      exchange: text('exchange', ''),
      name: text('name', root),
    };
  }
  return extendContracts(specs, base);
}

let installed: ContractTable = CONTRACTS;

/**
 * Makes `table` the one every reader and check of this library uses when not given one (an operator's table, read
 * once at start in each process that reads files). The built-in table until then.
 */
export function installContracts(table: ContractTable): void {
  installed = table;
}

/** The table in use: the built-in one, or the one {@link installContracts} installed. */
export function activeContracts(): ContractTable {
  return installed;
}

/** The spec of a symbol's root (`MNQH6` → MNQ's), or null when the symbol is not a contract or its root is not in `table`. */
export function contractSpecOf(symbol: string, table: ContractTable = installed): ContractSpec | null {
  // A bare root (`MNQ`, Tradovate's Product column) is its own spec.
  const root = parseContract(symbol)?.root ?? symbol.trim().toUpperCase();
  return Object.hasOwn(table, root) ? (table[root] ?? null) : null;
}
