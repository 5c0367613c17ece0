/**
 * Rules that differ by stage, platform or purchase date. A plan's `rules` are the default; each variant
 * names when it applies (`when`: stages, platforms, a purchase-date range, every key optional) and only the
 * rule fields that differ there. The coach takes the variants that fit a challenge's stage, platform and
 * purchase date, in order, over the default: a rule section merges field by field, anything else replaces.
 * A condition the challenge does not know (its stage or platform) never matches, so an unknown platform
 * keeps the default rule rather than a platform's exception.
 */
import Type, { type Static } from 'typebox';

/** The stages a rule may be limited to: each evaluation phase, and the funded account. */
export const STAGES = ['phase1', 'phase2', 'phase3', 'funded'] as const;
export type Stage = (typeof STAGES)[number];

/** Trading platforms, as a challenge records its own (create_challenge/update_challenge) and a variant names them. */
export const PLATFORMS = [
  'mt4',
  'mt5',
  'ctrader',
  'dxtrade',
  'matchtrader',
  'tradelocker',
  'ninjatrader',
  'tradovate',
  'topstepx',
  'rithmic',
  'other',
] as const;
export type Platform = (typeof PLATFORMS)[number];

const IsoDay = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const VariantWhenSchema = Type.Object(
  {
    stages: Type.Optional(Type.Array(Type.Enum(STAGES), { minItems: 1, description: 'Stages it applies in; absent: every stage.' })),
    platforms: Type.Optional(
      Type.Array(Type.Enum(PLATFORMS), { minItems: 1, description: 'Platforms it applies on; absent: every platform.' }),
    ),
    purchasedFrom: Type.Optional(IsoDay('Applies to challenges bought on or after this day (YYYY-MM-DD).')),
    purchasedBefore: Type.Optional(IsoDay('Applies to challenges bought before this day (YYYY-MM-DD).')),
  },
  { additionalProperties: false, description: 'When the variant applies; every condition given must hold.' },
);
export type VariantWhen = Static<typeof VariantWhenSchema>;

/** One variant as the coach reads it: the conditions and the rule fields that differ (same shapes as the rules). */
export interface RuleVariant {
  when: VariantWhen;
  rules: Readonly<Record<string, unknown>>;
}

/** What decides which variants fit: the challenge's current stage, its platform and its purchase day; null = unknown. */
export interface VariantContext {
  stage: Stage | null;
  platform: Platform | null;
  /** YYYY-MM-DD. */
  purchasedOn: string | null;
}

/** True when every condition of `when` holds in `context` (a condition on something unknown does not). */
export function variantApplies(when: VariantWhen, context: VariantContext): boolean {
  if (when.stages && (context.stage === null || !when.stages.includes(context.stage))) return false;
  if (when.platforms && (context.platform === null || !when.platforms.includes(context.platform))) return false;
  if (when.purchasedFrom && (context.purchasedOn === null || context.purchasedOn < when.purchasedFrom)) return false;
  if (when.purchasedBefore && (context.purchasedOn === null || context.purchasedOn >= when.purchasedBefore)) return false;
  return true;
}

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A whole rule the firm's sources state differently (`{ disputed: [claims], note }`, read as unknown), as
 * against a rule with its value and a `disputed` list of the other claims beside it (the value is used).
 */
export function isWholeRuleDispute(value: unknown): boolean {
  return isSection(value) && Array.isArray(value['disputed']) && Object.keys(value).every((k) => k === 'disputed' || k === 'note');
}

/** A variant's fields over the rules: a section merges field by field onto a section, anything else replaces. */
export function mergeRuleFields<T extends object>(rules: T, fields: Readonly<Section>): T {
  const merged: Section = { ...(rules as Section) };
  for (const [key, value] of Object.entries(fields)) {
    const base = merged[key];
    merged[key] =
      isSection(base) && isSection(value) && !isWholeRuleDispute(base) && !isWholeRuleDispute(value) ? { ...base, ...value } : value;
  }
  return merged as T;
}

/**
 * The rules in force in `context`: the default with every variant that fits merged over it, in the order
 * the plan lists them, and the `variants` list itself left out (the answer is one plain rule set).
 * Rules without variants come back as they are.
 */
export function rulesInContext<T extends object>(rules: T, context: VariantContext): T {
  const variants = (rules as { variants?: readonly RuleVariant[] | null }).variants;
  if (!variants || variants.length === 0) return rules;
  let out: T = rules;
  for (const variant of variants) if (variantApplies(variant.when, context)) out = mergeRuleFields(out, variant.rules);
  const { variants: _applied, ...plain } = out as Section;
  return plain as T;
}

/** The stage of a phase: its 0-based index (`phase1` for 0), or `funded`; null when unknown or past `phase3`. */
export function stageOf(phase: number | 'funded' | null): Stage | null {
  if (phase === 'funded') return 'funded';
  if (phase === null || phase < 0 || phase > 2) return null;
  return STAGES[phase] ?? null;
}

/**
 * The rule fields a variant sets, as paths: a section's own fields (`dailyLoss.amount`), or the rule itself when
 * it replaces it whole (`dailyLoss` for `none`). Notes, sources and disputes describe a field and set none.
 */
export function variantFieldPaths(fields: Readonly<Section>): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (isSection(value) && !isWholeRuleDispute(value)) {
      for (const field of Object.keys(value)) if (!['note', 'source', 'disputed'].includes(field)) paths.push(`${key}.${field}`);
    } else paths.push(key);
  }
  return paths;
}

const overlapsList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean => !a || !b || a.some((x) => b.includes(x));

/** True when some challenge (one stage, one platform, one purchase day) could fit both conditions. */
export function whenOverlaps(a: VariantWhen, b: VariantWhen): boolean {
  if (!overlapsList(a.stages, b.stages) || !overlapsList(a.platforms, b.platforms)) return false;
  const from = [a.purchasedFrom, b.purchasedFrom]
    .filter((d): d is string => d !== undefined)
    .sort()
    .at(-1);
  const before = [a.purchasedBefore, b.purchasedBefore].filter((d): d is string => d !== undefined).sort()[0];
  return from === undefined || before === undefined || from < before;
}

/**
 * Two variants that could both apply to the same stage, platform and purchase day and set the same field:
 * the first such pair as `[i, j, field]`, or null. A field and one of its own fields (`dailyLoss` and
 * `dailyLoss.amount`) count as the same.
 */
export function conflictingVariants(variants: readonly RuleVariant[]): [number, number, string] | null {
  for (const [i, a] of variants.entries())
    for (const [j, b] of variants.entries()) {
      if (j <= i || !whenOverlaps(a.when, b.when)) continue;
      const pathsB = variantFieldPaths(b.rules);
      for (const p of variantFieldPaths(a.rules)) {
        const clash = pathsB.find((q) => q === p || q.startsWith(`${p}.`) || p.startsWith(`${q}.`));
        if (clash !== undefined) return [i, j, p.length <= clash.length ? p : clash];
      }
    }
  return null;
}
