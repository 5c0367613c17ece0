import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CreateChallengeInput, HeadroomInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';

describeEachDatabase('headroom `at`', (getDb) => {
  const services = () => createDomainServices(getDb());

  it('is refused with 400 naming the field outside 1970 to a year from now (9999-12-31 was a 500)', async () => {
    const caller = await newCaller(getDb());
    const challenge = await services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
      NOW,
    );
    const headroom = async (at: string) =>
      services().coach.headroom.forChallenge(caller, await parse(HeadroomInput, { id: challenge.id, at }), NOW);
    for (const at of ['9999-12-31T23:59:59Z', '1969-12-31T23:59:59Z', '2027-03-17T12:00:00Z']) {
      await expect(headroom(at)).rejects.toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ field: 'at' })] });
    }
    await expect(headroom('2027-03-14T12:00:00Z')).resolves.toBeDefined();
    await expect(headroom('1970-01-01T00:00:00Z')).resolves.toBeDefined();
  });
});
