import {
  foldDays,
  readStatement,
  StatementError,
  type Position,
  type PositionDeal,
  type Statement,
  type Transaction,
} from '../src/index.js';
import { firmDayOneHourBehind, fixture, serverDay, utf8 } from './load-fixture.js';
import { mt5Report, type BuiltPosition, type ReportDeal } from '@propfolio/mt-statements/testing';

const FIXTURES = [
  'ReportHistory-51234567.html',
  'ReportHistory-51234567.utf8.html',
  'ReportHistory-51239876.html',
  'Statement-2089123.htm',
  'Statement-2089123.sjis.htm',
];

/** A position's entries and exits as the trade transactions they were made from, each at its own time. */
function asTransactions(position: Position): Transaction[] {
  const deal = (d: PositionDeal, entry: 'in' | 'out'): Transaction => ({
    kind: 'trade',
    ticket: d.deal,
    time: d.time,
    symbol: position.symbol,
    profit: d.profit,
    commission: d.commission,
    swap: d.swap,
    fee: d.fee,
    comment: null,
    entry,
  });
  return [...position.entries.map((d) => deal(d, 'in')), ...position.exits.map((d) => deal(d, 'out'))];
}

/** Trade transactions no position accounts for: the deals of positions still open at the report's end. */
const unpaired = (s: Statement): Transaction[] => {
  const used = new Set(s.positions.flatMap((p) => [...p.entries, ...p.exits].map((d) => d.deal)));
  return s.transactions.filter((t) => t.kind === 'trade' && !used.has(t.ticket));
};

describe('positions: every closed position, built from the deals', () => {
  it.each(FIXTURES)('%s: folding the positions’ entries and exits by day gives foldDays’ own days, to the cent', (name) => {
    const statement = readStatement(fixture(name));
    const rebuilt = [
      ...statement.transactions.filter((t) => t.kind !== 'trade'),
      ...unpaired(statement),
      ...statement.positions.flatMap(asTransactions),
    ];
    for (const dayOf of [serverDay, firmDayOneHourBehind]) {
      expect(foldDays(rebuilt, { dayOf, openingBalance: statement.openingBalance })).toEqual(
        foldDays(statement.transactions, { dayOf, openingBalance: statement.openingBalance }),
      );
    }
    // Each position adds up: net = profit + costs, and what it closed is what it opened.
    for (const p of statement.positions) {
      const sum = (xs: PositionDeal[], pick: (d: PositionDeal) => string): number =>
        xs.reduce((n, d) => n + Math.round(Number(pick(d)) * 100), 0);
      expect(sum(p.exits, (d) => d.volume)).toBe(Math.round(Number(p.volume) * 100));
      expect(Math.round(Number(p.net) * 100)).toBe(
        [p.profit, p.commission, p.swap, p.fee].reduce((n, v) => n + Math.round(Number(v) * 100), 0),
      );
    }
  });

  it('counts: 4 positions in the hedged MT5 report, 3 closed of 4 in the netting one (XAUUSD still open), 4 MT4 trades', () => {
    expect(readStatement(fixture('ReportHistory-51234567.html')).positions.map((p) => p.position)).toEqual([
      '2001',
      '2003',
      '2005',
      '2007',
    ]);
    const netting = readStatement(fixture('ReportHistory-51239876.html'));
    expect(netting.positions.map((p) => [p.position, p.symbol, p.side])).toEqual([
      ['4001', 'EURUSD', 'buy'],
      ['4005', 'GBPUSD', 'sell'],
      ['4006', 'GBPUSD', 'buy'],
    ]);
    expect(unpaired(netting).map((t) => t.ticket)).toEqual(['3009']);
    expect(readStatement(fixture('Statement-2089123.htm')).positions.map((p) => p.position)).toEqual([
      '40001005',
      '40001010',
      '40001020',
      '40001030',
    ]);
  });

  const netting = readStatement(fixture('ReportHistory-51239876.html'));

  it('MT5 netting: two entries and a partial close make one position with two exits, prices weighted by volume', () => {
    expect(netting.positions[0]).toEqual({
      position: '4001',
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1.00',
      openedAt: '2024-04-08 09:00:00',
      closedAt: '2024-04-09 11:15:00',
      // (0.60 × 1.08000 + 0.40 × 1.08050) / 1.00; exits (0.40 × 1.08200 + 0.60 × 1.08100) / 1.00
      openPrice: '1.08020',
      closePrice: '1.08140',
      stopLoss: '1.07500',
      takeProfit: '1.08100',
      commission: '-7.00',
      swap: '-0.90',
      fee: '0.00',
      profit: '120.00',
      net: '112.10',
      comment: 'ea entry',
      magic: null,
      entries: [
        {
          deal: '3002',
          time: '2024-04-08 09:00:00',
          volume: '0.60',
          price: '1.08000',
          profit: '0.00',
          commission: '-2.10',
          swap: '0.00',
          fee: '0.00',
        },
        {
          deal: '3003',
          time: '2024-04-08 10:30:00',
          volume: '0.40',
          price: '1.08050',
          profit: '0.00',
          commission: '-1.40',
          swap: '0.00',
          fee: '0.00',
        },
      ],
      exits: [
        {
          deal: '3004',
          time: '2024-04-08 14:00:00',
          volume: '0.40',
          price: '1.08200',
          profit: '72.00',
          commission: '-1.40',
          swap: '0.00',
          fee: '0.00',
        },
        {
          deal: '3005',
          time: '2024-04-09 11:15:00',
          volume: '0.60',
          price: '1.08100',
          profit: '48.00',
          commission: '-2.10',
          swap: '-0.90',
          fee: '0.00',
        },
      ],
    } satisfies Position);
  });

  it('MT5 inout: the reversal closes the sell whole (with the deal’s money) and opens a buy of the rest, without costs', () => {
    const [, sell, buy] = netting.positions;
    expect(sell).toMatchObject({ position: '4005', volume: '0.50', closedAt: '2024-04-10 10:00:00', net: '94.85', stopLoss: '1.26800' });
    expect(sell?.exits).toEqual([
      {
        deal: '3007',
        time: '2024-04-10 10:00:00',
        volume: '0.50',
        price: '1.26300',
        profit: '100.00',
        commission: '-2.80',
        swap: '-0.60',
        fee: '0.00',
      },
    ]);
    expect(buy).toMatchObject({
      position: '4006',
      volume: '0.30',
      openedAt: '2024-04-10 10:00:00',
      fee: '-0.50',
      net: '28.45',
      takeProfit: '1.26400',
    });
    expect(buy?.entries).toEqual([
      {
        deal: '3007',
        time: '2024-04-10 10:00:00',
        volume: '0.30',
        price: '1.26300',
        profit: '0.00',
        commission: '0.00',
        swap: '0.00',
        fee: '0.00',
      },
    ]);
  });

  it('MT4: a closed row is a round trip with its S/L (0 is none), magic number and comment', () => {
    const [first, second] = readStatement(fixture('Statement-2089123.htm')).positions;
    expect(first).toMatchObject({
      position: '40001005',
      symbol: 'eurusd',
      side: 'buy',
      volume: '0.50',
      openedAt: '2024-02-12 09:10:22',
      closedAt: '2024-02-12 12:44:05',
      openPrice: '1.07650',
      closePrice: '1.07900',
      stopLoss: '1.07400',
      takeProfit: '1.07900',
      net: '121.50',
      comment: 'scalp – test',
      magic: '20240212',
    });
    expect(second).toMatchObject({
      position: '40001010',
      side: 'sell',
      stopLoss: '1.26610',
      takeProfit: null,
      magic: null,
      comment: '[sl]',
    });
  });

  const hedged = new TextDecoder().decode(fixture('ReportHistory-51234567.utf8.html'));
  const nettingText = new TextDecoder('utf-16le').decode(fixture('ReportHistory-51239876.html').subarray(2));
  const mt4 = new TextDecoder('windows-1252').decode(fixture('Statement-2089123.htm')).replace('charset=windows-1252', 'charset=utf-8');
  const edited = (text: string, from: string, to: string): Uint8Array => {
    expect(text.includes(from)).toBe(true);
    return utf8(text.replace(from, to));
  };
  const refusal = (bytes: Uint8Array): StatementError => {
    try {
      readStatement(bytes);
    } catch (e) {
      if (e instanceof StatementError) return e;
      throw e;
    }
    throw new Error('expected a StatementError');
  };

  it('an "out by" deal closes its position like an "out"', () => {
    const closeBy = readStatement(edited(hedged, '<td nowrap>buy</td><td nowrap>out</td>', '<td nowrap>buy</td><td nowrap>out by</td>'));
    expect(closeBy.transactions[4]?.entry).toBe('out_by');
    expect(closeBy.positions).toEqual(readStatement(fixture('ReportHistory-51234567.html')).positions);
  });

  it('refuses exits of more lots than the position has open, naming the position', () => {
    // Deal 3004 sells 1.40 of the 1.00 lot EURUSD position (its money unchanged, so the balance chain still holds).
    const e = refusal(edited(nettingText, '<td nowrap>out</td><td nowrap>0.40</td>', '<td nowrap>out</td><td nowrap>1.40</td>'));
    expect(e.code).toBe('malformed');
    expect(e.message).toMatch(/Position 4001 .*deal 3004 closes 1\.4 lots, but only 1 are open/);
  });

  it('refuses a price of more than 8 decimals or lots of more than 4 (what the database keeps), naming the deal', () => {
    const price = refusal(edited(nettingText, '<td nowrap>1.08200</td>', '<td nowrap>1.082000001</td>'));
    expect(price.message).toMatch(/MT5 deal 3004, Price: "1\.082000001" is not a price \(at most 8 decimals\)/);
    const lots = refusal(edited(nettingText, '<td nowrap>out</td><td nowrap>0.40</td>', '<td nowrap>out</td><td nowrap>0.40001</td>'));
    expect(lots.message).toMatch(/MT5 deal 3004, Volume: .* \(at most 4 decimals\)/);
  });

  it('refuses an MT4 trade closed before it opened, and a symbol over 32 characters, naming the position', () => {
    const early = refusal(edited(mt4, '2024.02.12 09:10:22', '2024.02.12 13:10:22'));
    expect(early.message).toMatch(/Position 40001005 .*before it opened at 2024-02-12 13:10:22/);
    const long = refusal(edited(mt4, '<td>eurusd</td>', `<td>${'x'.repeat(33)}</td>`));
    expect(long.code).toBe('malformed');
    expect(long.message).toMatch(/Position 40001005: the symbol .* longer than 32/);
  });

  describe('MT5 hedging: which position an exit closes, the Deals table naming none', () => {
    const deal = (time: string, type: 'buy' | 'sell', direction: string, volume: string, order: string): ReportDeal => ({
      time,
      profit: '0',
      trade: { symbol: 'EURUSD', type, direction, volume, price: '1.08000', order },
    });
    // Two buys of 0.10; the newer (12) is closed first.
    const deals = [
      deal('2024.03.04 10:00:00', 'buy', 'in', '0.10', '11'),
      deal('2024.03.04 10:05:00', 'buy', 'in', '0.10', '12'),
      deal('2024.03.04 11:00:00', 'sell', 'out', '0.10', '13'),
      deal('2024.03.04 12:00:00', 'sell', 'out', '0.10', '14'),
    ];
    const closed = (bytes: Uint8Array): string[][] => readStatement(bytes).positions.map((p) => [p.position, p.closedAt]);

    it('the one the Positions table says closed at the exit’s time', () => {
      const table: BuiltPosition[] = [
        ['2024.03.04 10:05:00', '12', 'EURUSD', 'buy', '0.10', '1.08000', '1.07000', '', '2024.03.04 11:00:00', '1.08000'],
        ['2024.03.04 10:00:00', '11', 'EURUSD', 'buy', '0.10', '1.08000', '', '', '2024.03.04 12:00:00', '1.08000'],
      ];
      expect(closed(mt5Report(deals, { total: '0', positions: table }))).toEqual([
        ['12', '2024-03-04 11:00:00'],
        ['11', '2024-03-04 12:00:00'],
      ]);
      expect(readStatement(mt5Report(deals, { total: '0', positions: table })).positions[0]?.stopLoss).toBe('1.07000');
    });

    it('without the table, the oldest open one (FIFO), skipping those too small for the exit', () => {
      expect(closed(mt5Report(deals, { total: '0' }))).toEqual([
        ['11', '2024-03-04 11:00:00'],
        ['12', '2024-03-04 12:00:00'],
      ]);
      const bigger = [
        deal('2024.03.04 10:00:00', 'buy', 'in', '0.10', '11'),
        deal('2024.03.04 10:05:00', 'buy', 'in', '0.50', '12'),
        deal('2024.03.04 11:00:00', 'sell', 'out', '0.50', '13'),
      ];
      expect(closed(mt5Report(bigger, { total: '0' }))).toEqual([['12', '2024-03-04 11:00:00']]);
    });

    it('leaves out an exit whose entry is before the report, and a position still open', () => {
      const s = readStatement(
        mt5Report([deal('2024.03.04 11:00:00', 'sell', 'out', '0.10', '13'), deal('2024.03.04 12:00:00', 'buy', 'in', '0.10', '14')], {
          total: '0',
        }),
      );
      expect(s.transactions).toHaveLength(2);
      expect(s.positions).toEqual([]);
    });

    it('an order filled in two deals opens one position', () => {
      const split = [deal('2024.03.04 10:00:00', 'buy', 'in', '0.30', '11'), deal('2024.03.04 10:00:00', 'buy', 'in', '0.20', '11')];
      const [position] = readStatement(
        mt5Report([...split, deal('2024.03.04 11:00:00', 'sell', 'out', '0.50', '12')], { total: '0' }),
      ).positions;
      expect(position).toMatchObject({ position: '11', volume: '0.50' });
      expect(position?.entries.map((e) => e.volume)).toEqual(['0.30', '0.20']);
    });

    it('pairs 10,000 partial exits of one position, each looked up once (the open lots are kept, not re-summed)', () => {
      const exits = Array.from({ length: 10_000 }, (_, i) => deal('2024.03.05 10:00:00', 'sell', 'out', '0.01', String(100 + i)));
      const [position, ...rest] = readStatement(
        mt5Report([deal('2024.03.04 10:00:00', 'buy', 'in', '100.00', '11'), ...exits], { total: '0' }),
      ).positions;
      expect(rest).toEqual([]);
      expect(position?.exits).toHaveLength(10_000);
      expect(position?.volume).toBe('100.00');
    });
  });
});
