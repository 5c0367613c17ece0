import { describe, expect, it } from '@jest/globals';
import { createLogger, type Caller, type Operation } from '@propfolio/core';
import { AnswerCache, withAnswerCache } from '@propfolio/operations';
import express from 'express';
import request from 'supertest';
import type { IdempotencyDeps } from './idempotency-key.js';
import { OperationRunner } from './operation-runner.js';
import { requestContext, requestState } from './request-context.js';

const CALLER: Caller = { userId: 'u1', userName: 'one', credentialId: 'key:1', scope: 'full' };
const LIST_KEY = 'list_things';

/** A write as the registry gives it to the front doors: wrapped by the answer cache (withAnswerCache). */
function createThing(cache: AnswerCache, written: string[]): Operation {
  const operation: Operation<{ name: string }, { name: string }> = {
    name: 'create_thing',
    title: 'Create a thing',
    description: 'A write of the caller’s records.',
    auth: 'key',
    input: Object as never,
    output: {},
    readOnly: false,
    idempotent: false,
    rest: { method: 'POST', path: '/things', status: 201 },
    parse: (raw) => Promise.resolve(raw as { name: string }),
    run: (_ctx, input) => {
      written.push(input.name);
      return Promise.resolve({ name: input.name });
    },
  };
  const [wrapped] = withAnswerCache([operation], cache);
  if (!wrapped) throw new Error('no operation');
  return wrapped;
}

/**
 * The REST runner over one wrapped write, with an Idempotency-Key unit that, like the real one, ends (commits) only
 * after the operation returned: `beforeCommit` runs in that gap, as a read of the caller's answers could.
 */
function server(cache: AnswerCache, beforeCommit: () => Promise<void>) {
  const written: string[] = [];
  const deps: IdempotencyDeps = {
    idempotency: {
      run: async (_userId, _key, _hash, successStatus, operation) => {
        const body = await operation();
        await beforeCommit();
        return { status: successStatus, body, replayed: false };
      },
    },
    requestHash: (operation, body) => `${operation} ${JSON.stringify(body)}`,
    answers: cache,
  };
  const runner = new OperationRunner(deps, { files: true });
  const operation = createThing(cache, written);
  const app = express();
  app.use(requestContext(createLogger('silent'), {}));
  app.use((_req, res, next) => {
    requestState(res).caller = CALLER;
    next();
  });
  app.use(express.json());
  app.post('/things', (req, res) => runner.run(operation, req, res));
  return { app, written };
}

/** A live answer cache that counts the writes it was told had finished (each one announces a change). */
function countingCache() {
  const finished = { count: 0 };
  const cache = new AnswerCache(10, Date.now, () => {
    finished.count += 1;
  });
  cache.setLive(true);
  return { cache, finished };
}

describe('the answer cache around a write over REST', () => {
  it('is entered once for a POST with an Idempotency-Key, and its hold lasts until the unit committed', async () => {
    const { cache, finished } = countingCache();
    let reads = 0;
    const read = () => cache.answer(CALLER.userId, LIST_KEY, () => Promise.resolve({ read: ++reads }));
    // Read between the operation's return and the commit: an answer kept then would hide the write after it.
    const { app, written } = server(cache, async () => {
      await read();
    });
    const answer = await request(app).post('/things').set('Idempotency-Key', 'k1').send({ name: 'a' });
    expect(answer.status).toBe(201);
    expect(written).toEqual(['a']);
    // One write, one hold: the change is announced once (it was twice when the wrapper entered the cache again).
    expect(finished.count).toBe(1);
    // The read inside the unit was not kept: the next one computes afresh, and that one is kept.
    expect(await read()).toEqual({ read: 2 });
    expect(await read()).toEqual({ read: 2 });
  });

  it('is entered once for a POST without a key, by the operation’s wrapper', async () => {
    const { cache, finished } = countingCache();
    const { app, written } = server(cache, () => Promise.reject(new Error('no unit without a key')));
    const answer = await request(app).post('/things').send({ name: 'b' });
    expect(answer.status).toBe(201);
    expect(written).toEqual(['b']);
    expect(finished.count).toBe(1);
  });
});
