import Decimal from 'decimal.js';
import fc from 'fast-check';
import { matchtraderReader } from '../matchtrader/matchtrader-reader.js';
import { readTradeFile } from '../read-trade-file.js';
import { bytes } from '../../test/spec-helpers.js';

const HEADER = 'ID,Symbol,Open time,Volume,Side,Close time,Open price,Close Price,Stop loss,Take profit,Swap,Commission,Profit,Reason';
const cents = fc.integer({ min: -500_000, max: 500_000 }).map((n) => new Decimal(n).dividedBy(100));
/** One closing row of a position: its volume in hundredths of a lot and its money to the cent. */
const part = fc.record({
  lots: fc.integer({ min: 1, max: 500 }).map((n) => new Decimal(n).dividedBy(100)),
  close: fc.integer({ min: 10_000, max: 20_000 }).map((n) => new Decimal(n).dividedBy(10_000)),
  profit: cents,
  commission: cents.map((c) => c.abs()),
  swap: cents,
});

describe('positionRowsReader: money and partial closes (property)', () => {
  it('a position closed in parts is one position: volumes and money summed, net = profit + costs to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (positions, costsNegative) => {
          const lines = [HEADER];
          positions.forEach((parts, p) =>
            parts.forEach((x, i) => {
              const commission = costsNegative ? x.commission.negated() : x.commission;
              const close = `2026-03-0${String(2 + i)}T10:00:00`;
              lines.push(
                `${String(p)},EURUSD,2026-03-02T09:00:00,${x.lots.toFixed(2)},BUY,${close},1.5000,${x.close.toFixed(4)},0,0,${x.swap.toFixed(2)},${commission.toFixed(2)},${x.profit.toFixed(2)},`,
              );
            }),
          );
          const file = readTradeFile(bytes(lines.join('\n')), [matchtraderReader]);
          expect(file.positions).toHaveLength(positions.length);
          file.positions.forEach((read, p) => {
            const parts = positions[p] ?? [];
            const sum = (f: (x: (typeof parts)[number]) => Decimal) => Decimal.sum(...parts.map(f));
            expect(read.volume).toBe(sum((x) => x.lots).toFixed());
            expect(read.profit).toBe(sum((x) => x.profit).toFixed());
            expect(read.commission).toBe(
              sum((x) => x.commission)
                .negated()
                .toFixed(),
            );
            expect(read.swap).toBe(sum((x) => x.swap).toFixed());
            expect(new Decimal(read.net).equals(new Decimal(read.profit).plus(read.commission).plus(read.swap).plus(read.fee))).toBe(true);
            expect(read.rows).toHaveLength(parts.length);
            expect(read.closedAt.local).toBe(`2026-03-0${String(1 + parts.length)} 10:00:00`);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
