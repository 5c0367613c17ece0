import Decimal from 'decimal.js';
import fc from 'fast-check';
import { pairFillsFifo, type Fill } from './fifo-pairing.js';

let line = 1;
const fill = (id: string, side: 'buy' | 'sell', quantity: number, local: string, over: Partial<Fill> = {}): Fill => ({
  id,
  account: 'A',
  contract: 'MNQH6',
  side,
  quantity: new Decimal(quantity),
  price: '100',
  local,
  millis: 0,
  offsetMinutes: null,
  commission: new Decimal(0),
  line: ++line,
  ...over,
});

const summary = (fills: Fill[]) => {
  const { pairs, open } = pairFillsFifo(fills);
  return {
    pairs: pairs.map((p) => `${p.open.id}>${p.close.id}:${p.quantity.toFixed()}`),
    open: open.map((o) => `${o.fill.id}:${o.quantity.toFixed()}`),
  };
};

describe('pairFillsFifo', () => {
  it('closes the oldest open quantity first, whatever order the file lists the fills in', () => {
    const fills = [
      fill('3', 'sell', 2, '2026-03-02 10:02:00'),
      fill('1', 'buy', 1, '2026-03-02 10:00:00'),
      fill('2', 'buy', 2, '2026-03-02 10:01:00'),
    ];
    expect(summary(fills)).toEqual({ pairs: ['1>3:1', '2>3:1'], open: ['2:1'] });
  });

  it('never pairs across accounts or contract months', () => {
    const fills = [
      fill('1', 'buy', 1, '2026-03-02 10:00:00'),
      fill('2', 'sell', 1, '2026-03-02 10:01:00', { account: 'B' }),
      fill('3', 'sell', 1, '2026-03-02 10:02:00', { contract: 'MNQM6' }),
      fill('4', 'sell', 1, '2026-03-02 10:03:00'),
    ];
    expect(summary(fills)).toEqual({ pairs: ['1>4:1'], open: ['2:1', '3:1'] });
  });

  it('orders fills of one second by milliseconds, then by fill id', () => {
    const fills = [
      fill('20', 'sell', 1, '2026-03-02 10:00:00', { millis: 5 }),
      fill('11', 'buy', 1, '2026-03-02 10:00:00', { millis: 5 }),
      fill('30', 'buy', 1, '2026-03-02 10:00:00', { millis: 1 }),
    ];
    // 30 (1 ms) opens; 11 then 20 share 5 ms: 11 adds to the long, 20 closes 30 first.
    expect(summary(fills)).toEqual({ pairs: ['30>20:1'], open: ['11:1'] });
  });

  it("splits a fill's commission over its pairs to the cent, the last share taking the remainder", () => {
    const { pairs } = pairFillsFifo([
      fill('1', 'sell', 3, '2026-03-02 10:00:00', { commission: new Decimal('-1.00') }),
      fill('2', 'buy', 1, '2026-03-02 10:01:00'),
      fill('3', 'buy', 1, '2026-03-02 10:02:00'),
      fill('4', 'buy', 1, '2026-03-02 10:03:00'),
    ]);
    expect(pairs.map((p) => p.openCommission.toFixed())).toEqual(['-0.33', '-0.33', '-0.34']);
  });

  it('with effects, an opening fill never closes and a closing fill never opens; a closing fill shares its stated profit', () => {
    const fills = [
      fill('1', 'buy', 2, '2026-03-02 10:00:00', { effect: 'open' }),
      // A hedge: opens a short beside the long instead of closing it.
      fill('2', 'sell', 1, '2026-03-02 10:01:00', { effect: 'open' }),
      fill('3', 'sell', 3, '2026-03-02 10:02:00', { effect: 'close', profit: new Decimal('10.00') }),
      fill('4', 'buy', 1, '2026-03-02 10:03:00', { effect: 'close', profit: new Decimal('-1') }),
      fill('5', 'buy', 1, '2026-03-02 10:04:00', { effect: 'close', profit: new Decimal('5') }),
    ];
    const { pairs, open, unopened } = pairFillsFifo(fills);
    expect(pairs.map((p) => `${p.open.id}>${p.close.id}:${p.quantity.toFixed()}:${p.closeProfit?.toFixed() ?? '-'}`)).toEqual([
      '1>3:2:6.67',
      '2>4:1:-1',
    ]);
    // Fill 3 closes 2 of its 3 (the third finds no long left) and fill 5 finds no short: both were opened before the file.
    expect(unopened.map((u) => `${u.fill.id}:${u.quantity.toFixed()}`)).toEqual(['3:1', '5:1']);
    expect(open).toEqual([]);
  });

  it('with effects, an opening fill in the same minute as a closing one opens first', () => {
    const fills = [
      fill('b', 'sell', 1, '2026-03-02 10:00:00', { effect: 'close', profit: new Decimal(1) }),
      fill('a', 'buy', 1, '2026-03-02 10:00:00', { effect: 'open' }),
    ];
    expect(pairFillsFifo(fills).pairs.map((p) => `${p.open.id}>${p.close.id}`)).toEqual(['a>b']);
  });

  it('loses and invents nothing: every fill’s quantity, commission and stated profit are its pairs’ shares and what is left', () => {
    const arbitraryFill = fc.record({
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      effect: fc.constantFrom<'open' | 'close' | undefined>('open', 'close', undefined),
      quantity: fc.integer({ min: 1, max: 9 }),
      minute: fc.integer({ min: 0, max: 5 }),
      cents: fc.integer({ min: -999, max: 0 }),
      profit: fc.integer({ min: -99_999, max: 99_999 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryFill, { maxLength: 12 }), fc.boolean(), (drawn, withEffects) => {
        const fills = drawn.map((d, i) => {
          const effect = withEffects ? d.effect : undefined;
          return fill(`x${String(i)}`, d.side, d.quantity, `2026-03-02 10:0${String(d.minute)}:00`, {
            commission: new Decimal(d.cents).dividedBy(100),
            ...(effect === undefined ? {} : { effect }),
            ...(effect === 'close' ? { profit: new Decimal(d.profit).dividedBy(100) } : {}),
          });
        });
        const { pairs, open, unopened } = pairFillsFifo(fills);
        for (const f of fills) {
          const asOpen = pairs.filter((p) => p.open === f);
          const asClose = pairs.filter((p) => p.close === f);
          const left = [...open, ...unopened].filter((o) => o.fill === f);
          const used = Decimal.sum(0, ...[...asOpen, ...asClose, ...left].map((p) => p.quantity));
          expect(used.toFixed()).toBe(f.quantity.toFixed());
          if (f.effect === 'open') expect(asClose).toEqual([]);
          if (f.effect === 'close') expect(asOpen).toEqual([]);
          // Once a fill is used up by pairs, its commission and its stated profit are shared out to the cent.
          if (left.length === 0 && asOpen.length + asClose.length > 0) {
            const commission = Decimal.sum(...asOpen.map((p) => p.openCommission), ...asClose.map((p) => p.closeCommission));
            expect(commission.toFixed()).toBe(f.commission.toFixed());
            if (f.profit !== undefined) expect(Decimal.sum(...asClose.map((p) => p.closeProfit ?? 0)).toFixed()).toBe(f.profit.toFixed());
          }
        }
        for (const p of pairs) expect(p.open.side).not.toBe(p.close.side);
      }),
    );
  });
});
