import { describe, expect, it } from '@jest/globals';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { compactInputSchema, compactOutputSchema, type JsonSchema } from './tool-schema.js';

// The validator the SDK client runs on every structuredContent: what it accepts is what counts.
const validator = new AjvJsonSchemaValidator();
const accepts = (schema: JsonSchema, value: unknown): boolean => validator.getValidator(schema)(value).valid;

const nullableMoney = { anyOf: [{ type: 'number', minimum: 0, description: 'An amount.' }, { type: 'null' }] };
const provenance = {
  type: 'object',
  required: ['source', 'checkedOn'],
  properties: {
    source: { enum: ['challenge', 'plan', 'unknown'], description: 'Where the rule comes from, said at length on purpose.' },
    checkedOn: { anyOf: [{ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, { type: 'null' }] },
  },
  additionalProperties: false,
};
const answer: JsonSchema = {
  type: 'object',
  required: ['left', 'rules'],
  properties: {
    left: nullableMoney,
    rules: {
      type: 'object',
      required: ['daily', 'max'],
      properties: { daily: provenance, max: provenance },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
const good = { left: 12.5, rules: { daily: { source: 'plan', checkedOn: '2026-11-01' }, max: { source: 'unknown', checkedOn: null } } };
const bad = [
  { ...good, left: -1 },
  { ...good, left: '12.5' },
  { left: null, rules: { ...good.rules, max: { source: 'firm', checkedOn: null } } },
  { left: null, rules: { daily: good.rules.daily } },
  { ...good, extra: true },
];

describe('compactInputSchema', () => {
  const compact = compactInputSchema(answer);

  it('accepts and refuses exactly what the full schema does, written in fewer bytes', () => {
    expect(accepts(answer, good)).toBe(true);
    expect(accepts(compact, good)).toBe(true);
    expect(accepts(compact, { ...good, left: null })).toBe(true);
    for (const value of bad) expect([accepts(answer, value), accepts(compact, value)]).toEqual([false, false]);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(answer).length * 0.75);
  });

  it('writes a repeated part once under $defs, and a nullable as one type list keeping its words', () => {
    expect(compact.$defs).toEqual({ s0: expect.objectContaining({ required: ['source', 'checkedOn'] }) as unknown });
    expect(compact.properties).toMatchObject({ rules: { properties: { daily: { $ref: '#/$defs/s0' }, max: { $ref: '#/$defs/s0' } } } });
    expect((compact.properties as Record<string, unknown>).left).toEqual({
      type: ['number', 'null'],
      minimum: 0,
      description: 'An amount.',
    });
    // format: date says YYYY-MM-DD: the pattern beside it is left out
    expect(JSON.stringify(compact)).not.toContain('pattern');
  });

  it('keeps the examples of free text, not of a number or a formatted value', () => {
    const input = {
      type: 'object',
      properties: {
        plan: { type: 'string', examples: ['2-Step 100k'] },
        price: { type: 'number', examples: [540] },
        on: { type: 'string', format: 'date', examples: ['2026-03-01'] },
      },
    };
    expect(compactInputSchema(input).properties).toEqual({
      plan: { type: 'string', examples: ['2-Step 100k'] },
      price: { type: 'number' },
      on: { type: 'string', format: 'date' },
    });
  });
  it('writes a rule that is "none", an object or null with its constant and null as one enum, same verdicts', () => {
    const limit = {
      type: 'object',
      required: ['days'],
      properties: { days: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    };
    const rule: JsonSchema = {
      type: 'object',
      properties: {
        timeLimit: { anyOf: [{ type: 'string', const: 'none' }, limit, { type: 'null' }], description: 'Time limit.' },
        lockFloor: { anyOf: [{ type: 'string', const: 'initial_balance', description: 'Where it stops.' }, { type: 'null' }] },
      },
      additionalProperties: false,
    };
    const compact = compactInputSchema(rule);
    expect(compact.properties).toEqual({
      timeLimit: { anyOf: [{ enum: ['none', null] }, limit], description: 'Time limit.' },
      lockFloor: { enum: ['initial_balance', null], description: 'Where it stops.' },
    });
    const values = [
      { timeLimit: 'none' },
      { timeLimit: null },
      { timeLimit: { days: 30 } },
      { lockFloor: 'initial_balance' },
      { lockFloor: null },
    ];
    const refused = [
      { timeLimit: 'never' },
      { timeLimit: { days: 0 } },
      { timeLimit: 7 },
      { lockFloor: 'high_water_mark' },
      { lockFloor: 0 },
    ];
    for (const value of values) expect([accepts(rule, value), accepts(compact, value)]).toEqual([true, true]);
    for (const value of refused) expect([accepts(rule, value), accepts(compact, value)]).toEqual([false, false]);
  });

  it('drops the example of a list of numbers, which `items` already describes', () => {
    const input = { type: 'object', properties: { pnl: { type: 'array', items: { type: 'number' }, examples: [[0.8, -0.4]] } } };
    expect(compactInputSchema(input).properties).toEqual({ pnl: { type: 'array', items: { type: 'number' } } });
  });
});

describe('compactOutputSchema', () => {
  it('keeps the whole structure, without prose, when it fits', () => {
    const compact = compactOutputSchema(answer, 10_000);
    expect(JSON.stringify(compact)).not.toContain('description');
    for (const value of bad) expect(accepts(compact, value)).toBe(false);
    expect(accepts(compact, good)).toBe(true);
  });

  it('cuts at the deepest level that fits: every answer still passes, and the top level is still checked', () => {
    const full = JSON.stringify(compactOutputSchema(answer, 10_000)).length;
    const compact = compactOutputSchema(answer, full - 1);
    expect(JSON.stringify(compact).length).toBeLessThan(full);
    expect(compact.properties).toMatchObject({ rules: { type: 'object', properties: { daily: { type: 'object' } } } });
    expect(accepts(compact, good)).toBe(true);
    expect(accepts(compact, { ...good, left: '12.5' })).toBe(false);
    expect(accepts(compact, { left: null, rules: { daily: good.rules.daily } })).toBe(false);
  });

  it('comes down to the bare type of the answer when nothing more fits', () => {
    expect(compactOutputSchema(answer, 10)).toEqual({ type: 'object' });
  });
});
