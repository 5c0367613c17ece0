import {
  activeContracts,
  CONTRACTS,
  ContractTableError,
  contractSpecOf,
  extendContracts,
  installContracts,
  parseContractTable,
} from './contract-specs.js';
import { parseContract } from './contract-symbol.js';
import { checkFuturesPnl, findFuturesPnlMismatches } from './futures-pnl.js';
import type { FilePosition, TradeFile } from '../types.js';

describe('parseContract', () => {
  it.each([
    ['MNQH6', { root: 'MNQ', expiry: '2026-03' }],
    ['MNQH26', { root: 'MNQ', expiry: '2026-03' }],
    ['MNQ MAR26', { root: 'MNQ', expiry: '2026-03' }],
    ['MNQ 03-26', { root: 'MNQ', expiry: '2026-03' }],
    ['mnq mar26', { root: 'MNQ', expiry: '2026-03' }],
    ['ESZ5', { root: 'ES', expiry: '2025-12' }],
    ['M2KM6', { root: 'M2K', expiry: '2026-06' }],
    ['M2KK6', { root: 'M2K', expiry: '2026-05' }],
    ['MNQN6', { root: 'MNQ', expiry: '2026-07' }],
    ['6EU6', { root: '6E', expiry: '2026-09' }],
    ['CLF7', { root: 'CL', expiry: '2027-01' }],
    ['GC DEC26', { root: 'GC', expiry: '2026-12' }],
    ['MGC 12-26', { root: 'MGC', expiry: '2026-12' }],
  ])('%s → %j', (symbol, expected) => {
    expect(parseContract(symbol)).toEqual(expected);
  });

  it.each(['EURUSD', 'MNQ', 'MNQ 13-26', 'MNQ 00-26', 'MNQA6', '12H6', 'MNQ MAR', ''])('%j is not a contract', (symbol) => {
    expect(parseContract(symbol)).toBeNull();
  });

  it('reads a one-digit year from the year the trade was made, across a decade', () => {
    expect(parseContract('MNQH0', { tradedInYear: 2029 })?.expiry).toBe('2030-03');
    expect(parseContract('MNQZ9', { tradedInYear: 2029 })?.expiry).toBe('2029-12');
    // A December contract closed in the first days of the next year keeps its own year.
    expect(parseContract('MNQZ9', { tradedInYear: 2030 })?.expiry).toBe('2029-12');
    expect(parseContract('MNQH6', { tradedInYear: 2026 })?.expiry).toBe('2026-03');
    expect(parseContract('CLF7', { tradedInYear: 2026 })?.expiry).toBe('2027-01');
    // Two digits say the year outright.
    expect(parseContract('MNQH26', { tradedInYear: 2031 })?.expiry).toBe('2026-03');
  });
});

describe('CONTRACTS and extendContracts', () => {
  it('knows the roots prop futures traders use, with a tick value that is point value × tick size', () => {
    const tickValue = (root: string) => Number(CONTRACTS[root]!.pointValue) * Number(CONTRACTS[root]!.tickSize);
    // Dollar value of one tick as CME Group's specs state it.
    expect(
      Object.fromEntries(['ES', 'MES', 'NQ', 'MNQ', 'YM', 'MYM', 'RTY', 'M2K', 'CL', 'MCL', 'GC', 'MGC'].map((r) => [r, tickValue(r)])),
    ).toEqual({ ES: 12.5, MES: 1.25, NQ: 5, MNQ: 0.5, YM: 5, MYM: 0.5, RTY: 5, M2K: 0.5, CL: 10, MCL: 1, GC: 10, MGC: 1 });
  });

  it('finds the spec of a contract symbol in any of its forms, or of a bare root', () => {
    expect(contractSpecOf('MNQ MAR26')).toBe(CONTRACTS.MNQ);
    expect(contractSpecOf('MESH6')).toBe(CONTRACTS.MES);
    expect(contractSpecOf('MNQ')).toBe(CONTRACTS.MNQ);
    expect(contractSpecOf('ZNH6')).toBeNull();
    expect(contractSpecOf('toString')).toBeNull();
  });

  it("adds an operator's roots and overrides without changing the built-in table", () => {
    const table = extendContracts({
      zn: { pointValue: '1000', tickSize: '0.015625', currency: 'USD', exchange: 'CBOT', name: '10-Year T-Note' },
    });
    expect(contractSpecOf('ZNH6', table)?.pointValue).toBe('1000');
    expect(contractSpecOf('MNQH6', table)).toEqual(CONTRACTS.MNQ);
    expect(contractSpecOf('ZNH6')).toBeNull();
    expect(Object.isFrozen(table)).toBe(true);
  });

  it.each([
    [{ 'Z N': { pointValue: '1', tickSize: '1', currency: 'USD', exchange: 'X', name: 'x' } }, /root/],
    [{ ZN: { pointValue: '-5', tickSize: '1', currency: 'USD', exchange: 'X', name: 'x' } }, /pointValue/],
    [{ ZN: { pointValue: '5', tickSize: '0', currency: 'USD', exchange: 'X', name: 'x' } }, /tickSize/],
    [{ ZN: { pointValue: '5', tickSize: '1', currency: 'dollars', exchange: 'X', name: 'x' } }, /currency/],
  ])('refuses an unusable operator entry naming it (%j)', (extra, message) => {
    expect(() => extendContracts(extra)).toThrow(ContractTableError);
    expect(() => extendContracts(extra)).toThrow(message);
  });
});

const position = (over: Partial<FilePosition>): FilePosition => ({
  position: '1',
  symbol: 'MNQH6',
  side: 'buy',
  volume: '2',
  volumeUnit: 'contracts',
  openedAt: { local: '2026-03-02 09:31:05', offsetMinutes: null },
  closedAt: { local: '2026-03-02 10:47:50', offsetMinutes: null },
  openPrice: '21450.25',
  closePrice: '21480.75',
  commission: '-1.48',
  swap: '0',
  fee: '0',
  profit: '122',
  net: '120.52',
  rows: [2],
  ...over,
});

describe('checkFuturesPnl', () => {
  it('gives zero difference for a long and a short that add up', () => {
    expect(checkFuturesPnl(position({}), CONTRACTS.MNQ!)).toEqual({ expected: '122', difference: '0', offTick: false });
    const short = position({ side: 'sell', openPrice: '21490', closePrice: '21505', volume: '1', profit: '-30' });
    expect(checkFuturesPnl(short, CONTRACTS.MNQ!)).toEqual({ expected: '-30', difference: '0', offTick: false });
  });

  it('returns the difference of a profit that does not match the prices, and a price off the tick grid', () => {
    expect(checkFuturesPnl(position({ profit: '1220' }), CONTRACTS.MNQ!)).toMatchObject({ expected: '122', difference: '1098' });
    expect(checkFuturesPnl(position({ closePrice: '21480.8', profit: '122.2' }), CONTRACTS.MNQ!)).toEqual({
      expected: '122.2',
      difference: '0',
      offTick: true,
    });
  });

  it('findFuturesPnlMismatches flags only the rows that do not add up and lists roots it cannot check', () => {
    const file: TradeFile = {
      format: 'topstepx',
      currency: null,
      profitColumn: 'gross',
      positions: [
        position({ position: 'a' }),
        // Half a cent of rounding is no mismatch.
        position({ position: 'b', profit: '122.004' }),
        position({ position: 'c', symbol: 'NQH6', rows: [4] }),
        position({ position: 'd', symbol: 'ZNH6' }),
      ],
    };
    const report = findFuturesPnlMismatches(file);
    expect(report.mismatches).toEqual([
      { position: 'c', symbol: 'NQH6', profit: '122', rows: [4], expected: '1220', difference: '-1098', offTick: false },
    ]);
    expect(report.unchecked).toEqual(['ZNH6']);
  });
});

describe("parseContractTable and installContracts: an operator's table from JSON", () => {
  afterEach(() => installContracts(CONTRACTS));

  it('reads roots from JSON over the built-in table, numbers written exactly taken as decimals', () => {
    const table = parseContractTable(
      JSON.parse(
        '{"ZN": {"pointValue": 1000, "tickSize": "0.015625", "currency": "USD", "exchange": "CBOT"}, "mnq": {"pointValue": "2.5", "tickSize": 0.25, "currency": "USD"}}',
      ),
    );
    expect(table.ZN).toEqual({ pointValue: '1000', tickSize: '0.015625', currency: 'USD', exchange: 'CBOT', name: 'ZN' });
    // An override of a built-in root (a broker's own multiplier).
    expect(table.MNQ).toMatchObject({ pointValue: '2.5', tickSize: '0.25' });
    expect(table.ES).toBe(CONTRACTS.ES);
  });

  it.each([
    ['[]', /JSON object of roots/],
    ['{"ZN": 5}', /ZN: not an object/],
    ['{"ZN": {"pointValue": "1000", "currency": "USD"}}', /ZN: tickSize is missing/],
    ['{"ZN": {"pointValue": "1000", "tickSize": "0.1", "currency": "USD", "multiplier": 3}}', /ZN: unknown key "multiplier"/],
    ['{"ZN": {"pointValue": 1e-7, "tickSize": "0.1", "currency": "USD"}}', /ZN: pointValue "1e-7"/],
    ['{"ZN": {"pointValue": true, "tickSize": "0.1", "currency": "USD"}}', /ZN: pointValue is not text: true/],
  ])('refuses %s naming the root and key', (json, message) => {
    expect(() => parseContractTable(JSON.parse(json))).toThrow(ContractTableError);
    expect(() => parseContractTable(JSON.parse(json))).toThrow(message);
  });

  it('once installed, is the table symbol lookups and the P&L check use by default', () => {
    const file: TradeFile = {
      format: 'topstepx',
      currency: null,
      profitColumn: 'gross',
      // 2 ZN contracts up 0.5 point at $1,000 a point.
      positions: [position({ symbol: 'ZNH6', openPrice: '110.5', closePrice: '111', profit: '1000' })],
    };
    expect(findFuturesPnlMismatches(file).unchecked).toEqual(['ZNH6']);
    installContracts(parseContractTable({ ZN: { pointValue: '1000', tickSize: '0.015625', currency: 'USD' } }));
    expect(activeContracts().ZN?.pointValue).toBe('1000');
    expect(contractSpecOf('ZNH6')?.pointValue).toBe('1000');
    expect(findFuturesPnlMismatches(file)).toEqual({ mismatches: [], unchecked: [] });
    installContracts(parseContractTable({ ZN: { pointValue: '500', tickSize: '0.015625', currency: 'USD' } }));
    expect(findFuturesPnlMismatches(file).mismatches).toMatchObject([{ symbol: 'ZNH6', expected: '500' }]);
  });
});
