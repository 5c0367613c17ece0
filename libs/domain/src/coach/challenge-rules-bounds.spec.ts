import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CreateChallengeInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';
import { SetChallengeRulesInput } from './coach.inputs.js';

describeEachDatabase('a challenge’s own rules are judgeable when stored', (getDb) => {
  const services = () => createDomainServices(getDb());

  it('refuses bounds passed and contradictions with 400 naming each field, and stores nothing', async () => {
    const caller = await newCaller(getDb());
    const challenge = await services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
      NOW,
    );
    const setRules = async (rules: object) =>
      services().coach.rules.set(caller, await parse(SetChallengeRulesInput, { id: challenge.id, rules }));
    const fieldsOf = async (rules: object) => {
      const error = (await setRules(rules).catch((e: unknown) => e)) as { code?: string; errors?: { field: string }[] };
      expect(error.code).toBe('validation_failed');
      return (error.errors ?? []).map((e) => e.field);
    };

    expect(await fieldsOf({ timeLimit: { days: 100_000 } })).toEqual(['rules.timeLimit.days']);
    expect(await fieldsOf({ profitTargetsPercent: Array.from({ length: 11 }, () => 5) })).toEqual(['rules.profitTargetsPercent']);
    expect(await fieldsOf({ dailyLoss: { resetClock: 'x'.repeat(101) } })).toEqual(['rules.dailyLoss.resetClock']);
    expect(await fieldsOf({ profitTargetsPercent: [10], dailyLoss: { percent: 0 } })).toEqual(['rules.dailyLoss.percent']);
    expect(await fieldsOf({ timeLimit: { days: 30 }, minTradingDays: { days: 40, perPhase: true } })).toEqual([
      'rules.minTradingDays.days',
    ]);
    // A maximum-loss floor not below the start: a zero limit, a lock trigger that never locks (the floor trails above
    // the start), and a lock at 0% profit (locked at the start before the first trade).
    expect(await fieldsOf({ maxLoss: { type: 'static', amount: 0 } })).toEqual(['rules.maxLoss.amount']);
    expect(await fieldsOf({ maxLoss: { type: 'trailing_equity', percent: 0 } })).toEqual(['rules.maxLoss.percent']);
    expect(await fieldsOf({ maxLoss: { type: 'trailing_equity', percent: 5, lockTriggerPercent: 5 } })).toEqual([
      'rules.maxLoss.lockTriggerPercent',
    ]);
    expect(
      await fieldsOf({ maxLoss: { type: 'trailing_closed_balance', percent: 5, lockFloor: 'initial_balance', lockTriggerPercent: 0 } }),
    ).toEqual(['rules.maxLoss.lockTriggerPercent']);
    const stored = await getDb().prisma.challenge.findUniqueOrThrow({ where: { id: challenge.id } });
    expect(stored.rulesOverride).toBeNull();

    // Within the bounds and consistent: stored.
    await expect(setRules({ profitTargetsPercent: [10, 5], dailyLoss: { percent: 5 }, timeLimit: { days: 30 } })).resolves.toBeDefined();
    // A lock at the start once the account is up 5% (FundingPips Zero), and a static floor whose lock fields do nothing.
    await expect(
      setRules({ maxLoss: { type: 'trailing_equity', percent: 5, lockFloor: 'initial_balance', lockTriggerPercent: 5 } }),
    ).resolves.toBeDefined();
    await expect(setRules({ maxLoss: { type: 'static', percent: 10, lockTriggerPercent: 5 } })).resolves.toBeDefined();
  });
});
