/**
 * Reads and validates the firm/plan YAML files (`data/firms/*.yaml`) and expands every program into one
 * plan per account size. Fields the research marks unknown are absent or null in the files and null here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWholeRuleDispute, mergeRuleFields, parseResetClock, type RuleVariant, validateRollover } from '@propfolio/coach';
import Decimal from 'decimal.js';
import Type, { type Static } from 'typebox';
import { type DailyLoss, Nullable, PlanRulesSchema, RolloverSchema, type PlanRules, type Rollover } from '../schemas/rules.js';
import { CrossAccountRulesSchema, type CrossAccountRules } from '../schemas/cross-account.js';
import { firmDomain, rulesWithSourceKinds } from './rule-provenance.js';
import { assertUnpublishedUnstated, checkVariants, unpublishedRules } from './rule-variants.js';
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
      Type.Object(
        {
          size: Nullable(Amount),
          price: Nullable(Amount),
          deferredFee: Type.Optional(Amount),
          /** Rule fields that differ by size (Topstep's dollar limits), merged into the program's rule sections. */
          rules: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        { additionalProperties: false },
      ),
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
    /** Rules across the trader's accounts at the firm (hedging between them, allocation cap, copy trading). */
    crossAccount: Type.Optional(CrossAccountRulesSchema),
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
  /** Firm-level rules across the trader's accounts, each source with its kind; null when none is recorded. */
  crossAccount: CrossAccountRules | null;
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
  /**
   * The date the rule version is filed under: the newest of `checkedOn` and every rule's own `source.readOn`,
   * so a rule re-read today becomes a new version without re-dating the list price.
   */
  rulesCheckedOn: string;
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
/** As `section`, for a rule that may be disputed: each claim's value is filled as the rule itself would be. */
const disputable = (value: unknown, defaults: Section): unknown =>
  isWholeRuleDispute(value) && isSection(value)
    ? {
        note: null,
        ...value,
        disputed: (value['disputed'] as unknown[]).map((claim) =>
          isSection(claim) ? { ...claim, value: section(claim['value'], defaults) } : claim,
        ),
      }
    : section(value, defaults);

/** Key order of a stored rule set (the schema's), so files with keys in any order store the same JSON. */
const RULE_KEYS = Object.keys(PlanRulesSchema.properties);

/** The firm-wide day roll-over, in words and as a rule, that each program's daily loss inherits. */
interface FirmClock {
  resetClock: string | null;
  rollover: Rollover | null;
}

function expandRules(raw: Section, clock: FirmClock, otherSources: string[], deferredFee: number | undefined, where: string): unknown {
  const daily = disputable(raw['dailyLoss'], { percent: null, amountOf: null, basis: null, ...clock, note: null });
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
    maxLoss: disputable(raw['maxLoss'], { percent: null, type: null, lockFloor: null, lockTriggerPercent: null, note: null }),
    minTradingDays: section(raw['minTradingDays'], { days: null, perPhase: false, note: null }),
    timeLimit: raw['timeLimit'] ?? null,
    profitSplit: section(raw['profitSplit'], { percent: null, maxPercent: null, note: null }),
    payout: section(raw['payout'], { cadence: null, firstAfterDays: null, note: null }),
    feeRefund: section(raw['feeRefund'], { when: null, note: null }),
    deferredFee: deferredFee ?? null,
    otherSources,
    unpublished: unpublishedRules(raw['unpublished'], where),
  };
  // Optional keys a file leaves out stay out, so rule versions stored before them keep their content hash.
  return Object.fromEntries(
    [...RULE_KEYS.map((key) => [key, rules[key]]), ...Object.entries(rules).filter(([key]) => !RULE_KEYS.includes(key))].filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** A size's rule fields on top of the program's: a section merges field by field, anything else replaces. */
function withSizeRules(program: Section, size: Section | undefined): Section {
  if (!size) return program;
  const merged: Section = { ...program };
  for (const [key, value] of Object.entries(size)) {
    const base = program[key];
    merged[key] = isSection(base) && isSection(value) ? { ...base, ...value } : value;
  }
  return merged;
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
  if (isWholeRuleDispute(daily)) {
    // Each claim is checked as if it were the rule: a disputed rule is no place for a typo to hide.
    (daily as { disputed: { value: PlanRules['dailyLoss'] }[] }).disputed.forEach((claim, i) => {
      assertRollover({ ...rules, dailyLoss: claim.value }, `${where}.disputed[${i}]`);
    });
    return;
  }
  assertDailyRollover(daily as DailyLoss, where);
}

function assertDailyRollover(daily: DailyLoss, where: string): void {
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

/** The rule objects of a plan, with where each sits (a disputed rule's claims included). */
function ruleObjects(rules: PlanRules): [string, Section][] {
  const out: [string, Section][] = [];
  for (const key of ['dailyLoss', 'maxLoss', 'minTradingDays', 'consistency'] as const) {
    const value: unknown = rules[key];
    if (!isSection(value)) continue;
    const claims: unknown = value['disputed'];
    if (isWholeRuleDispute(value) && Array.isArray(claims))
      claims.forEach((claim: { value: unknown }, i) => {
        if (isSection(claim.value)) out.push([`${key}.disputed[${i}]`, claim.value]);
      });
    else out.push([key, value]);
  }
  return out;
}

/** Every rule source of a plan with where it sits: its rule sections', `sources` entries' and variants'. */
function ruleSources(rules: PlanRules): [string, { readOn: string }][] {
  const out: [string, { readOn: string }][] = [];
  for (const [key, rule] of ruleObjects(rules)) {
    const source = rule['source'] as { readOn: string } | undefined;
    if (source) out.push([`${key}.source`, source]);
  }
  for (const [field, source] of Object.entries(rules.sources ?? {})) out.push([`sources.${field}`, source]);
  (rules.variants ?? []).forEach((variant, i) => out.push([`variants[${i}].source`, variant.source]));
  return out;
}

function rulesCheckedOn(rules: PlanRules, checkedOn: string, where: string): string {
  let newest = checkedOn;
  for (const [key, source] of ruleSources(rules)) {
    assertIsoDate(source.readOn, `${where} ${key}.readOn`);
    if (source.readOn > newest) newest = source.readOn;
  }
  return newest;
}

/**
 * Words a rule's note (or the program's `other` lines) may use, and the data they require: a note that says
 * "peak" beside a static floor, or "of the total profit" beside a best-day rule of the target, is a rule
 * whose words and data disagree, and the import refuses it naming both.
 */
const WORD_CHECKS: readonly {
  words: RegExp;
  rule: 'dailyLoss' | 'maxLoss' | 'minTradingDays' | 'consistency';
  field: string;
  allowed: readonly (string | null)[];
}[] = [
  {
    words: /\b(?:day[- ]start(?:ing)? equity|equity at (?:the )?(?:server )?midnight)\b/i,
    rule: 'dailyLoss',
    field: 'basis',
    allowed: ['day_start_equity', 'max_balance_equity'],
  },
  {
    words: /\bhigher of (?:the )?(?:start(?:ing)? )?balance (?:and|or) (?:start(?:ing)? )?equity\b/i,
    rule: 'dailyLoss',
    field: 'basis',
    allowed: ['max_balance_equity'],
  },
  {
    words: /\b(?:peak|high[- ]water|trails?|trailing)\b/i,
    rule: 'maxLoss',
    field: 'type',
    allowed: ['trailing_eod', 'trailing_closed_balance', 'trailing_equity', null],
  },
  { words: /\bof (?:the )?(?:peak|high[- ]water mark)\b/i, rule: 'maxLoss', field: 'amountOf', allowed: ['high_water_mark'] },
  { words: /\bprofitable days?\b/i, rule: 'minTradingDays', field: 'counts', allowed: ['profitable_day', null] },
  { words: /\bbest day\b.*\bof (?:the )?total profit\b/i, rule: 'consistency', field: 'of', allowed: ['total_profit'] },
  { words: /\bbest day\b.*\bof (?:the )?profit target\b/i, rule: 'consistency', field: 'of', allowed: ['profit_target'] },
  { words: /\b(?:continue|keep) trading\b/i, rule: 'consistency', field: 'effect', allowed: ['blocks_pass'] },
];

/**
 * What a rule says in words must not contradict its data, and a limit given both as a percentage of the
 * initial balance and as an amount must be the same limit. Throws naming the words (or both figures) and the field.
 */
function assertRulesAgree(rules: PlanRules, size: number | null, where: string): void {
  const objects = new Map(ruleObjects(rules));
  for (const check of WORD_CHECKS) {
    const rule = objects.get(check.rule);
    const texts = [typeof rule?.['note'] === 'string' ? rule['note'] : null, ...(check.rule === 'consistency' ? rules.other : [])];
    for (const text of texts) {
      if (text === null || !check.words.test(text)) continue;
      const value = rule?.[check.field] ?? null;
      if (!check.allowed.includes(typeof value === 'string' ? value : null) || (value !== null && typeof value !== 'string'))
        throw new Error(
          `Invalid catalog data in ${where}: the words "${text}" say ${check.rule}.${check.field} is ${check.allowed.filter((a) => a !== null).join(' or ')}, but the data says ${JSON.stringify(value)}`,
        );
    }
  }
  for (const [key, rule] of objects) {
    const { percent, amount } = rule as { percent?: unknown; amount?: unknown };
    const ofInitial = key.startsWith('maxLoss')
      ? (rule['amountOf'] ?? 'initial_balance') === 'initial_balance'
      : rule['amountOf'] === 'initial_balance';
    if (typeof percent !== 'number' || typeof amount !== 'number' || size === null || !ofInitial) continue;
    if (new Decimal(size).times(percent).div(100).equals(amount)) continue;
    throw new Error(
      `Invalid catalog data in ${where}: ${key}.percent ${percent}% of ${size} is ${new Decimal(size).times(percent).div(100).toString()}, but ${key}.amount says ${amount}`,
    );
  }
}

/** Every check a rule set passes, for the default rules and for each variant merged over them. */
function checkedRules(
  raw: Section,
  size: number | null,
  phases: number,
  expand: (raw: Section, at: string) => unknown,
  where: string,
): PlanRules {
  const rules = assertSchema(PlanRulesSchema, expand(raw, where), `${where} rules`);
  assertRollover(rules, `${where} dailyLoss`);
  assertRulesAgree(rules, size, where);
  assertUnpublishedUnstated(rules, where);
  const targets = rules.profitTargetsPercent;
  if (targets !== null && targets.length !== phases) {
    throw new Error(`Invalid catalog data in ${where}: ${targets.length} profit targets for ${phases} phases`);
  }
  return rules;
}

/**
 * A program's rules for one size: the default checked whole, and each variant checked as the rules it makes
 * where it applies (the default with the variant's fields over it), so a variant cannot carry a rule the
 * default would be refused for. Sources without a kind get one from the firm's domain.
 */
function sizeRules(
  program: ProgramFile,
  entry: ProgramFile['sizes'][number],
  clock: FirmClock,
  domain: string | null,
  at: string,
): PlanRules {
  const raw = withSizeRules(program.rules, entry.rules);
  const variants: RuleVariant[] = checkVariants(raw['variants'], program.phases, at);
  const expand = (rules: Section, where: string) =>
    rulesWithSourceKinds(expandRules(rules, clock, program.sources ?? [], entry.deferredFee, where) as Section, domain);
  const rules = checkedRules(raw, entry.size, program.phases, expand, at);
  variants.forEach((variant, i) => {
    const { variants: _all, ...base } = raw;
    checkedRules(mergeRuleFields(base, variant.rules), entry.size, program.phases, expand, `${at} variants[${i}]`);
  });
  return rules;
}

function programPlans(firmSlug: string, program: ProgramFile, clock: FirmClock, domain: string | null, where: string): PlanRecord[] {
  assertIsoDate(program.checkedOn, `${where} checkedOn`);
  return program.sizes.map((entry) => {
    const id = entry.size === null ? `${firmSlug}-${program.key}` : `${firmSlug}-${program.key}-${decimalText(entry.size, where)}`;
    const rules = sizeRules(program, entry, clock, domain, `${where} (${id})`);
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
      rulesCheckedOn: rulesCheckedOn(rules, program.checkedOn, `${where} (${id})`),
      sourceUrl: program.sourceUrl,
      notes: program.notes?.trim() ?? null,
    };
  });
}

const FirmHeaderSchema = Type.Omit(FirmFileSchema, ['programs']);

/**
 * A firm file without its `programs` (every other top-level key, in any order): the firm-level facts alone, read in
 * milliseconds where the whole catalog takes about a second to parse and check. The import reads and checks whole
 * files (`loadPlanCatalog`), so a file this reads is one the import accepted.
 */
function firmHeaderText(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let inPrograms = false;
  for (const line of lines) {
    if (/^[A-Za-z]/.test(line)) inPrograms = /^programs\s*:/.test(line);
    if (!inPrograms) kept.push(line);
  }
  return kept.join('\n');
}

/** Every firm's own fields (names, notes, the rules across one trader's accounts) without reading its programs. */
export function loadFirmRecords(dataDir: string): FirmRecord[] {
  const dir = join(dataDir, 'firms');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const where = `firms/${file}`;
      const firm = assertSchema(FirmHeaderSchema, parseYaml(firmHeaderText(readFileSync(join(dir, file), 'utf8')), where), where);
      return firmRecordOf(firm, where);
    });
}

function firmRecordOf(firm: Omit<Static<typeof FirmFileSchema>, 'programs'>, where: string): FirmRecord {
  return {
    slug: firm.slug,
    name: firm.name,
    aliases: firm.aliases ?? [],
    website: firm.website ?? null,
    notes: firm.notes?.trim() ?? null,
    crossAccount: crossAccountOf(firm.crossAccount, firmDomain(firm.website), `${where} crossAccount`),
  };
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
    firms.push(firmRecordOf(firm, where));
    for (const program of firm.programs) {
      const clock = { resetClock: firm.resetClock ?? null, rollover: firm.rollover ?? null };
      for (const plan of programPlans(firm.slug, program, clock, firmDomain(firm.website), where)) {
        if (ids.has(plan.id)) throw new Error(`Invalid catalog data in ${where}: duplicate plan id ${plan.id}`);
        ids.add(plan.id);
        plans.push(plan);
      }
    }
  }
  return { firms, plans };
}

/**
 * A firm's cross-account rules with every source given its kind (as a plan's rules are) and every date checked;
 * a copy-trading cap must name its currency.
 */
function crossAccountOf(raw: CrossAccountRules | undefined, domain: string | null, where: string): CrossAccountRules | null {
  if (raw === undefined) return null;
  const rules = rulesWithSourceKinds(raw, domain) as CrossAccountRules;
  for (const [key, fact] of Object.entries(rules) as [
    string,
    { source: { readOn: string }; disputed?: { source: { readOn: string } }[] },
  ][]) {
    assertIsoDate(fact.source.readOn, `${where}.${key}.source.readOn`);
    fact.disputed?.forEach((claim, i) => assertIsoDate(claim.source.readOn, `${where}.${key}.disputed[${i}].source.readOn`));
  }
  const copy = rules.copyTrading;
  if (copy?.maxAllocation !== undefined && copy.currency === undefined) {
    throw new Error(`Invalid catalog data in ${where}.copyTrading: maxAllocation ${copy.maxAllocation} needs its currency`);
  }
  return rules;
}
