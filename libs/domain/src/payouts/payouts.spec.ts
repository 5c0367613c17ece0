import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AddPayoutInput, CreateChallengeInput, ListChallengesInput, ListPayoutsInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';

describeEachDatabase('payouts and pagination', (getDb) => {
  it('lists payouts from a date, newest first, with exact totals over all pages', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const challenge = await s.challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-01-01' }),
      NOW,
    );
    const add = async (amount: number, currency: string, date: string) =>
      s.payouts.add(caller, await parse(AddPayoutInput, { id: challenge.id, amount, currency, date }), NOW);
    await add(0.1, 'USD', '2026-02-01');
    await add(0.2, 'USD', '2026-02-03');
    await add(5, 'EUR', '2026-02-02');
    await add(7, 'USD', '2026-01-05');
    const first = await s.payouts.list(caller, await parse(ListPayoutsInput, { from: '2026-02-01', limit: '2' }));
    expect(first.items.map((p) => p.date)).toEqual(['2026-02-03', '2026-02-02']);
    expect(first.items[0]).toMatchObject({ firm: 'F', plan: 'P', amount: 0.2, currency: 'USD' });
    expect(first.totals).toEqual([
      { currency: 'EUR', amount: 5 },
      { currency: 'USD', amount: 0.3 },
    ]);
    const second = await s.payouts.list(
      caller,
      await parse(ListPayoutsInput, { from: '2026-02-01', limit: '2', cursor: first.nextCursor }),
    );
    expect(second.items.map((p) => p.date)).toEqual(['2026-02-01']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses payouts that are not positive, in the future or before the purchase', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const challenge = await s.challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-02-01' }),
      NOW,
    );
    await expect(parse(AddPayoutInput, { id: challenge.id, amount: 0, currency: 'USD', date: '2026-03-01' })).rejects.toMatchObject({
      errors: [{ field: 'amount', message: 'must be a positive number' }],
    });
    for (const date of ['2026-03-16', '2026-01-31']) {
      const input = await parse(AddPayoutInput, { id: challenge.id, amount: 1, currency: 'USD', date });
      await expect(s.payouts.add(caller, input, NOW)).rejects.toMatchObject({ code: 'validation_failed', errors: [{ field: 'date' }] });
    }
  });

  it('pages challenges in a stable order with no duplicates or gaps, even with inserts in between', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await s.challenges.create(caller, await parse(CreateChallengeInput, { firm: `F${i}`, plan: 'P', price: 1 }), NOW)).id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await s.challenges.list(caller, await parse(ListChallengesInput, { limit: '3', ...(cursor ? { cursor } : {}) }), NOW);
      seen.push(...page.items.map((c) => c.id));
      if (seen.length === 3)
        await s.challenges.create(caller, await parse(CreateChallengeInput, { firm: 'late', plan: 'P', price: 1 }), NOW);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    await expect(s.challenges.list(caller, await parse(ListChallengesInput, { cursor: 'garbage' }), NOW)).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'cursor' }],
    });
    await expect(parse(ListChallengesInput, { limit: '201' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(parse(ListChallengesInput, { status: 'open' })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('isolates users: another user’s id answers 404 exactly like an unknown or malformed id', async () => {
    const s = createDomainServices(getDb());
    const owner = await newCaller(getDb());
    const intruder = await newCaller(getDb());
    const challenge = await s.challenges.create(owner, await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1 }), NOW);
    const attempts = [challenge.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1'];
    const answers = await Promise.all(
      attempts.map((id) =>
        s.challenges.get(intruder, { id }, NOW).then(
          () => 'found',
          (e: unknown) => {
            const { status, detail } = e as { status: number; detail: string };
            return `${status} ${detail}`;
          },
        ),
      ),
    );
    expect(answers).toEqual(attempts.map(() => '404 Challenge not found.'));
    const input = await parse(AddPayoutInput, { id: challenge.id, amount: 1, currency: 'USD', date: '2026-03-01' });
    await expect(s.payouts.add(intruder, input, NOW)).rejects.toMatchObject({ status: 404 });
    expect((await s.challenges.list(intruder, {}, NOW)).items).toEqual([]);
  });
});
