import { describe, expect, it } from '@jest/globals';
import { SharedFlights } from './shared-flights.js';

/** Work that waits until released, counting how often it was started. */
function gatedWork() {
  let starts = 0;
  let release: (value: string) => void = () => undefined;
  const opened = new Promise<string>((resolve) => (release = resolve));
  return { work: async () => (starts++, opened), starts: () => starts, release };
}

describe('SharedFlights', () => {
  it('gives callers of one key and generation the result of a single run', async () => {
    const flights = new SharedFlights<string>();
    const gate = gatedWork();
    const results = Promise.all([1, 2, 3].map(() => flights.run('k', 0, gate.work)));
    gate.release('answer');
    expect(await results).toEqual(['answer', 'answer', 'answer']);
    expect(gate.starts()).toBe(1);
    expect(flights.size).toBe(0);
  });

  it('starts a new run for another generation, another key, or once the run has ended', async () => {
    const flights = new SharedFlights<string>();
    const gate = gatedWork();
    const first = flights.run('k', 0, gate.work);
    const later = flights.run('k', 1, gate.work);
    const other = flights.run('other', 0, gate.work);
    gate.release('x');
    await Promise.all([first, later, other]);
    expect(gate.starts()).toBe(3);
    await flights.run('k', 0, gate.work);
    expect(gate.starts()).toBe(4);
  });

  it('shares a failure with the callers that joined, then forgets the run', async () => {
    const flights = new SharedFlights<string>();
    let fail: (error: Error) => void = () => undefined;
    const failing = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const joined = [flights.run('k', 0, failing), flights.run('k', 0, failing)];
    fail(new Error('database down'));
    for (const result of joined) await expect(result).rejects.toThrow('database down');
    expect(flights.size).toBe(0);
    await expect(flights.run('k', 0, async () => 'recovered')).resolves.toBe('recovered');
  });

  it('forgets a run whose work throws before it returns a promise', async () => {
    const flights = new SharedFlights<string>();
    const throwing = (): Promise<string> => {
      throw new Error('bad input');
    };
    await expect(flights.run('k', 0, throwing)).rejects.toThrow('bad input');
    expect(flights.size).toBe(0);
  });
});
