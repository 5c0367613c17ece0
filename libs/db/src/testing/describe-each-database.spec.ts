import { afterAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from './index.js';

describeEachDatabase('describeEachDatabase: the database outlives the suite’s own hooks', (getDb) => {
  it('is open in a test', async () => {
    expect(await getDb().driverQuery<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
  // A suite's afterAll stops what still queries (an app's workers); the database must still answer there,
  // or a worker waiting on a closed pool hangs the suite until Jest's hook timeout.
  afterAll(async () => {
    expect(await getDb().driverQuery<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
