/**
 * Reads and validates the firm/plan YAML files (`data/firms/*.yaml`) and expands every program into one
 * plan per account size. Fields the research marks unknown are absent or null in the files and null here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseResetClock, validateRollover } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Nullable, PlanRulesSchema, RolloverSchema, type PlanRules, type Rollover } from '../schemas/rules.js';
import { assertIsoDate, assertSchema, parseYaml } from './validate.js';

const Slug = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 });
const Url = Type.String({ pattern: '^https://\\S+$' });
const Amount = Type.Number({ minimum: 0 });

const ProgramFileSchema = Type.Object(
  {
    key: Slug,
    program: Type.String({ minLength: 1 }),
    phases: Type.Integer({ minimum: 0, maximum: 3 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    billing: Type.Enum(['one_time', 'monthly']),
    checkedOn: Type.String(),
    sourceUrl: Url,
    sources: Type.Optional(Type.Array(Url)),
    notes: Type.Optional(Type.String()),
    sizes: Type.Array(
      Type.Object({ size: Nullable(Amount), price: Nullable(Amount), deferredFee: Type.Optional(Amount) }, { additionalProperties: false }),
      { minItems: 1 },
    ),
    rules: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);

const FirmFileSchema = Type.Object(
  {
    slug: Slug,
    name: Type.String({ minLength: 1 }),
    aliases: Type.Optional(Type.Array(Type.String())),
    website: Type.Optional(Url),
    resetClock: Type.Optional(Type.String()),
    /** `resetClock` as a machine rule; required beside it. */
    rollover: Type.Optional(RolloverSchema),
    notes: Type.Optional(Type.String()),
    programs: Type.Array(ProgramFileSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

type ProgramFile = Static<typeof ProgramFileSchema>;

export interface FirmRecord {
  slug: string;
  name: string;
  aliases: string[];
  website: string | null;
  notes: string | null;
}

export interface PlanRecord {
  id: string;
  firmSlug: string;
  program: string;
  phases: number;
  /** Decimal string, or null when the source gives no size. */
  accountSize: string | null;
  currency: string;
  billing: 'one_time' | 'monthly';
  /** Decimal string, or null when the list price is unknown. */
  price: string | null;
  rules: PlanRules;
  checkedOn: string;
  sourceUrl: string;
  notes: string | null;
}

export interface PlanCatalog {
  firms: FirmRecord[];
  plans: PlanRecord[];
}

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Fills the omitted keys of a rule section with null (unknown), keeping 'none' and null as they are. */
const section = (value: unknown, defaults: Section): unknown => (isSection(value) ? { ...defaults, ...value } : (value ?? null));

/** Key order of a stored rule set (the schema's), so files with keys in any order store the same JSON. */
const RULE_KEYS = Object.keys(PlanRulesSchema.properties);

/** The firm-wide day roll-over, in words and as a rule, that each program's daily loss inherits. */
interface FirmClock {
  resetClock: string | null;
  rollover: Rollover | null;
}

function expandRules(raw: Section, clock: FirmClock, otherSources: string[], deferredFee: number | undefined): unknown {
  const daily = section(raw['dailyLoss'], { percent: null, amountOf: null, basis: null, ...clock, note: null });
  const rules: Section = {
    profitTargetsPercent: null,
    eaPolicy: null,
    newsTrading: null,
    newsWindowMinutes: null,
    weekendHolding: null,
    hedging: null,
    maxRiskPerTradePercent: null,
    consistency: null,
    other: [],
    ...raw,
    dailyLoss: daily,
    maxLoss: section(raw['maxLoss'], { percent: null, type: null, lockFloor: null, lockTriggerPercent: null, note: null }),
    minTradingDays: section(raw['minTradingDays'], { days: null, perPhase: false, note: null }),
    timeLimit: raw['timeLimit'] ?? null,
    profitSplit: section(raw['profitSplit'], { percent: null, maxPercent: null, note: null }),
    payout: section(raw['payout'], { cadence: null, firstAfterDays: null, note: null }),
    feeRefund: section(raw['feeRefund'], { when: null, note: null }),
    deferredFee: deferredFee ?? null,
    otherSources,
  };
  return Object.fromEntries([
    ...RULE_KEYS.map((key) => [key, rules[key]]),
    ...Object.entries(rules).filter(([key]) => !RULE_KEYS.includes(key)),
  ]);
}

/** Exact decimal text of a YAML number (2 decimals at most, as stored). */
function decimalText(value: number, where: string): string {
  const text = String(value);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new Error(`Invalid catalog data in ${where}: amount ${text} needs at most 2 decimals`);
  return text;
}

/**
 * A roll-over in words must come with its machine rule, in a zone and at a time that exist, and the two must
 * say the same thing wherever the words are ones the coach can read (a typo in either fails the import).
 */
function assertRollover(rules: PlanRules, where: string): void {
  const daily = rules.dailyLoss;
  if (daily === null || daily === 'none') return;
  if ('disputed' in daily) {
    // Each claim is checked as if it were the rule: a disputed rule is no place for a typo to hide.
    daily.disputed.forEach((claim, i) => {
      assertRollover({ ...rules, dailyLoss: claim.value }, `${where}.disputed[${i}]`);
    });
    return;
  }
  if (daily.resetClock === null) return;
  if (daily.rollover === null) {
    throw new Error(`Invalid catalog data in ${where}: resetClock "${daily.resetClock}" needs a rollover { timeZone, time } beside it`);
  }
  try {
    validateRollover(daily.rollover);
  } catch (error) {
    throw new Error(`Invalid catalog data in ${where}: ${(error as Error).message}`);
  }
  const read = parseResetClock(daily.resetClock);
  if (read !== null && (read.timeZone !== daily.rollover.timeZone || read.time !== daily.rollover.time)) {
    throw new Error(
      `Invalid catalog data in ${where}: resetClock "${daily.resetClock}" reads as ${read.timeZone} ${read.time}, but rollover says ${daily.rollover.timeZone} ${daily.rollover.time}`,
    );
  }
}

function programPlans(firmSlug: string, program: ProgramFile, clock: FirmClock, where: string): PlanRecord[] {
  assertIsoDate(program.checkedOn, `${where} checkedOn`);
  return program.sizes.map((entry) => {
    const id = entry.size === null ? `${firmSlug}-${program.key}` : `${firmSlug}-${program.key}-${decimalText(entry.size, where)}`;
    const rules = assertSchema(
      PlanRulesSchema,
      expandRules(program.rules, clock, program.sources ?? [], entry.deferredFee),
      `${where} (${id}) rules`,
    );
    assertRollover(rules, `${where} (${id}) dailyLoss`);
    const targets = rules.profitTargetsPercent;
    if (targets !== null && targets.length !== program.phases) {
      throw new Error(`Invalid catalog data in ${where} (${id}): ${targets.length} profit targets for ${program.phases} phases`);
    }
    return {
      id,
      firmSlug,
      program: program.program,
      phases: program.phases,
      accountSize: entry.size === null ? null : decimalText(entry.size, where),
      currency: program.currency,
      billing: program.billing,
      price: entry.price === null ? null : decimalText(entry.price, where),
      rules,
      checkedOn: program.checkedOn,
      sourceUrl: program.sourceUrl,
      notes: program.notes?.trim() ?? null,
    };
  });
}

/** Loads every `firms/*.yaml` under `dataDir`; throws on the first invalid file, duplicate slug or plan id. */
export function loadPlanCatalog(dataDir: string): PlanCatalog {
  const dir = join(dataDir, 'firms');
  const firms: FirmRecord[] = [];
  const plans: PlanRecord[] = [];
  const ids = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const where = `firms/${file}`;
    const firm = assertSchema(FirmFileSchema, parseYaml(readFileSync(join(dir, file), 'utf8'), where), where);
    if (`${firm.slug}.yaml` !== file) throw new Error(`Invalid catalog data in ${where}: slug "${firm.slug}" does not match the file name`);
    firms.push({
      slug: firm.slug,
      name: firm.name,
      aliases: firm.aliases ?? [],
      website: firm.website ?? null,
      notes: firm.notes?.trim() ?? null,
    });
    for (const program of firm.programs) {
      const clock = { resetClock: firm.resetClock ?? null, rollover: firm.rollover ?? null };
      for (const plan of programPlans(firm.slug, program, clock, where)) {
        if (ids.has(plan.id)) throw new Error(`Invalid catalog data in ${where}: duplicate plan id ${plan.id}`);
        ids.add(plan.id);
        plans.push(plan);
      }
    }
  }
  return { firms, plans };
}
