import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AccountSnapshotInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const SNAPSHOTS = 300;

describeEachDatabase('tracker snapshots answer what they did', (getDb) => {
  const services = () => createDomainServices(getDb());

  it('concurrent snapshots with distinct instants are each folded in (never `unchanged`), and only the newest is `latest`', async () => {
    const caller = await newCaller(getDb());
    const account = await services().accounts.register(
      caller,
      await parse(RegisterAccountInput, { login: `${String(process.pid)}77`, server: 'Snap', currency: 'USD', initialBalance: 100000 }),
    );
    // Instants one second apart within one UTC day, sent newest first so that most arrive after a newer one.
    const inputs = await Promise.all(
      Array.from({ length: SNAPSHOTS }, (_, i) =>
        parse(AccountSnapshotInput, {
          id: account.id,
          at: new Date(NOW.getTime() - i * 1000).toISOString(),
          balance: 100000,
          equity: 100000 + (i % 7),
        }),
      ),
    );
    const answers = await Promise.all(inputs.map((input) => services().snapshots.push(caller, input, NOW)));
    const outcomes = answers.map((a) => a.outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unchanged')).toHaveLength(0);
    expect(answers[0]?.latest).toBe(true);
    const row = await getDb().prisma.intradayEquity.findFirstOrThrow({ where: { accountId: account.id } });
    expect(row.snapshots).toBe(SNAPSHOTS);
    expect(row.at.toISOString()).toBe(NOW.toISOString());

    // A retry of the latest snapshot writes nothing; a late older one is counted but is not the latest.
    const retry = await services().snapshots.push(caller, inputs[0] as AccountSnapshotInput, NOW);
    expect(retry).toMatchObject({ outcome: 'unchanged', latest: true });
    const late = await parse(AccountSnapshotInput, {
      id: account.id,
      at: new Date(NOW.getTime() - 3_600_000).toISOString(),
      balance: 100000,
      equity: 100003,
    });
    expect(await services().snapshots.push(caller, late, NOW)).toMatchObject({ outcome: 'updated', latest: false, equity: 100000 });
  });
});
