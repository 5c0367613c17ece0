import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  conflictingVariants,
  PLATFORMS,
  rulesInContext,
  type RuleVariant,
  STAGES,
  stageOf,
  type VariantContext,
  type VariantWhen,
  variantApplies,
  whenOverlaps,
} from './variants.js';

const day = fc
  .integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2027, 0, 1) })
  .map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10));
const when: fc.Arbitrary<VariantWhen> = fc.record(
  {
    stages: fc.uniqueArray(fc.constantFrom(...STAGES), { minLength: 1 }),
    platforms: fc.uniqueArray(fc.constantFrom(...PLATFORMS), { minLength: 1 }),
    purchasedFrom: day,
    purchasedBefore: day,
  },
  { requiredKeys: [] },
);
const context: fc.Arbitrary<VariantContext> = fc.record({
  stage: fc.option(fc.constantFrom(...STAGES)),
  platform: fc.option(fc.constantFrom(...PLATFORMS)),
  purchasedOn: fc.option(day),
});

/** A default that allows weekend holding and a 5% daily limit, with one variant that bans it and sets 3%. */
const planWith = (w: VariantWhen) => ({
  weekendHolding: 'allowed',
  dailyLoss: { percent: 5, basis: 'day_start_balance' },
  variants: [{ when: w, rules: { weekendHolding: 'banned', dailyLoss: { percent: 3 } } }],
});

describe('rule variants', () => {
  it('a variant applies exactly where its stage, platform and purchase date all fit, and the default everywhere else', () => {
    fc.assert(
      fc.property(when, context, (w, ctx) => {
        const rules = rulesInContext(planWith(w), ctx);
        const fits =
          (w.stages === undefined || (ctx.stage !== null && w.stages.includes(ctx.stage))) &&
          (w.platforms === undefined || (ctx.platform !== null && w.platforms.includes(ctx.platform))) &&
          (w.purchasedFrom === undefined || (ctx.purchasedOn !== null && ctx.purchasedOn >= w.purchasedFrom)) &&
          (w.purchasedBefore === undefined || (ctx.purchasedOn !== null && ctx.purchasedOn < w.purchasedBefore));
        expect(variantApplies(w, ctx)).toBe(fits);
        expect(rules.weekendHolding).toBe(fits ? 'banned' : 'allowed');
        // A section merges field by field: the variant's 3% keeps the default's basis.
        expect(rules.dailyLoss).toEqual({ percent: fits ? 3 : 5, basis: 'day_start_balance' });
        expect(rules).not.toHaveProperty('variants');
      }),
    );
  });

  it('a stage-specific rule never applies in another stage, nor when the stage is unknown', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...STAGES), { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom(...PLATFORMS)),
        day,
        (stages, platform, purchasedOn) => {
          const plan = planWith({ stages });
          for (const stage of [...STAGES, null]) {
            const inStage = stage !== null && stages.includes(stage);
            expect(rulesInContext(plan, { stage, platform, purchasedOn }).weekendHolding).toBe(inStage ? 'banned' : 'allowed');
          }
        },
      ),
    );
  });

  it('a purchase-date variant holds from its first day and stops on its end day (exclusive)', () => {
    const plan = {
      profitTargetsPercent: [8, 6],
      variants: [{ when: { purchasedBefore: '2024-11-22' }, rules: { profitTargetsPercent: [8, 5] } }],
    };
    const at = (purchasedOn: string | null) => rulesInContext(plan, { stage: 'phase2', platform: null, purchasedOn }).profitTargetsPercent;
    expect(at('2024-11-21')).toEqual([8, 5]);
    expect(at('2024-11-22')).toEqual([8, 6]);
    expect(at(null)).toEqual([8, 6]);
  });

  it('finds two variants that can apply together and set the same field, and only those', () => {
    fc.assert(
      fc.property(when, when, context, (a, b, ctx) => {
        // Whenever one challenge fits both, the two are reported as overlapping.
        if (variantApplies(a, ctx) && variantApplies(b, ctx)) expect(whenOverlaps(a, b)).toBe(true);
      }),
    );
    const v = (w: VariantWhen, rules: Record<string, unknown>): RuleVariant => ({ when: w, rules });
    expect(conflictingVariants([v({ stages: ['funded'] }, { weekendHolding: 'banned' }), v({}, { weekendHolding: 'allowed' })])).toEqual([
      0,
      1,
      'weekendHolding',
    ]);
    expect(
      conflictingVariants([
        v({ stages: ['funded'] }, { weekendHolding: 'banned' }),
        v({ stages: ['phase1'] }, { weekendHolding: 'allowed' }),
      ]),
    ).toBeNull();
    expect(conflictingVariants([v({}, { dailyLoss: { percent: 3 } }), v({}, { dailyLoss: { basis: 'day_start_equity' } })])).toBeNull();
    expect(conflictingVariants([v({}, { dailyLoss: 'none' }), v({}, { dailyLoss: { percent: 3 } })])).toEqual([0, 1, 'dailyLoss']);
  });

  it('reads a phase as its stage', () => {
    expect([stageOf(0), stageOf(1), stageOf(2), stageOf(3), stageOf('funded'), stageOf(null)]).toEqual([
      'phase1',
      'phase2',
      'phase3',
      null,
      'funded',
      null,
    ]);
  });
});
