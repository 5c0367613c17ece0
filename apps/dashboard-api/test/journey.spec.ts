import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { body, createChallengeRest, expectProblem, TestService, type Browser, type Listing, type Me } from './harness.js';
import type { DashboardAnswer } from './api-types.js';

interface KeyMade {
  secret: string;
  key: { id: string; revokedAt: string | null };
}

async function mcp(service: TestService, key: string): Promise<Client> {
  const client = new Client({ name: 'dashboard-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${service.origin}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  return client;
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Issue 9, "How it will be checked", end to end over HTTP with SIGNUP=open. */
describeEachDatabase('dashboard journey: two people, their keys, scopes, isolation, disabling', (getDb) => {
  let service: TestService;
  let alice: Browser;
  let bob: Browser;
  let aliceKey: string;
  let bobKey: string;
  beforeAll(async () => {
    service = await TestService.start(getDb(), { env: { SIGNUP: 'open' } });
    alice = await service.signUp('alice@example.com');
    bob = await service.signUp('bob@example.com');
    aliceKey = await alice.issueKey('full', 'alice laptop');
    bobKey = await bob.issueKey('full', 'bob agent');
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  it('each person uses their own key on /api/v1 and /mcp, and sees only their own records', async () => {
    const mine = await createChallengeRest(service, aliceKey, { firm: 'Alice Firm' });
    const client = await mcp(service, bobKey);
    try {
      const bobCreated = await client.callTool({
        name: 'create_challenge',
        arguments: { firm: 'Bob Firm', plan: '1-Step 50k', price: 99 },
      });
      expect(bobCreated.isError).toBeFalsy();
      const bobList = await client.callTool({ name: 'list_challenges', arguments: {} });
      const firms = (bobList.structuredContent as DashboardAnswer<'/app/api/challenges', 'get'>).items.map((c) => c.firm);
      expect(firms).toEqual(['Bob Firm']);
      const peek = await client.callTool({ name: 'get_challenge', arguments: { id: mine.id } });
      expect(peek.isError).toBe(true);
    } finally {
      await client.close();
    }
    const aliceList = await service.http().get('/api/v1/challenges').set(bearer(aliceKey));
    expect(body<Listing<{ firm: string }>>(aliceList).items.map((c) => c.firm)).toEqual(['Alice Firm']);
    // The dashboard (session) sees the same records as the key, through the same operations.
    const viaDashboard = await alice.get('/challenges');
    expect(viaDashboard.status).toBe(200);
    expect(viaDashboard.body).toEqual(aliceList.body);
    const bobViaDashboard = await bob.get(`/challenges/${mine.id}`);
    expectProblem(bobViaDashboard, 404, 'not_found');
  });

  it('lists, creates and revokes keys per person; nobody can see or revoke another person’s key', async () => {
    const aliceKeys = await alice.get('/keys');
    const keys = body<Listing<{ id: string; name: string }>>(aliceKeys).items;
    expect(keys.map((k) => k.name)).toEqual(['alice laptop']);
    expect(JSON.stringify(aliceKeys.body)).not.toContain(aliceKey);
    expect(keys[0]).toMatchObject({ scope: 'full', revokedAt: null, prefix: aliceKey.slice(0, 14) });
    const aliceKeyId = String(keys[0]?.id);
    expectProblem(await bob.post(`/keys/${aliceKeyId}/revoke`), 404, 'not_found');
    expect((await service.http().get('/api/v1/me/summary').set(bearer(aliceKey))).status).toBe(200);

    const spare = await alice.post('/keys', { name: 'spare', scope: 'full' });
    expect(spare.status).toBe(201);
    const made = body<KeyMade>(spare);
    expect(made.secret).toMatch(/^eakey_/);
    const revoked = await alice.post(`/keys/${made.key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(body<KeyMade>(revoked).key.revokedAt).not.toBeNull();
    expectProblem(await service.http().get('/api/v1/me/summary').set(bearer(made.secret)), 401, 'invalid_token');
    expectProblem(await alice.post('/keys', { name: 'x', scope: 'admin' }), 400, 'validation_failed');
  });

  it('a tracker key registers an account and pushes a report, and is refused on challenge routes (REST and MCP)', async () => {
    const tracker = await alice.issueKey('tracker', 'EA tracker');
    const registered = await service
      .http()
      .post('/api/v1/accounts')
      .set(bearer(tracker))
      .send({ login: '700100', server: 'Broker-Live', currency: 'USD', initialBalance: 100000 });
    expect(registered.status).toBe(201);
    const pushed = await service
      .http()
      .post(`/api/v1/accounts/${body<{ id: string }>(registered).id}/reports`)
      .set(bearer(tracker))
      .send({ date: new Date().toISOString().slice(0, 10), balance: 100250.5, equity: 100200, closedPnl: 250.5 });
    expect(pushed.status).toBe(200);

    expectProblem(await service.http().get('/api/v1/challenges').set(bearer(tracker)), 403, 'insufficient_scope');
    expectProblem(await service.http().get('/api/v1/me/summary').set(bearer(tracker)), 403, 'insufficient_scope');
    const create = await service.http().post('/api/v1/challenges').set(bearer(tracker)).send({ firm: 'X', plan: 'Y', price: 1 });
    expectProblem(create, 403, 'insufficient_scope');
    // Public operations stay open to it.
    expect((await service.http().get('/api/v1/plans?firm=ftmo').set(bearer(tracker))).status).toBe(200);

    const client = await mcp(service, tracker);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).not.toContain('list_challenges');
      expect(tools).not.toContain('get_summary');
      expect(tools).toContain('search_plans');
      const refused = await client.callTool({ name: 'list_challenges', arguments: {} });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('insufficient_scope');
    } finally {
      await client.close();
    }
  });

  it('an API key on /app/api is refused', async () => {
    expectProblem(await service.http().get('/app/api/challenges').set(bearer(aliceKey)), 401, 'session_required');
    expectProblem(await service.http().get('/app/api/keys').set(bearer(aliceKey)), 401, 'session_required');
  });

  it('/api/v1 still never deletes (405), while /app/api does', async () => {
    const challenge = await createChallengeRest(service, aliceKey);
    const res = await service.http().delete(`/api/v1/challenges/${challenge.id}`).set(bearer(aliceKey));
    expectProblem(res, 405, 'method_not_allowed');
    const tools = (await (await mcp(service, aliceKey)).listTools()).tools;
    expect(tools.some((t) => /delete|trash|restore|key|invite|user/.test(t.name))).toBe(false);
    const spec = await service.http().get('/api/v1/openapi.json');
    expect(JSON.stringify(spec.body)).not.toMatch(/"delete"|\/trash|\/keys|\/app\/api/);
  });

  describe('disabling a person', () => {
    it('needs an admin', async () => {
      const bobId = body<Me>(await bob.get('/me')).user.id;
      expectProblem(await alice.post(`/admin/users/${bobId}/disable`), 403, 'forbidden');
      expectProblem(await alice.get('/admin/users'), 403, 'forbidden');
    });

    it('stops their key and session on the very next request, and enabling brings the key back', async () => {
      const admin = await service.signUp('admin@example.com');
      await getDb().prisma.user.update({ where: { emailNormalized: 'admin@example.com' }, data: { admin: true } });
      const bobId = body<Me>(await bob.get('/me')).user.id;
      expect((await service.http().get('/api/v1/me/summary').set(bearer(bobKey))).status).toBe(200);
      const disabled = await admin.post(`/admin/users/${bobId}/disable`);
      expect(disabled.status).toBe(200);
      expect(body<Me>(disabled).user.disabledAt).not.toBeNull();
      expectProblem(await service.http().get('/api/v1/me/summary').set(bearer(bobKey)), 401, 'invalid_token');
      expect((await bob.get('/me')).body).toEqual({ signedIn: false });
      expectProblem(await bob.get('/keys'), 401, 'session_required');
      const signIn = await service.browser().post('/auth/sign-in', { email: 'bob@example.com', password: 'correct horse battery' }, false);
      expectProblem(signIn, 401, 'invalid_credentials');
      const listed = await admin.get('/admin/users');
      expect(body<Listing<{ id: string }>>(listed).items.find((u) => u.id === bobId)).toMatchObject({ email: 'bob@example.com', keys: 1 });
      expect((await admin.post(`/admin/users/${bobId}/enable`)).status).toBe(200);
      expect((await service.http().get('/api/v1/me/summary').set(bearer(bobKey))).status).toBe(200);
    });
  });
});
