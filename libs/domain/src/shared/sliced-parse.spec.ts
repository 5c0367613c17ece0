import { describe, expect, it } from '@jest/globals';
import { parseInput } from '@propfolio/core';
import { closedPosition } from '../trades/trade-fixtures.js';
import { ClosedPositionInput, PushPositionsInput } from '../trades/trades.inputs.js';
import { parseListInSlices } from './sliced-parse.js';

const sliced = (raw: unknown) => parseListInSlices(PushPositionsInput, raw, 'positions', ClosedPositionInput);
const exits = Array.from({ length: 20 }, (_, i) => ({ at: '2026-03-02T01:00:00Z', volume: 0.01, price: 1.08, profit: i }));

async function failure(parse: () => Promise<unknown>): Promise<unknown> {
  return parse().then(
    () => 'accepted',
    (error: unknown) => error,
  );
}

describe('parseListInSlices answers as one parse of the contract would', () => {
  it('a valid message: the same instance, every position of its class', async () => {
    const raw = { id: 'a', positions: Array.from({ length: 30 }, (_, i) => closedPosition(String(i), i % 3 ? {} : { exits })) };
    const got = await sliced(raw);
    expect(got).toEqual(await parseInput(PushPositionsInput, raw));
    expect(got.positions.every((p) => p instanceof ClosedPositionInput)).toBe(true);
  });

  it('faults in the envelope, the first and later positions: the same error, every field named', async () => {
    const raw = {
      id: 'a',
      extra: 1,
      positions: [
        closedPosition('x'),
        closedPosition('2'),
        closedPosition('3', { mae: 5, exits: [{ ...exits[0], at: '1900-01-01T00:00:00Z' }] }),
        'not an object',
      ],
    };
    const one = await failure(() => parseInput(PushPositionsInput, raw));
    const got = await failure(() => sliced(raw));
    expect(got).toMatchObject({ code: 'validation_failed', status: 400 });
    const fields = (e: unknown) => (e as { errors: { field: string }[] }).errors.map((f) => f.field).sort();
    expect(fields(got)).toEqual(['extra', 'positions.0.position', 'positions.2.exits.0.at', 'positions.2.mae', 'positions.3']);
    expect(fields(got).filter((f) => f !== 'positions.3')).toEqual(fields(one).filter((f) => f !== 'positions.3'));
  });

  it('hands the event loop back while a long message is validated', async () => {
    const raw = { id: 'a', positions: Array.from({ length: 400 }, (_, i) => closedPosition(String(i), { exits })) };
    let turns = 0;
    let parsing = true;
    const tick = (): void => {
      turns += 1;
      if (parsing) setImmediate(tick);
    };
    setImmediate(tick);
    await sliced(raw);
    parsing = false;
    expect(turns).toBeGreaterThan(1);
  });
});
