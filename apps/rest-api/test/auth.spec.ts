import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '@propfolio/domain';
import {
  createChallenge,
  expectProblem,
  registerAccount,
  RestTestApp,
  json,
  type ChallengeDetailBody,
  type SummaryBody,
  type ChallengeList,
  type AccountList,
  type RestAnswer,
} from './harness.js';

/** GET /plans: `items` with detail=full, `programs` by default. */
type PlanPage = RestAnswer<'/api/v1/plans', 'get'>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A key with the right shape and checksum that no database knows (the checksum rule of key-format.ts). */
function wellFormedUnknownKey(): string {
  const body = Array.from(randomBytes(40), (byte) => ALPHABET[byte % 62]).join('');
  let value = createHash('sha256').update(body).digest().readUInt32BE(0);
  let checksum = '';
  for (let i = 0; i < 6; i++) {
    checksum = ALPHABET.charAt(value % 62) + checksum;
    value = Math.floor(value / 62);
  }
  return `eakey_${body}${checksum}`;
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** Every private route, with a well-formed id where the path takes one. */
const PRIVATE_ROUTES: [method: 'get' | 'post' | 'patch', path: string][] = [
  ['get', '/me/summary'],
  ['get', '/challenges'],
  ['post', '/challenges'],
  ['get', `/challenges/${SOME_ID}`],
  ['patch', `/challenges/${SOME_ID}`],
  ['post', `/challenges/${SOME_ID}/memos`],
  ['post', `/challenges/${SOME_ID}/payouts`],
  ['get', '/payouts'],
  ['get', '/accounts'],
  ['get', `/accounts/${SOME_ID}/daily-pnl`],
  ['post', '/accounts'],
  ['post', `/accounts/${SOME_ID}/reports`],
  ['post', `/challenges/${SOME_ID}/costs`],
  ['patch', `/payouts/${SOME_ID}`],
  ['get', '/me/analytics'],
  ['patch', '/me'],
  ['post', '/calendar/imports'],
  ['get', '/me/tax-year/2026'],
  ['post', '/me/fx-rates'],
  ['get', '/accounts/lookup?login=1&server=x'],
  ['patch', `/accounts/${SOME_ID}`],
  ['post', `/accounts/${SOME_ID}/snapshots`],
  ['post', `/accounts/${SOME_ID}/statements`],
  ['get', `/challenges/${SOME_ID}/headroom`],
  ['post', `/challenges/${SOME_ID}/simulations`],
  ['post', '/me/plan-fit/replay'],
  ['post', '/me/plan-fit'],
  ['get', '/me/today'],
  ['get', '/account-groups'],
  ['post', '/account-groups'],
  ['patch', `/account-groups/${SOME_ID}`],
  ['get', `/account-groups/${SOME_ID}/trade-check`],
  ['get', `/account-groups/${SOME_ID}/guard`],
  ['get', `/challenges/${SOME_ID}/rules`],
  ['patch', `/challenges/${SOME_ID}/rules`],
  ['get', '/trades'],
  ['get', '/trades/stats'],
  ['get', '/trades/curve'],
  ['get', '/trades/calendar'],
  ['get', `/trades/${SOME_ID}`],
  ['patch', `/trades/${SOME_ID}`],
  ['get', '/trades/export.csv'],
  ['post', `/trades/${SOME_ID}/screenshots`],
  ['get', `/trades/${SOME_ID}/screenshots`],
  ['get', `/trades/${SOME_ID}/screenshots/${SOME_ID}`],
  ['post', `/accounts/${SOME_ID}/positions`],
  ['get', `/challenges/${SOME_ID}/alert-rules`],
  ['patch', `/challenges/${SOME_ID}/alert-rules`],
  ['get', `/accounts/${SOME_ID}/trade-check`],
  ['get', `/accounts/${SOME_ID}/guard`],
  ['post', '/alert-channels'],
  ['get', '/alert-channels'],
  ['post', `/alert-channels/${SOME_ID}/test`],
  ['get', '/alert-deliveries'],
];

describeEachDatabase('REST authentication, isolation and public routes', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  // A file route (a screenshot upload) takes the image itself, not JSON: sent with no body, the key check answers first.
  const bodyOf = (path: string): object | undefined => (path.endsWith('/screenshots') ? undefined : {});
  const send = (method: 'get' | 'post' | 'patch', path: string, key: string | null, headers: Record<string, string> = {}) =>
    method === 'get' ? app.get(path, key, headers) : app[method](path, bodyOf(path), key, headers);

  it('the local owner key announced on the empty database works', async () => {
    expect(app.ownerKey).toMatch(/^eakey_[0-9A-Za-z]{38,}$/);
    await app.get('/me/summary').expect(200);
  });

  it('answers 401 unauthorized with WWW-Authenticate: Bearer on every private route without a key', async () => {
    // Every key operation is in the list, once: a new private route must be added here to be tested.
    const keyRoutes = app.context.operations.filter((op) => op.auth === 'key').map((op) => op.rest);
    const listed = (rest: { method: string; path: string }) =>
      PRIVATE_ROUTES.filter(([method, path]) => {
        const pattern = new RegExp(`^${rest.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
        const bare = path.split('?')[0]!;
        // A literal route (GET /trades/stats) is its own operation's, not also a parameter's (GET /trades/:id).
        if (rest.path.includes(':') && keyRoutes.some((r) => r.method === rest.method && r.path === bare)) return false;
        return method.toUpperCase() === rest.method && pattern.test(bare);
      }).length;
    expect(keyRoutes.filter((rest) => listed(rest) !== 1)).toEqual([]);
    expect(PRIVATE_ROUTES).toHaveLength(keyRoutes.length);
    for (const [method, path] of PRIVATE_ROUTES) {
      const res = await send(method, path, null);
      const problem = expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(problem.detail).toContain('Authorization: Bearer');
    }
  });

  it('answers 401 invalid_token with Bearer error="invalid_token" for malformed, unknown and revoked keys', async () => {
    const created = await createDomainServices(getDb()).keys.createKey('to-be-revoked');
    await app.get('/me/summary', created.key).expect(200);
    // Revoked through the serving process, so at once; another process's revocation reaches it within
    // 5 s (the credential cache's bound, tested in libs/domain/src/keys/credential-cache.spec.ts).
    await app.context.domain.keys.revoke(created.prefix);
    const truncated = app.ownerKey.slice(0, -1);
    const typo = `${app.ownerKey.slice(0, -1)}${app.ownerKey.endsWith('a') ? 'b' : 'a'}`;
    const headers = [
      `Bearer ${created.key}`,
      `Bearer ${wellFormedUnknownKey()}`,
      `Bearer ${truncated}`,
      `Bearer ${typo}`,
      'Bearer not-a-key',
      'Bearer',
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `Token ${app.ownerKey}`,
      `Bearer ${app.ownerKey} extra`,
    ];
    for (const authorization of headers) {
      for (const [method, path] of PRIVATE_ROUTES.slice(0, 3)) {
        const res = await send(method, path, null, { Authorization: authorization });
        expectProblem(res, 401, 'invalid_token');
        expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
    }
  });

  it('takes the key from the Authorization header only (not the query string, a cookie or X-API-Key)', async () => {
    const key = encodeURIComponent(app.ownerKey);
    for (const path of [`/me/summary?api_key=${key}`, `/me/summary?access_token=${key}`, `/me/summary?key=${key}`]) {
      expectProblem(await app.get(path, null), 401, 'unauthorized');
    }
    for (const headers of [{ 'X-API-Key': app.ownerKey }, { Cookie: `api_key=${app.ownerKey}` }] as Record<string, string>[]) {
      expectProblem(await app.get('/me/summary', null, headers), 401, 'unauthorized');
    }
  });

  it('another user’s ids answer 404 exactly like unknown ids, on every route that takes an id', async () => {
    const challenge = await createChallenge(app, { purchasedAt: '2026-01-05' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const intruder = await app.newUserKey();
    const attempts: [method: 'get' | 'post' | 'patch', path: (id: string) => string, body: object][] = [
      ['get', (id) => `/challenges/${id}`, {}],
      ['patch', (id) => `/challenges/${id}`, { phase: 'Stolen' }],
      ['post', (id) => `/challenges/${id}/memos`, { content: 'hi' }],
      ['post', (id) => `/challenges/${id}/payouts`, { amount: 1, currency: 'USD', date: '2026-02-01' }],
    ];
    for (const [method, path, body] of attempts) {
      const theirs = method === 'get' ? await app.get(path(challenge.id), intruder) : await app[method](path(challenge.id), body, intruder);
      const unknown = method === 'get' ? await app.get(path(SOME_ID), intruder) : await app[method](path(SOME_ID), body, intruder);
      expectProblem(theirs, 404, 'not_found');
      expect(theirs.body).toEqual(unknown.body);
    }
    const pnl = await app.get(`/accounts/${account.id}/daily-pnl`, intruder);
    expectProblem(pnl, 404, 'not_found');
    expect(pnl.body).toEqual((await app.get(`/accounts/${SOME_ID}/daily-pnl`, intruder)).body);
    const report = { date: '2026-02-02', balance: 1, equity: 1, closedPnl: 0 };
    const pushed = await app.post(`/accounts/${account.id}/reports`, report, intruder);
    expectProblem(pushed, 404, 'not_found');
    expect(pushed.body).toEqual((await app.post(`/accounts/${SOME_ID}/reports`, report, intruder)).body);
    expectProblem(
      await app.post('/accounts', { login: '1', server: 'S', currency: 'USD', initialBalance: 1, challengeId: challenge.id }, intruder),
      404,
      'not_found',
    );

    // nothing of the owner leaks into the intruder's lists and summary, and nothing was changed
    expect(json<ChallengeList>(await app.get('/challenges', intruder).expect(200)).items).toEqual([]);
    expect(json<AccountList>(await app.get('/accounts?archived=include', intruder).expect(200)).items).toEqual([]);
    expect((await app.get('/payouts', intruder).expect(200)).body).toEqual({ items: [], nextCursor: null, totals: [] });
    expect(json<SummaryBody>(await app.get('/me/summary', intruder).expect(200)).counts.total).toBe(0);
    const detail = await app.get(`/challenges/${challenge.id}`).expect(200);
    expect(json<ChallengeDetailBody>(detail).challenge).toMatchObject({ phase: 'Phase 1' });
    expect(detail.body).toMatchObject({ memos: [], payouts: [] });
    expect(json<ChallengeDetailBody>(detail).accounts[0]).toMatchObject({ id: account.id, archived: false, lastReportOn: null });
  });

  it('two users with their own keys see only their own records', async () => {
    const alice = await app.newUserKey('alice');
    const bob = await app.newUserKey('bob');
    const a = await createChallenge(app, { firm: 'Alice Firm' }, alice);
    const b = await createChallenge(app, { firm: 'Bob Firm' }, bob);
    const list = async (key: string) => json<ChallengeList>(await app.get('/challenges', key).expect(200)).items.map((c) => c.id);
    expect(await list(alice)).toEqual([a.id]);
    expect(await list(bob)).toEqual([b.id]);
    await app.get(`/challenges/${a.id}`, alice).expect(200);
    expectProblem(await app.get(`/challenges/${a.id}`, bob), 404, 'not_found');
  });

  // Public catalog routes: no key needed, but a key that is sent must be valid.
  it('GET /plans answers without a key, filters and pages', async () => {
    const res = await app.get('/plans?limit=2&detail=full', null).expect(200);
    expect(json<PlanPage>(res).items).toHaveLength(2);
    expect(json<PlanPage>(res).nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(json<PlanPage>(res).nextCursor!);
    const next = await app.get(`/plans?limit=2&detail=full&cursor=${cursor}`, null).expect(200);
    const ids = [...(json<PlanPage>(res).items ?? []), ...(json<PlanPage>(next).items ?? [])].map((p) => p.id);
    expect(new Set(ids).size).toBe(4);
    // By default the plans come grouped under their program, the same page either way.
    const grouped = json<PlanPage>(await app.get(`/plans?limit=2&cursor=${cursor}`, null).expect(200));
    expect((grouped.programs ?? []).flatMap((p) => p.sizes.map((s) => s.id))).toEqual(ids.slice(2));
    const ftmo = json<PlanPage>(await app.get('/plans?firm=ftmo&limit=50', null).expect(200));
    const programs = ftmo.programs ?? [];
    expect(programs.length).toBeGreaterThan(0);
    expect(programs.every((p) => p.firm.slug === 'ftmo')).toBe(true);
    expectProblem(await app.get('/plans?phases=9', null), 400, 'validation_failed');
    expectProblem(await app.get('/plans?unknown=1', null), 400, 'validation_failed');
  });

  it('GET /articles and /articles/:slug answer without a key; an unknown slug is 404', async () => {
    const list = await app.get('/articles?limit=50', null).expect(200);
    expect(json<RestAnswer<'/api/v1/articles', 'get'>>(list).items.length).toBeGreaterThan(0);
    const slug = json<RestAnswer<'/api/v1/articles', 'get'>>(list).items[0]!.slug;
    const article = await app.get(`/articles/${slug}`, null).expect(200);
    expect(article.body).toMatchObject({ slug, title: expect.any(String) });
    expectProblem(await app.get('/articles/no-such-article', null), 404, 'not_found');
  });

  it('accepts a valid key on public routes and refuses an invalid one with 401 invalid_token', async () => {
    await app.get('/plans?limit=1').expect(200);
    await app.get('/articles?limit=1', await app.newUserKey()).expect(200);
    for (const path of ['/plans', '/articles', '/articles/no-such-article', '/openapi.json']) {
      const res = await app.get(path, 'eakey_invalid');
      expectProblem(res, 401, 'invalid_token');
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });
});
