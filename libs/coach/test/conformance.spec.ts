/**
 * Conformance: each firm's own worked examples, as data (../conformance/<firm>.yaml), run against the pure
 * engine. A case gives the firm's inputs, the outcome the firm states, and where and when it was read; the
 * expected values are paths into the headroom answer. A case the engine cannot answer (a path that is null
 * or missing where the firm states a figure) fails, so a rule the engine drops is caught here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { parse } from 'yaml';
import { computeHeadroom, effectiveRules, HeadroomSchema, REASON_CODES, RulesOverrideSchema } from '../src/index.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Amount = Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' });

const CaseSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    source: Type.String({ pattern: '^https://\\S+$' }),
    readOn: Day,
    /** The firm's own words for the outcome (or the figures it gives). */
    firmSays: Type.String({ minLength: 1 }),
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
  },
  { additionalProperties: false },
);
type Case = Static<typeof CaseSchema>;

const FileSchema = Type.Object(
  { firm: Type.String({ minLength: 1 }), cases: Type.Array(CaseSchema, { minItems: 1 }) },
  { additionalProperties: false },
);

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'conformance');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((file) => {
    const data: unknown = parse(readFileSync(join(dir, file), 'utf8'));
    const problems = [...Value.Errors(FileSchema, data)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
    if (problems.length > 0) throw new Error(`conformance/${file}: ${problems.join('; ')}`);
    return { file, ...(data as Static<typeof FileSchema>) };
  });

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

describe('conformance: the firms’ own examples', () => {
  it('has a file per firm with at least three cases each', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) expect([f.file, f.cases.length >= 3]).toEqual([f.file, true]);
  });

  describe.each(files)('$firm', ({ cases }) => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const answer = run(c);
      expect(Value.Check(HeadroomSchema, answer)).toBe(true);
      // The source travels with every comparison, so a failure says which firm statement the engine broke.
      const where = `${c.source} (read ${c.readOn}): ${c.firmSays}`;
      for (const [path, want] of Object.entries(c.expect.values ?? {}))
        expect({ where, path, value: valueAt(answer, path) }).toEqual({ where, path, value: want });
      const codes = answer.reasons.map((r) => r.code);
      for (const code of c.expect.reasons ?? [])
        expect({ where, code, present: codes.includes(code) }).toEqual({ where, code, present: true });
      for (const code of c.expect.noReasons ?? [])
        expect({ where, code, present: codes.includes(code) }).toEqual({ where, code, present: false });
    });
  });
});
