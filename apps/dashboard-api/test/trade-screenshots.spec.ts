import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { closedPosition, tinyJpeg, tinyPng } from '@propfolio/domain/testing';
import { expectProblem, TestService, type Browser, type Deleted } from './harness.js';

interface Screenshot {
  id: string;
  url: string;
}

let login = 870000;

/**
 * A trade's screenshots in the dashboard (issue 42 item 5): uploaded as the image's bytes through /app/api with the
 * session and its CSRF token, served as themselves, and deleted for good here only (never over /api/v1 or MCP).
 */
describeEachDatabase('dashboard: trade screenshots', (getDb) => {
  let service: TestService;
  let owner: Browser;
  let other: Browser;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    owner = await service.signUp();
    other = await service.signUp();
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  /** A closed trade on a fresh account of `who`, all over /app/api; its id and its account's. */
  async function tradeOf(who: Browser): Promise<{ tradeId: string; accountId: string }> {
    login += 1;
    const account = await who.post('/accounts', { login: String(login), server: 'Broker', currency: 'USD', initialBalance: 100000 });
    expect(account.status).toBe(201);
    const accountId = (account.body as { id: string }).id;
    expect((await who.post(`/accounts/${accountId}/positions`, { positions: [closedPosition('9')] })).status).toBe(200);
    const trades = await who.get(`/trades?accountId=${accountId}`);
    return { tradeId: (trades.body as { items: { id: string }[] }).items[0]?.id as string, accountId };
  }

  /** The page's upload: the file's bytes as the body, its type as Content-Type, the session's cookie and CSRF token. */
  const upload = (who: Browser, tradeId: string, bytes: Buffer, type: string, csrf = true) => {
    const req = service
      .http()
      .post(`/app/api/trades/${tradeId}/screenshots?caption=${encodeURIComponent('決済 / exit')}`)
      .set('Origin', who.origin)
      .set('Cookie', `propfolio_session=${who.cookie ?? ''}`)
      .set('Content-Type', type);
    if (csrf) req.set('X-CSRF-Token', who.csrfToken ?? '');
    return req.send(bytes);
  };

  it('takes an upload with the session, serves it as an image, and deletes it for good', async () => {
    const { tradeId } = await tradeOf(owner);
    const created = await upload(owner, tradeId, tinyJpeg(), 'image/jpeg');
    expect(created.status).toBe(201);
    const shot = created.body as Screenshot & { caption: string; contentType: string };
    expect(shot).toMatchObject({ caption: '決済 / exit', contentType: 'image/jpeg' });

    const got = await service
      .http()
      .get(`/app/api${shot.url}`)
      .set('Cookie', `propfolio_session=${owner.cookie ?? ''}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(got.status).toBe(200);
    expect((got.body as Buffer).equals(tinyJpeg())).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'content-disposition': 'inline',
    });

    // Another user cannot delete it (404), nor can a REST key: DELETE is the dashboard's alone.
    expectProblem(await other.delete(`/trades/${tradeId}/screenshots/${shot.id}`), 404, 'not_found');
    const key = await owner.issueKey();
    const rest = await service.http().delete(`/api/v1/trades/${tradeId}/screenshots/${shot.id}`).set('Authorization', `Bearer ${key}`);
    expect(rest.status).toBe(405);

    expect((await owner.delete(`/trades/${tradeId}/screenshots/${shot.id}`)).status).toBe(204);
    expect((await owner.get(`/trades/${tradeId}/screenshots`)).body).toEqual({ items: [] });
    expectProblem(await owner.delete(`/trades/${tradeId}/screenshots/${shot.id}`), 404, 'not_found');
    // Not into the trash: nothing there to restore.
    expect(((await owner.get('/trash')).body as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses an upload without the CSRF token, and another user’s trade with 404', async () => {
    const { tradeId } = await tradeOf(owner);
    expectProblem(await upload(owner, tradeId, tinyPng(), 'image/png', false), 403, 'forbidden');
    expectProblem(await upload(other, tradeId, tinyPng(), 'image/png'), 404, 'not_found');
    expectProblem(await other.get(`/trades/${tradeId}/screenshots`), 404, 'not_found');
    expect(await getDb().prisma.tradeScreenshot.count({ where: { tradeId } })).toBe(0);
  });

  it('keeps a deleted account’s screenshots in its trash entry and brings them back with it', async () => {
    const { tradeId, accountId } = await tradeOf(owner);
    const shot = (await upload(owner, tradeId, tinyPng(), 'image/png')).body as Screenshot;
    const deleted = await owner.delete(`/accounts/${accountId}`);
    expect(deleted.status).toBe(200);
    expectProblem(await owner.get(`/trades/${tradeId}/screenshots`), 404, 'not_found');
    expect((await owner.post(`/trash/${(deleted.body as Deleted).entry.id}/restore`)).status).toBe(200);
    expect(((await owner.get(`/trades/${tradeId}`)).body as { screenshots: Screenshot[] }).screenshots.map((s) => s.id)).toEqual([shot.id]);
  });
});
