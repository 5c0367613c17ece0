import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { FirmName } from './firm-match.js';
import { matchPlan, readPlanText, type MatchablePlan } from './plan-match.js';

const FIRMS: FirmName[] = [
  { slug: 'ftmo', name: 'FTMO', aliases: ['FTMO.com'] },
  { slug: 'maven', name: 'Maven Trading', aliases: ['Maven'] },
  { slug: 'fintokei', name: 'Fintokei', aliases: ['フィントケイ'] },
  { slug: 'blue-guardian', name: 'Blue Guardian', aliases: ['BlueGuardian'] },
];
const SIZES = [10_000, 25_000, 50_000, 100_000, 200_000];
const plan = (firmSlug: string, key: string, program: string, accountSize: number | null, currency = 'USD'): MatchablePlan => ({
  id: accountSize === null ? `${firmSlug}-${key}` : `${firmSlug}-${key}-${accountSize}`,
  firmSlug,
  program,
  accountSize,
  currency,
});
const PLANS: MatchablePlan[] = [
  ...SIZES.map((size) => plan('ftmo', '2-step', 'FTMO Challenge 2-Step', size, 'EUR')),
  ...SIZES.map((size) => plan('ftmo', '1-step', 'FTMO Challenge 1-Step', size)),
  ...[2_000, 5_000].map((size) => plan('maven', '1-step', '1-Step', size)),
  ...[2_000, 5_000].map((size) => plan('maven', '2-step', '2-Step', size)),
  ...[2_000_000, 5_000_000].map((size) => plan('fintokei', 'protrader', 'ProTrader (チャレンジプラン)', size, 'JPY')),
  plan('blue-guardian', '2-step-standard', '2-Step Standard', 100_000),
  plan('blue-guardian', 'instant-standard', 'Instant Standard', 100_000),
];
const match = (firm: string, name: string) => matchPlan(firm, name, FIRMS, PLANS);
const linked = (firm: string, name: string) => {
  const result = match(firm, name);
  return result.kind === 'one' ? result.plan.id : result;
};

describe('readPlanText', () => {
  it.each([
    ['2-Step 100k', 100_000, '2step'],
    ['2-Step $100K', 100_000, '2step'],
    ['2-step 100,000', 100_000, '2step'],
    ['2 Step 100.000', 100_000, '2step'],
    ['100 000 2-Step', 100_000, '2step'],
    ['ProTrader ¥2,000,000', 2_000_000, 'protrader'],
    ['ProTrader 200万', 2_000_000, 'protrader'],
    ['Alpha Pro 10% 1.5M', 1_500_000, 'alphapro10'],
    ['2-Step Phase 1', null, '2stepphase1'],
    ['Swing 100kg', null, 'swing100kg'],
  ])('reads %p as size %p and words %p', (text, size, words) => {
    expect(readPlanText(text)).toEqual({ size, words });
  });
});

describe('matchPlan', () => {
  it("links the README's first challenge: FTMO and 2-Step 100k", () => {
    expect(linked('FTMO', '2-Step 100k')).toBe('ftmo-2-step-100000');
  });

  it.each([
    ['ftmo', '2-step 100,000'],
    ['ＦＴＭＯ', '2 STEP $100K'],
    ['FTMO.com', 'FTMO Challenge 2-Step 100000'],
    [' Ftmo ', 'FTMO 2-Step 100k'],
    ['FTMO', 'Challenge 2-Step 100k Phase 1'],
  ])('reads firm %p and plan %p as the same plan', (firm, name) => {
    expect(linked(firm, name)).toBe('ftmo-2-step-100000');
  });

  it('links a plan written in its own language and unit', () => {
    expect(linked('フィントケイ', 'ProTrader 200万')).toBe('fintokei-protrader-2000000');
  });

  it('prefers the program named exactly over one that only contains the words', () => {
    expect(linked('Maven', '2-Step 5k')).toBe('maven-2-step-5000');
    expect(linked('Blue Guardian', '2-Step Standard 100k')).toBe('blue-guardian-2-step-standard-100000');
  });

  it('answers the several plans the names fit, smallest first, when they do not name one', () => {
    const noSize = match('FTMO', '2-Step');
    expect(noSize.kind).toBe('several');
    expect(noSize.kind === 'several' && noSize.plans.map((p) => p.id)).toEqual(SIZES.map((s) => `ftmo-2-step-${s}`));
    const noProgram = match('FTMO', '100k');
    expect(noProgram.kind === 'several' && noProgram.plans.map((p) => p.id)).toEqual(['ftmo-1-step-100000', 'ftmo-2-step-100000']);
    const shared = match('Blue Guardian', 'Standard 100k');
    expect(shared.kind === 'several' && shared.plans.length).toBe(2);
  });

  it('says why none fits: an unknown firm, program or size', () => {
    expect(match('FTM0', '2-Step 100k')).toEqual({ kind: 'none', reason: 'unknown_firm', near: [] });
    const program = match('FTMO', 'Swing 100k');
    expect(program.kind === 'none' && [program.reason, program.near.length]).toEqual(['unknown_program', 10]);
    const size = match('FTMO', '2-Step 300k');
    expect(size.kind === 'none' && [size.reason, size.near.map((p) => p.accountSize)]).toEqual(['unknown_size', SIZES]);
  });

  const ftmo2 = PLANS.filter((p) => p.id.startsWith('ftmo-2-step-'));
  const sizeText = (size: number) =>
    fc.constantFrom(`${size / 1000}k`, `${size / 1000}K`, `$${size / 1000}K`, size.toLocaleString('en-US'), String(size));
  const spelling = fc.constantFrom('2-Step', '2-step', '2 Step', '2STEP', 'Challenge 2-Step', 'FTMO Challenge 2-Step', '２－Ｓｔｅｐ');
  const firmSpelling = fc.constantFrom('FTMO', 'ftmo', ' FTMO ', 'ＦＴＭＯ', 'FTMO.com');

  it('links the same plan however size, program and firm are spelt, in either order (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ftmo2),
        firmSpelling,
        spelling,
        fc.boolean(),
        fc.constantFrom(' ', '  ', ' - '),
        (target, firm, program, sizeFirst, gap) => {
          const size = target.accountSize ?? 0;
          fc.pre(size > 0);
          fc.assert(
            fc.property(sizeText(size), (written) => {
              const name = sizeFirst ? `${written}${gap}${program}` : `${program}${gap}${written}`;
              expect(linked(firm, name)).toBe(target.id);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never links a plan of another firm, nor one whose size differs from the one written (property)', () => {
    const anyText = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(fc.constantFrom(...FIRMS.map((f) => f.name)), anyText, (firm, name) => {
        const result = match(firm, name);
        const slug = FIRMS.find((f) => f.name === firm)?.slug;
        const { size } = readPlanText(name);
        const plans = result.kind === 'one' ? [result.plan] : result.kind === 'several' ? result.plans : [];
        for (const p of plans) {
          expect(p.firmSlug).toBe(slug);
          if (size !== null) expect(p.accountSize).toBe(size);
        }
      }),
    );
  });
});
