import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsOptional, IsString } from 'class-validator';
import { Doc } from './field-docs.js';
import { FormerName } from './former-names.js';
import { contractSchema } from './json-schema.js';
import { parseInput } from './parse-input.js';

class Base {
  @Doc('The thing.') @FormerName('id') @IsString() thingId!: string;
  @Doc({ description: 'Former name of thingId.', deprecated: true }) @IsOptional() @IsString() id?: string;
}
class Child extends Base {
  @Doc('A note.') @IsString() note!: string;
}

describe('FormerName', () => {
  it('accepts the former name for the current one, also on a subclass', async () => {
    await expect(parseInput(Child, { id: 't1', note: 'n' })).resolves.toEqual(Object.assign(new Child(), { thingId: 't1', note: 'n' }));
    await expect(parseInput(Child, { thingId: 't2', note: 'n' })).resolves.toMatchObject({ thingId: 't2' });
  });

  it('refuses both names at once, and neither', async () => {
    await expect(parseInput(Child, { id: 'a', thingId: 'b', note: 'n' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'id', message: 'is the former name of thingId: send thingId only' }],
    });
    await expect(parseInput(Child, { note: 'n' })).rejects.toMatchObject({ errors: [{ field: 'thingId' }] });
  });

  it('documents the current name as required and the former one as deprecated', () => {
    const schema = contractSchema(Child) as { required: string[]; properties: Record<string, { deprecated?: boolean }> };
    expect(schema.required.sort()).toEqual(['note', 'thingId']);
    expect(schema.properties.id?.deprecated).toBe(true);
  });
});
