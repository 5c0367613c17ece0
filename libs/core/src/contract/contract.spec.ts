import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO4217CurrencyCode, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors.js';
import { contractSchema } from './json-schema.js';
import { Doc } from './field-docs.js';
import { parseInput } from './parse-input.js';
import TB from 'typebox';
import { IsIsoDate, MatchesSchema, NumberFromQuery, UpperCase } from './validators.js';

class Leg {
  @Doc('Leg name') @IsString() name!: string;
}

class Sample {
  @Doc({ description: 'Price in the given currency', example: 155.5 })
  @IsNumber({ maxDecimalPlaces: 4 })
  price!: number;

  @Doc('ISO 4217 code') @IsOptional() @UpperCase() @IsISO4217CurrencyCode() currency?: string;

  @IsOptional() @IsIsoDate() purchasedAt?: string;

  @IsOptional() @IsIn(['one_time', 'monthly']) billing?: string;

  @IsOptional() @NumberFromQuery() @IsInt() @Min(1) @Max(200) limit?: number;

  @IsOptional() @IsString() @MaxLength(5) note?: string;

  @IsOptional() @ValidateNested({ each: true }) @Type(() => Leg) legs?: Leg[];
}

async function failure(input: unknown): Promise<AppError> {
  try {
    await parseInput(Sample, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('parseInput', () => {
  it('accepts a valid input and applies transforms', async () => {
    const parsed = await parseInput(Sample, { price: 10.25, currency: 'eur', limit: '20', purchasedAt: '2024-02-29' });
    expect(parsed).toBeInstanceOf(Sample);
    expect(parsed.currency).toBe('EUR');
    expect(parsed.limit).toBe(20);
  });

  it('rejects unknown fields by name', async () => {
    const error = await failure({ price: 1, colour: 'red' });
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([{ field: 'colour', message: 'is not a known field' }]);
  });

  it('does not coerce a JSON string into a number', async () => {
    const error = await failure({ price: '12' });
    expect(error.errors?.map((e) => e.field)).toEqual(['price']);
  });

  it('rejects impossible calendar dates and unknown currencies', async () => {
    const error = await failure({ price: 1, purchasedAt: '2026-02-30', currency: 'XYZ' });
    expect(error.errors?.map((e) => e.field).sort()).toEqual(['currency', 'purchasedAt']);
    expect(error.detail).toContain('purchasedAt must be a real calendar date in YYYY-MM-DD format');
  });

  it('reports nested fields with their path', async () => {
    const error = await failure({ price: 1, legs: [{ name: 'a' }, { name: 3 }] });
    expect(error.errors?.[0]?.field).toBe('legs.1.name');
  });

  it('takes an already parsed contract instance as it is, so a request is validated once', async () => {
    const parsed = await parseInput(Sample, { price: 1 });
    await expect(parseInput(Sample, parsed)).resolves.toBe(parsed);
  });

  it('refuses non-object input', async () => {
    await expect(parseInput(Sample, [1, 2])).rejects.toMatchObject({ code: 'validation_failed' });
  });
});

describe('contractSchema', () => {
  it('derives the JSON Schema from the same decorators that validate', () => {
    const schema = contractSchema(Sample) as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(schema.required).toEqual(['price']);
    expect(schema.properties.price).toEqual({ type: 'number', description: 'Price in the given currency', examples: [155.5] });
    expect(schema.properties.billing?.enum).toEqual(['one_time', 'monthly']);
    expect(schema.properties.purchasedAt).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    expect(schema.properties.note).toMatchObject({ type: 'string', maxLength: 5 });
    expect(schema.properties.legs).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string', description: 'Leg name' } }, required: ['name'] },
    });
    expect(schema).toMatchObject({ additionalProperties: false });
  });
});

describe('validation messages', () => {
  it('reports only the type error when a value has the wrong type', async () => {
    const error = await failure({ price: 1, limit: 'many' });
    expect(error.errors).toEqual([{ field: 'limit', message: 'must be an integer number' }]);
  });

  it('accepts an empty input for a contract without fields, and rejects any field', async () => {
    class Empty {}
    await expect(parseInput(Empty, {})).resolves.toBeInstanceOf(Empty);
    await expect(parseInput(Empty, { x: 1 })).rejects.toMatchObject({ errors: [{ field: 'x', message: 'is not a known field' }] });
  });

  it('names the field at fault inside a schema-checked union, with the values it allows', async () => {
    // A rule that may be "none", null or an object: the first schema error is about the other branches.
    const Rule = TB.Union([
      TB.Literal('none'),
      TB.Object({ basis: TB.Union([TB.Enum(['a', 'b']), TB.Null()]) }, { additionalProperties: false }),
      TB.Null(),
    ]);
    class WithRule {
      @MatchesSchema(TB.Object({ rule: TB.Optional(Rule) }, { additionalProperties: false })) rules!: unknown;
    }
    const messages = async (rules: unknown) => {
      try {
        await parseInput(WithRule, { rules });
      } catch (error) {
        if (error instanceof AppError) return error.errors?.map((e) => e.message);
      }
      return [];
    };
    expect(await messages({ rule: { basis: 'c' } })).toEqual(['rules.rule.basis must be equal to one of the allowed values: a, b']);
    expect(await messages({ rule: { base: 'a' } })).toEqual(['rules.rule.base is not a known field']);
    expect(await messages({ rule: 'all' })).toEqual(['rules.rule must be equal to constant']);
  });
});
