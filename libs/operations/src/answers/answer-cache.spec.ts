import { describe, expect, it } from '@jest/globals';
import { AnswerCache, CATALOG_SCOPE, EVERY_SCOPE } from './answer-cache.js';

/** A computation that counts its runs and answers a fresh object each time. */
function counter() {
  let runs = 0;
  const compute = async () => ({ run: ++runs });
  return { compute, runs: () => runs };
}

/** A computation that waits until released, to interleave a write with it. */
function gate() {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { release, compute: async () => opened.then(() => ({ stale: true })) };
}

function liveCache(capacity = 10, clock?: () => number): AnswerCache {
  const cache = new AnswerCache(capacity, clock);
  cache.setLive(true);
  return cache;
}

describe('AnswerCache', () => {
  it('answers a repeated key without computing again, per scope', async () => {
    const cache = liveCache();
    const { compute, runs } = counter();
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 1 });
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 1 });
    expect(await cache.answer('u2', 'k', compute)).toEqual({ run: 2 });
    expect(runs()).toBe(2);
  });

  it('keeps answers frozen, so that no caller can change what the next one gets', async () => {
    const cache = liveCache();
    const answer = await cache.answer('u1', 'k', async () => ({ items: [{ n: 1 }] }));
    expect(() => {
      (answer.items[0] as { n: number }).n = 2;
    }).toThrow(TypeError);
  });

  it('computes again after a change of the scope, and only of that scope', async () => {
    const cache = liveCache();
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    await cache.answer('u2', 'k', compute);
    cache.changed('u1');
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 3 });
    expect(await cache.answer('u2', 'k', compute)).toEqual({ run: 2 });
    expect(runs()).toBe(3);
  });

  it('drops every scope on a change of shared data', async () => {
    const cache = liveCache();
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    await cache.answer(CATALOG_SCOPE, 'k', compute);
    cache.changed(EVERY_SCOPE);
    await cache.answer('u1', 'k', compute);
    await cache.answer(CATALOG_SCOPE, 'k', compute);
    expect(runs()).toBe(4);
  });

  it('does not keep what a read found when its scope changed while it ran', async () => {
    const cache = liveCache();
    const slow = gate();
    const reading = cache.answer('u1', 'k', slow.compute);
    cache.changed('u1');
    slow.release();
    await reading;
    const { compute } = counter();
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 1 });
  });

  it('computes once for readers that miss one key together', async () => {
    const cache = liveCache();
    const slow = gate();
    let runs = 0;
    const compute = () => (runs++, slow.compute());
    const readers = Promise.all([1, 2, 3].map(() => cache.answer('u1', 'k', compute)));
    slow.release();
    const answers = await readers;
    expect(runs).toBe(1);
    expect(answers[1]).toBe(answers[0]);
    expect(await cache.answer('u1', 'k', compute)).toBe(answers[0]);
  });

  it('never gives a reader that came after a change what a computation begun before it found', async () => {
    const cache = liveCache();
    const slow = gate();
    const before = cache.answer('u1', 'k', slow.compute);
    cache.changed('u1');
    const after = cache.answer('u1', 'k', async () => ({ stale: false }));
    slow.release();
    expect(await before).toEqual({ stale: true });
    expect(await after).toEqual({ stale: false });
  });

  it('neither serves nor keeps answers of a scope while one of its writes runs', async () => {
    const cache = liveCache();
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    let finishWrite: () => void = () => undefined;
    const writing = cache.writing('u1', () => new Promise<void>((resolve) => (finishWrite = resolve)));
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 2 });
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 3 });
    expect(await cache.answer('u2', 'k', compute)).toEqual({ run: 4 });
    expect(await cache.answer('u2', 'k', compute)).toEqual({ run: 4 });
    finishWrite();
    await writing;
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 5 });
    expect(await cache.answer('u1', 'k', compute)).toEqual({ run: 5 });
    expect(runs()).toBe(5);
  });

  it('ends a write that failed too, and keeps no error', async () => {
    const cache = liveCache();
    await expect(cache.writing('u1', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(cache.answer('u1', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    await cache.answer('u1', 'k', compute);
    expect(runs()).toBe(1);
  });

  it('keeps nothing while change notifications are not flowing, and forgets everything when they stop', async () => {
    const cache = new AnswerCache(10);
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    await cache.answer('u1', 'k', compute);
    expect(runs()).toBe(2);
    cache.setLive(true);
    await cache.answer('u1', 'k', compute);
    cache.setLive(false);
    cache.setLive(true);
    await cache.answer('u1', 'k', compute);
    expect(runs()).toBe(4);
  });

  it('holds at most its capacity, the oldest leaving first, and nothing at capacity 0', async () => {
    const cache = liveCache(2);
    const { compute, runs } = counter();
    for (const key of ['a', 'b', 'c']) await cache.answer('u1', key, compute);
    expect(cache.size).toBe(2);
    await cache.answer('u1', 'c', compute);
    await cache.answer('u1', 'a', compute);
    expect(runs()).toBe(4);
    const off = liveCache(0);
    await off.answer('u1', 'k', compute);
    await off.answer('u1', 'k', compute);
    expect(off.size).toBe(0);
    expect(runs()).toBe(6);
  });

  it('drops an answer after a minute even without a change signal (the bound on a lost one)', async () => {
    let now = 0;
    const cache = liveCache(10, () => now);
    const { compute, runs } = counter();
    await cache.answer('u1', 'k', compute);
    now = 59_999;
    await cache.answer('u1', 'k', compute);
    now = 60_000;
    await cache.answer('u1', 'k', compute);
    expect(runs()).toBe(2);
  });
});
