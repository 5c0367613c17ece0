import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { expectProblem, RestTestApp } from './harness.js';

describeEachDatabase('REST public catalog routes', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('GET /plans answers without a key, filters and pages', async () => {
    const res = await app.get('/plans?limit=2', null).expect(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    const next = await app.get(`/plans?limit=2&cursor=${encodeURIComponent(res.body.nextCursor as string)}`, null).expect(200);
    const ids = [...res.body.items, ...next.body.items].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(4);
    const ftmo = await app.get('/plans?firm=ftmo&limit=50', null).expect(200);
    expect(ftmo.body.items.length).toBeGreaterThan(0);
    expect(ftmo.body.items.every((p: { firm: { slug: string } }) => p.firm.slug === 'ftmo')).toBe(true);
    expectProblem(await app.get('/plans?phases=9', null), 400, 'validation_failed');
    expectProblem(await app.get('/plans?unknown=1', null), 400, 'validation_failed');
  });

  it('GET /articles and /articles/:slug answer without a key; an unknown slug is 404', async () => {
    const list = await app.get('/articles?limit=50', null).expect(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    const slug = (list.body.items[0] as { slug: string }).slug;
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
