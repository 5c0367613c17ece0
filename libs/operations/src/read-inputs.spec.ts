import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { Operation } from '@propfolio/core';
import { DailyPnlInput } from '@propfolio/domain';
import { readInput } from './read-inputs.js';

// Validation (parseInput) makes a new instance every time it runs: the same instance back means it did not run.
const operation = (readOnly: boolean) =>
  ({ name: readOnly ? 'get_daily_pnl' : 'a_write', input: DailyPnlInput, readOnly }) as unknown as Operation<DailyPnlInput>;

describe('readInput', () => {
  it('validates a read once per distinct raw input and hands out the same frozen instance', async () => {
    const read = operation(true);
    const first = await readInput(read, { id: 'a1', days: '20' });
    expect(first).toEqual({ id: 'a1', days: 20 });
    expect(first).toBeInstanceOf(DailyPnlInput);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await readInput(read, { id: 'a1', days: '20' })).toBe(first);
    // Another raw input, even one that validates to equal values (a number where the query had text), is its own.
    const numeric = await readInput(read, { id: 'a1', days: 20 });
    expect(numeric).toEqual(first);
    expect(numeric).not.toBe(first);
    expect(await readInput(read, { id: 'a2', days: '20' })).toMatchObject({ id: 'a2' });
  });

  it('keeps no failure: a bad input is refused every time with the same error', async () => {
    const read = operation(true);
    for (let i = 0; i < 2; i++) {
      await expect(readInput(read, { id: 'a1', days: '0' })).rejects.toMatchObject({
        code: 'validation_failed',
        errors: [{ field: 'days' }],
      });
      await expect(readInput(read, { id: 'a1', extra: 'x' })).rejects.toMatchObject({ code: 'validation_failed' });
    }
  });

  it('validates writes, nested and long inputs each time, unfrozen', async () => {
    const write = operation(false);
    const once = await readInput(write, { id: 'a1', days: '7' });
    expect(await readInput(write, { id: 'a1', days: '7' })).not.toBe(once);
    expect(Object.isFrozen(once)).toBe(false);
    const read = operation(true);
    for (let i = 0; i < 2; i++) {
      await expect(readInput(read, { id: { nested: 'a1' } })).rejects.toMatchObject({ code: 'validation_failed' });
    }
    const longId = 'x'.repeat(600);
    const long = await readInput(read, { id: longId });
    expect(await readInput(read, { id: longId })).not.toBe(long);
  });
});
