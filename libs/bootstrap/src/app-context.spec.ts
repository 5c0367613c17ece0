import { expect, it } from '@jest/globals';
import { createLogger, loadConfig } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createAppContext } from './app-context.js';

/** `db` with every read of its Prisma client counted. */
function watchingPrisma(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const watched = new Proxy(db, {
    get: (target, property) => {
      if (property === 'prisma') reads++;
      return Reflect.get(target, property, target) as unknown;
    },
  });
  return { db: watched, reads: () => reads };
}

describeEachDatabase('app start', (getDb) => {
  const config = loadConfig({});
  const options = { logger: createLogger('silent'), announceKey: () => undefined };

  it('makes no Prisma query before listening on a database it prepared before (the first loads the query compiler, about 0.35 s)', async () => {
    await (await createAppContext(getDb(), config, options)).close();
    const { db, reads } = watchingPrisma(getDb());
    const context = await createAppContext(db, config, options);
    await context.close();
    expect(reads()).toBe(0);
  });
});
