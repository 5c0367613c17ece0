import { describe, expect, it } from '@jest/globals';
import { contractSchema, parseInput, type AppError } from '@propfolio/core';
import { MAX_AMOUNT } from './contract-fields.js';
import { CurrencyField, MoneyField, type MoneySign, type Presence } from './money-fields.js';

class Signs {
  @MoneyField({ description: 'p', sign: 'positive', presence: 'optional' })
  positive?: number;

  @MoneyField({ description: 'z+', sign: 'zeroOrMore', presence: 'optional' })
  zeroOrMore?: number;

  @MoneyField({ description: 'z-', sign: 'zeroOrLess', presence: 'optional' })
  zeroOrLess?: number;

  @MoneyField({ description: 'a', sign: 'any', presence: 'optional' })
  any?: number;
}

class Presences {
  @MoneyField({ description: 'r', sign: 'any' })
  required!: number;

  @CurrencyField({ description: 'o', presence: 'optional' })
  optional?: string;

  @CurrencyField({ description: 'n', example: 'JPY', presence: 'nullable' })
  nullable?: string | null;
}

const refused = async (contract: new () => object, input: object): Promise<string[]> =>
  parseInput(contract, input).then(
    () => [],
    (error: unknown) => ((error as AppError).errors ?? []).map((e) => e.field),
  );

describe('MoneyField', () => {
  const cases: [MoneySign, number[], number[]][] = [
    ['positive', [0.0001, MAX_AMOUNT], [0, -1, MAX_AMOUNT + 1]],
    ['zeroOrMore', [0, MAX_AMOUNT], [-0.0001, MAX_AMOUNT + 1]],
    ['zeroOrLess', [0, -MAX_AMOUNT], [0.0001, -MAX_AMOUNT - 1]],
    ['any', [-MAX_AMOUNT, 0, MAX_AMOUNT], [-MAX_AMOUNT - 1, MAX_AMOUNT + 1]],
  ];
  it.each(cases)('%s takes %j and refuses %j naming the field', async (sign, taken, refusedValues) => {
    for (const value of taken) expect(await refused(Signs, { [sign]: value })).toEqual([]);
    for (const value of refusedValues) expect(await refused(Signs, { [sign]: value })).toEqual([sign]);
  });

  it('refuses a fifth decimal and text, with the money message', async () => {
    await expect(parseInput(Signs, { any: 1.23456 })).rejects.toMatchObject({
      errors: [{ field: 'any', message: 'must be a number with at most 4 decimals' }],
    });
    expect(await refused(Signs, { any: '12' })).toEqual(['any']);
  });

  it('documents the bounds it checks', () => {
    const { properties } = contractSchema(Signs) as { properties: Record<string, object> };
    expect(properties.positive).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: MAX_AMOUNT, description: 'p' });
    expect(properties.zeroOrLess).toEqual({ type: 'number', minimum: -MAX_AMOUNT, maximum: 0, description: 'z-' });
  });
});

describe('presence', () => {
  const cases: [Presence, boolean, boolean][] = [
    // field, may be left out, may be null
    ['required', false, false],
    ['optional', true, false],
    ['nullable', true, true],
  ];
  it.each(cases)('%s: left out allowed %s, null allowed %s', async (field, leftOut, nullAllowed) => {
    const base: Record<string, unknown> = { required: 1, optional: 'usd', nullable: 'eur' };
    const { [field]: _dropped, ...without } = base;
    expect(await refused(Presences, without)).toEqual(leftOut ? [] : [field]);
    expect(await refused(Presences, { ...base, [field]: null })).toEqual(nullAllowed ? [] : [field]);
  });

  it('upper-cases a currency and refuses a code that is not ISO 4217', async () => {
    await expect(parseInput(Presences, { required: 1, optional: 'jpy' })).resolves.toMatchObject({ optional: 'JPY' });
    expect(await refused(Presences, { required: 1, optional: 'XYZ1' })).toEqual(['optional']);
    const schema = contractSchema(Presences) as { properties: { nullable: object }; required: string[] };
    expect(schema.required).toEqual(['required']);
    expect(schema.properties.nullable).toEqual({ type: 'string', pattern: '^[A-Za-z]{3}$', description: 'n', examples: ['JPY'] });
  });
});
