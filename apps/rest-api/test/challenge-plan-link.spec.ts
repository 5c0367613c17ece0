import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { expectProblem, json, registerAccount, RestTestApp } from './harness.js';

/** create_challenge's answer with `planLink` (typed here: the committed OpenAPI types follow at the next regeneration). */
interface Created {
  id: string;
  planId: string | null;
  planLink: {
    status: 'given' | 'linked' | 'several' | 'none';
    planId: string | null;
    candidates: { id: string; program: string; accountSize: number | null; currency: string }[];
    detail: string;
  };
}
interface Updated {
  challenge: { planId: string | null };
  changed: string[];
  archivedAccounts: unknown[];
}
interface HeadroomAnswer {
  rules: { planId: string | null };
  reasons: { code: string; message: string }[];
}

const FTMO_100K = 'ftmo-2-step-100000';

describeEachDatabase('REST challenges: the catalog plan a purchase names', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  const create = async (body: object, key = app.ownerKey) => {
    const res = await app.post('/challenges', { price: 540, currency: 'EUR', ...body }, key);
    expect(res.status).toBe(201);
    return json<Created>(res);
  };

  it("links the README's first challenge to its plan and says so", async () => {
    const created = await create({ firm: 'FTMO', plan: '2-Step 100k' });
    expect(created.planId).toBe(FTMO_100K);
    expect(created.planLink).toMatchObject({ status: 'linked', planId: FTMO_100K, candidates: [{ id: FTMO_100K, accountSize: 100000 }] });
    expect(created.planLink.detail).toMatch(/^Linked to catalog plan ftmo-2-step-100000 \(FTMO Challenge 2-Step 100,000 EUR\)/);
    const detail = json<{ challenge: { planId: string }; catalogPlan: { id: string } }>(await app.get(`/challenges/${created.id}`));
    expect(detail.catalogPlan.id).toBe(FTMO_100K);
  });

  it.each([
    ['ftmo', '2-step 100,000'],
    ['ＦＴＭＯ', '2 Step $100K'],
    ['FTMO.com', 'FTMO Challenge 2-Step 100000'],
  ])('reads firm %p and plan %p as the same plan', async (firm, plan) => {
    expect((await create({ firm, plan })).planId).toBe(FTMO_100K);
  });

  it('lists the plans the names fit when they name several, and links none', async () => {
    const created = await create({ firm: 'FTMO', plan: '2-Step' });
    expect(created.planId).toBeNull();
    expect(created.planLink.status).toBe('several');
    expect(created.planLink.candidates.map((c) => c.id)).toContain(FTMO_100K);
    expect(created.planLink.detail).toMatch(/update_challenge `planId`/);
  });

  it('links none for a firm the catalog does not know, and the coach says exactly that', async () => {
    const created = await create({ firm: 'My Local Prop', plan: 'Evaluation 50k' });
    expect(created.planLink).toMatchObject({ status: 'none', planId: null, candidates: [] });
    const headroom = json<HeadroomAnswer>(await app.get(`/challenges/${created.id}/headroom`));
    expect(headroom.reasons[0]?.code).toBe('data.no_plan');
    expect(headroom.reasons[0]?.message).toMatch(/No catalog plan is linked.*update_challenge planId.*set_challenge_rules/);
    const problem = expectProblem(await app.post(`/challenges/${created.id}/simulations`, { dailyPnlPercent: [1] }), 422, 'rules_unknown');
    expect(problem.detail).toMatch(/^No catalog plan is linked/);
  });

  it('keeps a planId sent by id, whatever the names say', async () => {
    const created = await create({ firm: 'FTMO', plan: '2-Step 100k', planId: 'ftmo-1-step-100000' });
    expect(created.planLink).toMatchObject({ status: 'given', planId: 'ftmo-1-step-100000' });
  });

  it('update_challenge links, changes and unlinks the plan without archiving an account', async () => {
    const created = await create({ firm: 'My Local Prop', plan: 'Evaluation 100k' });
    const account = await registerAccount(app, { challengeId: created.id });
    const linked = json<Updated>(await app.patch(`/challenges/${created.id}`, { planId: FTMO_100K }));
    expect(linked).toMatchObject({ challenge: { planId: FTMO_100K }, changed: ['planId'], archivedAccounts: [] });
    const headroom = json<HeadroomAnswer>(await app.get(`/challenges/${created.id}/headroom`));
    expect(headroom.rules.planId).toBe(FTMO_100K);
    expect(headroom.reasons.map((r) => r.code)).not.toContain('data.no_plan');

    const same = json<Updated>(await app.patch(`/challenges/${created.id}`, { planId: FTMO_100K }));
    expect(same.changed).toEqual([]);
    const changed = json<Updated>(await app.patch(`/challenges/${created.id}`, { planId: 'ftmo-1-step-100000' }));
    expect(changed).toMatchObject({ challenge: { planId: 'ftmo-1-step-100000' }, changed: ['planId'] });
    const unlinked = json<Updated>(await app.patch(`/challenges/${created.id}`, { planId: null }));
    expect(unlinked).toMatchObject({ challenge: { planId: null }, changed: ['planId'], archivedAccounts: [] });
    const accounts = json<{ items: { id: string; archived: boolean }[] }>(await app.get('/accounts'));
    expect(accounts.items.find((a) => a.id === account.id)?.archived).toBe(false);
  });

  it('refuses an unknown plan id (400 naming planId) and a failed challenge (409), writing nothing', async () => {
    const created = await create({ firm: 'FTMO', plan: '2-Step 100k' });
    const unknown = expectProblem(await app.patch(`/challenges/${created.id}`, { planId: 'no-such-plan' }), 400, 'validation_failed');
    expect(unknown.errors?.map((e) => e.field)).toEqual(['planId']);
    expectProblem(await app.patch(`/challenges/${created.id}`, { planId: 42 }), 400, 'validation_failed');
    await app.patch(`/challenges/${created.id}`, { status: 'failed' }).expect(200);
    expectProblem(await app.patch(`/challenges/${created.id}`, { planId: null }), 409, 'challenge_closed');
    const detail = json<{ challenge: { planId: string | null } }>(await app.get(`/challenges/${created.id}`));
    expect(detail.challenge.planId).toBe(FTMO_100K);
  });

  it("does not link another user's view of anything: a stranger cannot relink a challenge", async () => {
    const created = await create({ firm: 'FTMO', plan: '2-Step 100k' });
    const stranger = await app.newUserKey();
    expectProblem(await app.patch(`/challenges/${created.id}`, { planId: null }, stranger), 404, 'not_found');
  });
});
