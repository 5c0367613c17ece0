import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CreateChallengeInput, RegisterAccountInput, UpdateChallengeInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';
import type { Caller } from '@propfolio/core';

describeEachDatabase('challenge state machine', (getDb) => {
  const services = () => createDomainServices(getDb());

  async function challengeWithAccounts(caller: Caller, accounts = 2, extra: object = {}) {
    const s = services();
    const input = await parse(CreateChallengeInput, { firm: 'FTMO', plan: '2-Step 100k', price: 540, purchasedAt: '2026-02-01', ...extra });
    const challenge = await s.challenges.create(caller, input, NOW);
    for (let i = 0; i < accounts; i++) {
      const account = await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'FTMO-Demo',
        currency: 'usd',
        initialBalance: 100000,
        challengeId: challenge.id,
      });
      await s.accounts.register(caller, account);
    }
    return challenge;
  }

  const update = async (caller: Caller, body: object) => services().challenges.update(caller, await parse(UpdateChallengeInput, body), NOW);

  it('creates with the documented defaults', async () => {
    const caller = await newCaller(getDb());
    const input = await parse(CreateChallengeInput, { firm: ' FTMO ', plan: '10k', price: 155 });
    const challenge = await services().challenges.create(caller, input, NOW);
    expect(challenge).toMatchObject({
      firm: 'FTMO',
      currency: 'USD',
      phase: 'Phase 1',
      billing: 'one_time',
      status: 'in_progress',
      purchasedAt: '2026-03-15',
      daysSincePurchase: 0,
      paymentMethod: null,
    });
    expect(challenge.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('archives every linked EA account on a phase change, in the same answer', async () => {
    const caller = await newCaller(getDb());
    const challenge = await challengeWithAccounts(caller, 2);
    const result = await update(caller, { id: challenge.id, phase: 'Phase 2' });
    expect(result.changed).toEqual(['phase']);
    expect(result.archivedAccounts).toHaveLength(2);
    const detail = await services().challenges.get(caller, { id: challenge.id }, NOW);
    expect(detail.accounts.every((a) => a.archived && a.archivedReason?.startsWith('phase change'))).toBe(true);
    expect(detail.challenge.phase).toBe('Phase 2');
  });

  it('changes nothing when the phase is the one it already has', async () => {
    const caller = await newCaller(getDb());
    const challenge = await challengeWithAccounts(caller, 1);
    const result = await update(caller, { id: challenge.id, phase: 'Phase 1' });
    expect(result.changed).toEqual([]);
    expect(result.archivedAccounts).toEqual([]);
    expect(result.challenge.updatedAt).toBe(challenge.updatedAt);
    const accounts = await services().accounts.list(caller, {});
    expect(accounts.items).toHaveLength(1);
  });

  it('a breach archives the accounts and closes the challenge: any later change is 409 challenge_closed', async () => {
    const caller = await newCaller(getDb());
    const challenge = await challengeWithAccounts(caller, 1);
    const failed = await update(caller, { id: challenge.id, status: 'failed' });
    expect(failed.challenge).toMatchObject({ status: 'failed', failedAt: '2026-03-15' });
    expect(failed.archivedAccounts).toHaveLength(1);
    for (const body of [{ phase: 'Phase 2' }, { status: 'in_progress' }, { paymentMethod: 'card' }, { status: 'failed' }]) {
      await expect(update(caller, { id: challenge.id, ...body })).rejects.toMatchObject({
        code: 'challenge_closed',
        status: 409,
        detail: expect.stringContaining('failed (breached) on 2026-03-15 and is closed'),
      });
    }
  });

  it('passedAt passes an in-progress challenge; status passed without a date records today', async () => {
    const caller = await newCaller(getDb());
    const a = await challengeWithAccounts(caller, 0);
    const passed = await update(caller, { id: a.id, passedAt: '2026-03-01' });
    expect(passed.challenge).toMatchObject({ status: 'passed', passedAt: '2026-03-01' });
    expect(passed.changed).toEqual(['status', 'passedAt']);
    const b = await challengeWithAccounts(caller, 0);
    expect((await update(caller, { id: b.id, status: 'passed' })).challenge.passedAt).toBe('2026-03-15');
    await expect(update(caller, { id: b.id, status: 'in_progress' })).rejects.toMatchObject({ code: 'conflict', status: 409 });
    // a passed (funded) challenge can still breach
    expect((await update(caller, { id: b.id, status: 'failed' })).challenge.status).toBe('failed');
  });

  it('rolls back the archive when the update itself fails', async () => {
    const db = getDb();
    const caller = await newCaller(db);
    const challenge = await challengeWithAccounts(caller, 2);
    await db.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_explode() RETURNS trigger AS $$
      BEGIN IF NEW.phase = 'Explode' THEN RAISE EXCEPTION 'refused by test trigger'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_explode BEFORE UPDATE ON "Challenge" FOR EACH ROW EXECUTE FUNCTION refuse_explode()`,
    );
    try {
      await expect(update(caller, { id: challenge.id, phase: 'Explode' })).rejects.toThrow();
    } finally {
      await db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_explode ON "Challenge"`);
    }
    const detail = await services().challenges.get(caller, { id: challenge.id }, NOW);
    expect(detail.challenge.phase).toBe('Phase 1');
    expect(detail.accounts.map((a) => a.archived)).toEqual([false, false]);
  });

  it('checks dates: monthlyEndedAt only on monthly plans, never before the purchase nor in the future', async () => {
    const caller = await newCaller(getDb());
    const oneTime = await challengeWithAccounts(caller, 0);
    await expect(update(caller, { id: oneTime.id, monthlyEndedAt: '2026-03-01' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'monthlyEndedAt', message: 'only applies to monthly plans; this challenge is billed one_time' }],
    });
    const monthly = await challengeWithAccounts(caller, 0, { billing: 'monthly' });
    await expect(update(caller, { id: monthly.id, monthlyEndedAt: '2026-01-31' })).rejects.toMatchObject({
      errors: [{ field: 'monthlyEndedAt', message: 'must not be before the purchase date (2026-02-01)' }],
    });
    await expect(update(caller, { id: monthly.id, passedAt: '2026-03-16' })).rejects.toMatchObject({
      errors: [{ field: 'passedAt', message: 'must not be in the future (latest allowed: 2026-03-15)' }],
    });
    const ended = await update(caller, { id: monthly.id, monthlyEndedAt: '2026-03-10' });
    expect(ended.challenge.monthlyEndedAt).toBe('2026-03-10');
    await expect(update(caller, { id: monthly.id })).rejects.toMatchObject({ code: 'validation_failed' });
  });
});

describe('challenge contracts', () => {
  it('rejects unknown fields, impossible dates and a null where a value is expected', async () => {
    await expect(parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, colour: 'red' })).rejects.toMatchObject({
      errors: [{ field: 'colour', message: 'is not a known field' }],
    });
    await expect(parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-02-30' })).rejects.toMatchObject({
      errors: [{ field: 'purchasedAt', message: 'must be a real calendar date in YYYY-MM-DD format' }],
    });
    await expect(parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: '10' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, currency: 'XYZ' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(parse(UpdateChallengeInput, { id: 'x', phase: null })).rejects.toMatchObject({ code: 'validation_failed' });
    const ok = await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 0.1, currency: 'eur' });
    expect(ok.currency).toBe('EUR');
  });

  it('rejects a purchase date in the future', async () => {
    // no database needed: the date check runs before the insert
    const { ChallengeService } = await import('./challenges.service.js');
    const service = new ChallengeService({} as never);
    const input = await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-16' });
    await expect(service.create({ userId: 'u', userName: 'u', credentialId: 'key:k', scope: 'full' }, input, NOW)).rejects.toMatchObject({
      errors: [{ field: 'purchasedAt', message: 'must not be in the future (latest allowed: 2026-03-15)' }],
    });
  });
});
