/**
 * The checks on a program's `variants` and `unpublished` that the schema cannot write, each failing the import
 * with the file, the plan and what is wrong: a stage or platform outside the vocabulary (or a stage the program
 * does not have), a purchase-date range that is empty, a field that is not a rule, two variants that could both
 * apply to one stage, platform and purchase day and set the same field (naming both), and an `unpublished`
 * rule the data states after all.
 */
import { conflictingVariants, PLATFORMS, type RuleVariant, STAGES, type VariantWhen } from '@propfolio/coach';
import { PlanRulesSchema, type PlanRules } from '../schemas/rules.js';
import { assertIsoDate } from './validate.js';

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);
const fail = (where: string, message: string): never => {
  throw new Error(`Invalid catalog data in ${where}: ${message}`);
};

/** The rule fields a variant may set: every rule but the lists about the rules themselves. */
const VARIANT_FIELDS = Object.keys(PlanRulesSchema.properties).filter(
  (key) => !['variants', 'unpublished', 'sources', 'otherSources', 'deferredFee'].includes(key),
);
const WHEN_KEYS = ['stages', 'platforms', 'purchasedFrom', 'purchasedBefore'];

/** How a variant's condition reads in an error: `stages funded, platforms topstepx, purchased from 2024-08-25`. */
export function describeWhen(when: VariantWhen): string {
  const parts = [
    when.stages ? `stages ${when.stages.join('/')}` : null,
    when.platforms ? `platforms ${when.platforms.join('/')}` : null,
    when.purchasedFrom ? `purchased from ${when.purchasedFrom}` : null,
    when.purchasedBefore ? `purchased before ${when.purchasedBefore}` : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(', ') : 'always';
}

function checkWhen(when: unknown, phases: number, where: string): void {
  if (!isSection(when)) return fail(where, 'needs `when` { stages?, platforms?, purchasedFrom?, purchasedBefore? }');
  for (const key of Object.keys(when))
    if (!WHEN_KEYS.includes(key)) fail(where, `unknown condition "${key}" (conditions are ${WHEN_KEYS.join(', ')})`);
  const { stages, platforms, purchasedFrom, purchasedBefore } = when;
  if (stages !== undefined) {
    if (!Array.isArray(stages) || stages.length === 0) fail(where, 'stages must be a non-empty list');
    for (const stage of stages as unknown[]) {
      if (!(STAGES as readonly unknown[]).includes(stage))
        fail(where, `unknown stage ${JSON.stringify(stage)} (stages are ${STAGES.join(', ')})`);
      const n = /^phase(\d)$/.exec(String(stage));
      if (n && Number(n[1]) > phases) fail(where, `stage ${String(stage)} on a program of ${phases} phase(s)`);
    }
  }
  if (platforms !== undefined) {
    if (!Array.isArray(platforms) || platforms.length === 0) fail(where, 'platforms must be a non-empty list');
    for (const platform of platforms as unknown[])
      if (!(PLATFORMS as readonly unknown[]).includes(platform))
        fail(where, `unknown platform ${JSON.stringify(platform)} (platforms are ${PLATFORMS.join(', ')})`);
  }
  for (const [key, day] of [
    ['purchasedFrom', purchasedFrom],
    ['purchasedBefore', purchasedBefore],
  ] as const)
    if (day !== undefined) assertIsoDate(typeof day === 'string' ? day : JSON.stringify(day), `${where}.${key}`);
  if (typeof purchasedFrom === 'string' && typeof purchasedBefore === 'string' && purchasedFrom >= purchasedBefore)
    fail(where, `purchasedFrom ${purchasedFrom} is not before purchasedBefore ${purchasedBefore}`);
}

/**
 * Checks a program's raw `variants` (before the schema, so the errors name the vocabulary) and returns them.
 * Absent: an empty list.
 */
export function checkVariants(raw: unknown, phases: number, where: string): RuleVariant[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return fail(where, 'variants must be a list');
  raw.forEach((variant: unknown, i) => {
    const at = `${where} variants[${i}]`;
    if (!isSection(variant)) return fail(at, 'a variant is { when, rules, source }');
    checkWhen(variant['when'], phases, `${at}.when`);
    const rules = variant['rules'];
    if (!isSection(rules) || Object.keys(rules).length === 0) return fail(at, 'needs `rules` with the fields that differ');
    for (const key of Object.keys(rules))
      if (!VARIANT_FIELDS.includes(key)) fail(`${at}.rules`, `"${key}" is not a rule a variant can set (${VARIANT_FIELDS.join(', ')})`);
    return undefined;
  });
  const variants = raw as RuleVariant[];
  const clash = conflictingVariants(variants);
  if (clash) {
    const [i, j, field] = clash;
    const [a, b] = [variants[i], variants[j]];
    if (a && b)
      fail(
        where,
        `variants[${i}] (${describeWhen(a.when)}) and variants[${j}] (${describeWhen(b.when)}) can both apply to the same stage, platform and purchase date and both set ${field}`,
      );
  }
  return variants;
}

/** The value at a rule path (`maxLoss.type`) of a rule set; undefined when the path leads nowhere. */
function valueAt(rules: PlanRules, path: string): unknown {
  let value: unknown = rules;
  for (const part of path.split('.')) value = isSection(value) ? value[part] : undefined;
  return value;
}

/**
 * A program's `unpublished` list as stored: each entry `{ rule, note }` (a bare path reads as one without a
 * note). Refuses a path that is no rule, and one whose value the rules state (then it is published).
 */
export function unpublishedRules(raw: unknown, where: string): { rule: string; note: string | null }[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) return fail(where, 'unpublished must be a list of rule paths or { rule, note }');
  return raw.map((entry: unknown, i) => {
    const item = typeof entry === 'string' ? { rule: entry, note: null } : isSection(entry) ? entry : null;
    if (!item || typeof item['rule'] !== 'string') return fail(`${where} unpublished[${i}]`, 'an entry is a rule path or { rule, note }');
    const rule = item['rule'];
    if (!VARIANT_FIELDS.includes(rule.split('.')[0] ?? '')) fail(`${where} unpublished[${i}]`, `"${rule}" is not a rule`);
    const note = item['note'];
    return { rule, note: typeof note === 'string' ? note.trim() : null };
  });
}

/** Refuses an `unpublished` rule that the expanded rules give a value (or `none`) after all. */
export function assertUnpublishedUnstated(rules: PlanRules, where: string): void {
  for (const { rule } of rules.unpublished ?? []) {
    const value = valueAt(rules, rule);
    if (value !== null && value !== undefined && !(isSection(value) && Array.isArray(value['disputed']) && !rule.includes('.')))
      fail(where, `unpublished names ${rule}, but the rules state it: ${JSON.stringify(value)}`);
  }
}
