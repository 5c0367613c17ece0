/**
 * Conformance: each firm's own worked examples, as data (../conformance/<firm>.yaml), run against the pure
 * engine. A case gives the firm's inputs, the outcome the firm states in its own words (`firmSays`), and the
 * page on the firm's own domain it was read on; the expected values are paths into the headroom answer. A case
 * the engine cannot answer (a path that is null or missing where the firm states a figure) fails, so a rule the
 * engine drops is caught here.
 *
 * Cases that are not the firm's word live apart, in ../conformance/third-party/<firm>.yaml, each with its
 * `sourceKind`: `third_party` (a blog or dataset states it) or `derived` (our own arithmetic from a firm rule, with
 * figures the firm does not give). They run the same way and are reported under their label, never as the firm's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { parse } from 'yaml';
import { computeHeadroom, effectiveRules, HeadroomSchema, REASON_CODES, RulesOverrideSchema } from '../src/index.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Amount = Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' });

/** The inputs and expectations every case has, whoever states its outcome. */
const CaseFields = {
  name: Type.String({ minLength: 1 }),
  source: Type.String({ pattern: '^https://\\S+$' }),
  readOn: Day,
  rules: RulesOverrideSchema,
  phase: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  account: Type.Object({ initialBalance: Amount, currency: Type.String({ pattern: '^[A-Z]{3}$' }) }, { additionalProperties: false }),
  at: Type.String({ minLength: 1 }),
  startedOn: Type.Optional(Day),
  days: Type.Optional(
    Type.Array(Type.Object({ day: Day, balance: Amount, equity: Amount, closedPnl: Amount }, { additionalProperties: false })),
  ),
  snapshots: Type.Optional(
    Type.Array(
      Type.Object(
        { day: Day, at: Type.String(), balance: Amount, equity: Amount, minEquity: Amount, maxEquity: Amount },
        { additionalProperties: false },
      ),
    ),
  ),
  openedDays: Type.Optional(Type.Array(Day)),
  expect: Type.Object(
    {
      /** Dotted paths into the headroom answer and the value the firm's outcome gives them. */
      values: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]))),
      /** Finding codes the answer must carry. */
      reasons: Type.Optional(Type.Array(Type.Enum(REASON_CODES))),
      /** Finding codes it must not carry (e.g. no breach exactly at the floor of a "below" rule). */
      noReasons: Type.Optional(Type.Array(Type.Enum(REASON_CODES))),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
};

/** A firm's own example: its words and a page on its own domain. */
const FirmCaseSchema = Type.Object(
  {
    ...CaseFields,
    /** The firm's own words for the outcome (or the figures it gives), as on `source`. */
    firmSays: Type.String({ minLength: 1 }),
    sourceKind: Type.Optional(Type.Literal('firm')),
  },
  { additionalProperties: false },
);

/** A case that is not the firm's word: a third party's statement, or our arithmetic over a firm rule. */
const OtherCaseSchema = Type.Object(
  {
    ...CaseFields,
    sourceKind: Type.Enum(['third_party', 'derived']),
    /** What the source says (third_party), or the firm rule and the arithmetic applied to it (derived). */
    says: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
type Case = Static<typeof FirmCaseSchema> | Static<typeof OtherCaseSchema>;

const fileSchema = <T extends TSchema>(cases: T) =>
  Type.Object({ firm: Type.String({ minLength: 1 }), cases: Type.Array(cases, { minItems: 1 }) }, { additionalProperties: false });
const FirmFileSchema = fileSchema(FirmCaseSchema);
const OtherFileSchema = fileSchema(OtherCaseSchema);

/**
 * Each firm's own domains, by conformance file: a firm case's source must be a page on one of them (a host
 * equal to it or under it; an entry with a path is a prefix, for help centres hosted elsewhere).
 */
const FIRM_DOMAINS: Record<string, readonly string[]> = {
  'alpha-capital': ['alphacapitalgroup.uk'],
  'audacity-capital': ['audacitycapital.co.uk', 'audacity.capital'],
  axi: ['axi.com'],
  'blue-guardian': ['blueguardian.com'],
  'e8-markets': ['e8markets.com', 'intercom.help/e8/'],
  fintokei: ['fintokei.com'],
  ftmo: ['ftmo.com'],
  fundednext: ['fundednext.com'],
  funderpro: ['funderpro.com'],
  fundingpips: ['fundingpips.com'],
  'goat-funded-trader': ['goatfundedtrader.com'],
  maven: ['maventrading.com'],
  the5ers: ['the5ers.com'],
  topstep: ['topstep.com', 'topstepx.com'],
};

/** Whether `url` is a page on one of `domains`. */
function onDomains(url: string, domains: readonly string[]): boolean {
  const { hostname, pathname } = new URL(url);
  return domains.some((domain) => {
    const slash = domain.indexOf('/');
    if (slash === -1) return hostname === domain || hostname.endsWith(`.${domain}`);
    return hostname === domain.slice(0, slash) && `${pathname}/`.startsWith(domain.slice(slash));
  });
}

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'conformance');

function load<T extends TSchema>(folder: string, schema: T): ({ file: string; slug: string } & Static<T>)[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const data: unknown = parse(readFileSync(join(folder, file), 'utf8'));
      const problems = [...Value.Errors(schema, data)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
      if (problems.length > 0) throw new Error(`${relative(dir, join(folder, file))}: ${problems.join('; ')}`);
      return { file, slug: file.replace(/\.yaml$/, ''), ...(data as Static<T>) };
    });
}

const files = load(dir, FirmFileSchema);
const otherDir = join(dir, 'third-party');
const others = existsSync(otherDir) ? load(otherDir, OtherFileSchema) : [];

/** The value at a dotted path (`dailyLoss.day.startUtc`); undefined when a step is missing. */
function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

function run(c: Case) {
  return computeHeadroom({
    at: new Date(c.at),
    rules: effectiveRules(null, c.rules, null),
    phaseIndex: c.phase == null ? null : c.phase - 1,
    account: c.account,
    days: c.days ?? [],
    snapshots: c.snapshots ?? [],
    startedOn: c.startedOn ?? null,
    openedDays: c.openedDays ?? null,
  });
}

/** Runs one case and checks every value and finding it expects; `label` says whose word the outcome is. */
function check(c: Case, label: string): void {
  const answer = run(c);
  expect(Value.Check(HeadroomSchema, answer)).toBe(true);
  // The source travels with every comparison, so a failure says which statement the engine broke, and whose.
  const where = `${label} ${c.source} (read ${c.readOn}): ${'firmSays' in c ? c.firmSays : c.says}`;
  for (const [path, want] of Object.entries(c.expect.values ?? {}))
    expect({ where, path, value: valueAt(answer, path) }).toEqual({ where, path, value: want });
  const codes = answer.reasons.map((r) => r.code);
  for (const code of c.expect.reasons ?? []) expect({ where, code, present: codes.includes(code) }).toEqual({ where, code, present: true });
  for (const code of c.expect.noReasons ?? [])
    expect({ where, code, present: codes.includes(code) }).toEqual({ where, code, present: false });
}

describe('conformance: the firms’ own examples', () => {
  it('has a file per firm with at least two firm cases each', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) expect([f.file, f.cases.length >= 2]).toEqual([f.file, true]);
  });

  it('quotes every firm case from a page on the firm’s own domain', () => {
    const offDomain = files.flatMap((f) => {
      const domains = FIRM_DOMAINS[f.slug];
      if (!domains) return [`${f.file}: no domains known for this firm (add them to FIRM_DOMAINS)`];
      return f.cases.filter((c) => !onDomains(c.source, domains)).map((c) => `${f.file} “${c.name}”: ${c.source}`);
    });
    expect(offDomain).toEqual([]);
  });

  describe.each(files)('$firm', ({ cases }) => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c, '[firm]'));
  });
});

describe('conformance: third-party and derived cases, labelled', () => {
  it('keeps them apart from the firm files, one file per firm', () => {
    for (const f of others) expect([f.file, f.slug in FIRM_DOMAINS]).toEqual([f.file, true]);
  });

  if (others.length > 0)
    describe.each(others)('$firm', ({ cases }) => {
      it.each(cases.map((c) => [`[${c.sourceKind}] ${c.name}`, c] as const))('%s', (name, c) => check(c, `[${c.sourceKind}]`));
    });
});
