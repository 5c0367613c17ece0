import fc from 'fast-check';
import {
  crossAccountHedges,
  judgeAllocation,
  judgeCopyTrading,
  type CopyTradingMember,
  type CopyTradingRule,
  type CrossAccountAccount,
  type CrossAccountPosition,
} from './cross-account.js';

const T0 = Date.parse('2026-11-27T08:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();
const FORBIDS: Record<string, boolean | null> = { e8: true, ftmo: true, allows: false, unknown: null };
const forbidden = (firm: string) => FORBIDS[firm] ?? null;

function account(id: string, firm: string | null, positions: CrossAccountPosition[], group = id): CrossAccountAccount {
  return { id, label: `label-${id}`, group, firm, positions };
}
const pos = (
  position: string,
  symbol: string,
  side: 'buy' | 'sell',
  from: number,
  until: number,
  closed = false,
): CrossAccountPosition => ({
  position,
  symbol,
  side,
  openedAt: at(from),
  openUntil: at(until),
  closed,
});

const symbol = fc.constantFrom('EURUSD', 'XAUUSD', 'US30');
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
/** An open interval [from, until] in minutes, until ≥ from. */
const interval = fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 })).map(([a, b]) => [a, a + b] as const);

describe('crossAccountHedges', () => {
  it('opposite positions on one symbol open together on two accounts of a forbidding firm: flagged on both, each naming the other', () => {
    fc.assert(
      fc.property(symbol, side, interval, interval, fc.constantFrom('e8', 'ftmo'), (sym, s, [a0, a1], [b0, b1], firm) => {
        // Make them overlap: the second opens inside the first's known-open interval.
        const bFrom = a0 + Math.floor((a1 - a0) / 2);
        const other = s === 'buy' ? 'sell' : 'buy';
        const hedges = crossAccountHedges(
          [
            account('a', firm, [pos('1', sym, s, a0, a1)]),
            account('b', firm, [pos('2', sym.toLowerCase(), other, bFrom, bFrom + b1 - b0)]),
          ],
          forbidden,
        );
        const onA = hedges.get('a') ?? [];
        const onB = hedges.get('b') ?? [];
        expect(onA).toHaveLength(1);
        expect(onB).toHaveLength(1);
        expect(onA[0]).toMatchObject({ otherAccountId: 'b', otherLabel: 'label-b', position: '1', otherPosition: '2', since: at(bFrom) });
        expect(onB[0]).toMatchObject({ otherAccountId: 'a', otherLabel: 'label-a', position: '2', otherPosition: '1' });
      }),
    );
  });

  it('flags a hedge across two account types of one firm whose broker decorates one symbol (EURUSD.r against EURUSD)', () => {
    const hedges = crossAccountHedges(
      [account('a', 'e8', [pos('a1', 'EURUSD', 'buy', 0, 60)]), account('b', 'e8', [pos('b1', 'EURUSD.r', 'sell', 30, 90)])],
      forbidden,
    );
    expect([...hedges.keys()].sort()).toEqual(['a', 'b']);
  });

  it('never flags positions on the same side, at different firms, at a firm that allows it or is unknown, or on one firm account', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), symbol, side, interval), { maxLength: 12 }), (raw) => {
        // a and b: same side only (all buys) at e8; c at ftmo; d a second terminal of a's firm account.
        const positions = (id: string) =>
          raw
            .filter(([who]) => who === id)
            .map(([, sym, s, [from, until]], i) => pos(`${id}${i}`, sym, id === 'c' ? s : 'buy', from, until));
        const flipped = (list: CrossAccountPosition[]) =>
          list.map((p) => ({ ...p, side: p.side === 'buy' ? ('sell' as const) : ('buy' as const) }));
        const scenarios: CrossAccountAccount[][] = [
          // Same side only, one firm that forbids it.
          [account('a', 'e8', positions('a')), account('b', 'e8', positions('b'))],
          // Opposite sides at two different forbidding firms.
          [account('a', 'e8', positions('c')), account('c', 'ftmo', flipped(positions('c')))],
          // Opposite sides on two terminals of one firm account.
          [account('a', 'e8', positions('c')), account('d', 'e8', flipped(positions('c')), 'a')],
          // Opposite sides at a firm that allows it, whose rule is unknown, or at no known firm.
          [account('e', 'allows', positions('c')), account('f', 'allows', flipped(positions('c')))],
          [account('g', 'unknown', positions('c')), account('h', 'unknown', flipped(positions('c')))],
          [account('i', null, positions('c')), account('j', null, flipped(positions('c')))],
        ];
        for (const accounts of scenarios) expect([...crossAccountHedges(accounts, forbidden).keys()]).toEqual([]);
      }),
    );
  });

  it('positions that never overlap are no hedge; a close at the instant the other opens is a reversal', () => {
    const hedges = crossAccountHedges(
      [
        account('a', 'e8', [pos('1', 'EURUSD', 'buy', 0, 10, true), pos('3', 'XAUUSD', 'buy', 0, 5)]),
        account('b', 'e8', [pos('2', 'EURUSD', 'sell', 10, 20), pos('4', 'XAUUSD', 'sell', 6, 9)]),
      ],
      forbidden,
    );
    expect(hedges.size).toBe(0);
    // A snapshot at minute 10 lists both as open: a hedge.
    const touching = crossAccountHedges(
      [account('a', 'e8', [pos('1', 'EURUSD', 'buy', 0, 10)]), account('b', 'e8', [pos('2', 'EURUSD', 'sell', 10, 20)])],
      forbidden,
    );
    expect(touching.get('a')?.[0]?.since).toBe(at(10));
  });
});

describe('judgeAllocation', () => {
  const cap = { amount: '400000', currency: 'USD', counts: 'funded' as const };

  it('adds the funded accounts in the cap currency, exactly, and says when the sum is over', () => {
    const judged = judgeAllocation(
      [
        { id: 'f1', label: 'F1', funded: true, size: '200000', currency: 'USD' },
        { id: 'f2', label: 'F2', funded: true, size: '200000.01', currency: 'USD' },
        { id: 'e1', label: 'E1', funded: false, size: '100000', currency: 'USD' },
        { id: 'j', label: 'J', funded: true, size: '5000000', currency: 'JPY' },
        { id: 'u', label: 'U', funded: true, size: null, currency: null },
      ],
      cap,
    );
    expect(judged).toMatchObject({ sum: '400000.01', counted: ['f1', 'f2'], over: true, countsKnown: true });
    expect(judged.notCounted).toEqual([
      { id: 'j', label: 'J', reason: 'other_currency' },
      { id: 'u', label: 'U', reason: 'size_unknown' },
    ]);
  });

  it('a cap counting evaluations too adds them; exactly the cap is not over', () => {
    const judged = judgeAllocation(
      [
        { id: 'f1', label: 'F1', funded: true, size: '200000', currency: 'USD' },
        { id: 'e1', label: 'E1', funded: false, size: '100000', currency: 'USD' },
      ],
      { amount: '300000', currency: 'USD', counts: 'all' },
    );
    expect(judged).toMatchObject({ sum: '300000', over: false });
  });

  it('the sum is the exact sum of the counted sizes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean()), { maxLength: 10 }), (rows) => {
        const judged = judgeAllocation(
          rows.map(([cents, funded], i) => ({ id: `${i}`, label: `${i}`, funded, size: (cents / 100).toFixed(2), currency: 'USD' })),
          cap,
        );
        const expected = rows.filter(([, funded]) => funded).reduce((s, [cents]) => s + cents, 0);
        expect(Math.round(Number(judged.sum) * 100)).toBe(expected);
        expect(judged.over).toBe(expected > 40_000_000);
      }),
    );
  });
});

describe('judgeCopyTrading', () => {
  const RULES: Record<string, CopyTradingRule> = {
    fundednext: { value: 'restricted', maxAllocation: '300000', currency: 'USD' },
    banned: { value: 'forbidden' },
    open: { value: 'allowed' },
    words: { value: 'restricted' },
  };
  const ruleOf = (firm: string) => RULES[firm] ?? null;
  const member = (id: string, firm: string | null, size: string | null, currency = 'USD'): CopyTradingMember => ({
    id,
    label: id,
    firm,
    funded: false,
    size,
    currency,
  });

  it("adds the group's members at a firm with a limit in its currency, and names each firm's verdict once", () => {
    const judged = judgeCopyTrading(
      [
        member('a', 'fundednext', '200000'),
        member('b', 'open', '100000'),
        member('c', 'fundednext', '100000.01'),
        member('d', 'banned', '50000'),
        member('e', 'words', '10000'),
        member('f', 'nowhere', '10000'),
        member('g', null, '10000'),
        member('h', 'fundednext', '5000000', 'JPY'),
      ],
      ruleOf,
    );
    expect(judged.map((j) => [j.firm, j.verdict, j.accounts])).toEqual([
      ['fundednext', 'over', ['a', 'c', 'h']],
      ['open', 'allowed', ['b']],
      ['banned', 'forbidden', ['d']],
      ['words', 'restricted', ['e']],
      ['nowhere', 'unknown', ['f']],
    ]);
    expect(judged[0]?.allocation).toMatchObject({
      sum: '300000.01',
      counted: ['a', 'c'],
      notCounted: [{ id: 'h', reason: 'other_currency' }],
    });
  });

  it('property: a limited firm is over exactly when its members in the limit currency hold more than the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: 1, maxLength: 6 }), (sizes) => {
        const [judged] = judgeCopyTrading(
          sizes.map((size, i) => member(`m${i}`, 'fundednext', String(size))),
          ruleOf,
        );
        const sum = sizes.reduce((a, b) => a + b, 0);
        expect(judged?.verdict).toBe(sum > 300_000 ? 'over' : 'within_limit');
      }),
    );
  });
});
