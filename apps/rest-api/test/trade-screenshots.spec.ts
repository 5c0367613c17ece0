import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices, MAX_SCREENSHOT_BYTES } from '@propfolio/domain';
import { closedPosition, tinyJpeg, tinyPng, tinyWebp } from '@propfolio/domain/testing';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp, type Response } from './harness.js';

interface Screenshot {
  id: string;
  tradeId: string;
  contentType: string;
  size: number;
  caption: string | null;
  createdAt: string;
  url: string;
}

/**
 * A trade's screenshots over REST (issue 42 item 5): the body is the image's own bytes, its type read from them; a
 * body that is no PNG, JPEG or WebP answers 415, one over 2 MiB 413, both naming the bound; the image comes back as
 * itself (never as HTML), and another user's trade is unknown on every path.
 */
describeEachDatabase('REST: trade screenshots', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  /** A closed trade of a fresh account of `key`'s user; its id. */
  async function tradeOf(key = app.ownerKey): Promise<string> {
    const challenge = await createChallenge(app, {}, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    const pushed = await app.post(`/accounts/${account.id}/positions`, { positions: [closedPosition('77')] }, key);
    expect(pushed.status).toBe(200);
    const trades = await app.get(`/trades?accountId=${account.id}`, key);
    return (trades.body as { items: { id: string }[] }).items[0]?.id as string;
  }

  const upload = (tradeId: string, bytes: Buffer, type: string, key = app.ownerKey, query = ''): Promise<Response> =>
    app
      .raw()
      .post(`/api/v1/trades/${tradeId}/screenshots${query}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', type)
      .send(bytes)
      .then((res) => res);

  /** The raw bytes of a GET, whatever its type (supertest parses only what it knows). */
  const image = (path: string, key = app.ownerKey, headers: Record<string, string> = {}): Promise<Response> => {
    const req = app.raw().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`);
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .then((res) => res);
  };

  it('stores PNG, JPEG and WebP as their bytes say, lists them oldest first, and serves each as itself', async () => {
    const tradeId = await tradeOf();
    const made: Screenshot[] = [];
    for (const [bytes, type] of [
      [tinyPng(), 'image/png'],
      [tinyJpeg(), 'image/jpeg'],
      [tinyWebp(), 'image/webp'],
    ] as const) {
      const res = await upload(tradeId, bytes, type, app.ownerKey, `?caption=${encodeURIComponent('エントリー / entry')}`);
      expect(res.status).toBe(201);
      const shot = json<Screenshot>(res);
      expect(shot).toMatchObject({ tradeId, contentType: type, size: bytes.length, caption: 'エントリー / entry' });
      expect(shot.url).toBe(`/trades/${tradeId}/screenshots/${shot.id}`);
      made.push(shot);
    }
    const list = await app.get(`/trades/${tradeId}/screenshots`);
    expect(list.status).toBe(200);
    expect(json<{ items: Screenshot[] }>(list).items).toEqual(made);
    // get_trade carries the same metadata, never the bytes.
    expect(json<{ screenshots: Screenshot[] }>(await app.get(`/trades/${tradeId}`)).screenshots).toEqual(made);

    const png = made[0] as Screenshot;
    const got = await image(png.url);
    expect(got.status).toBe(200);
    expect((got.body as Buffer).equals(tinyPng())).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'");
    expect(got.headers['content-disposition']).toBe('inline');
    expect(got.headers['cache-control']).toMatch(/^private\b/);
    const etag = got.headers['etag'] as string;
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix
    expect((await image(png.url, app.ownerKey, { 'If-None-Match': etag })).status).toBe(304);
    expect((await image((made[2] as Screenshot).url)).headers['content-type']).toBe('image/webp');
  });

  it('refuses HTML labelled image/png, a type it does not keep, and a label that is not the bytes’ own: 415 naming the types', async () => {
    const tradeId = await tradeOf();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const disguised = expectProblem(await upload(tradeId, html, 'image/png'), 415, 'unsupported_media_type');
    expect(disguised.detail).toContain('image/png, image/jpeg, image/webp');
    expectProblem(await upload(tradeId, html, 'text/html'), 415, 'unsupported_media_type');
    const gif = expectProblem(await upload(tradeId, Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif'), 415, 'unsupported_media_type');
    expect(gif.detail).toContain('image/png, image/jpeg, image/webp');
    const mislabelled = expectProblem(await upload(tradeId, tinyJpeg(), 'image/png'), 415, 'unsupported_media_type');
    expect(mislabelled.detail).toContain('image/jpeg');
    // A JSON body is no image either.
    expectProblem(await app.post(`/trades/${tradeId}/screenshots`, { image: 'x' }), 415, 'unsupported_media_type');
    expect(json<{ items: unknown[] }>(await app.get(`/trades/${tradeId}/screenshots`)).items).toEqual([]);
  });

  it('refuses a body over 2 MiB with 413 naming the bound, and keeps nothing of it', async () => {
    const tradeId = await tradeOf();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_SCREENSHOT_BYTES + 1 - tinyPng().length)]);
    expect(big.length).toBe(2 * 1_048_576 + 1);
    const problem = expectProblem(await upload(tradeId, big, 'image/png'), 413, 'payload_too_large');
    expect(problem.detail).toContain('2 MiB (2,097,152 bytes)');
    expect(problem).toMatchObject({ facts: { limitBytes: MAX_SCREENSHOT_BYTES } });
    // Exactly at the bound is kept.
    const atBound = await upload(tradeId, big.subarray(0, MAX_SCREENSHOT_BYTES), 'image/png');
    expect(atBound.status).toBe(201);
    expect(json<Screenshot>(atBound).size).toBe(MAX_SCREENSHOT_BYTES);
  });

  it('keeps at most 10 screenshots a trade: the 11th answers 409 naming the bound', async () => {
    const tradeId = await tradeOf();
    for (let i = 0; i < 10; i += 1) expect((await upload(tradeId, tinyPng([i, i, i]), 'image/png')).status).toBe(201);
    const eleventh = expectProblem(await upload(tradeId, tinyWebp(), 'image/webp'), 409, 'conflict');
    expect(eleventh.detail).toContain('at most 10 screenshots');
    expect(json<{ items: unknown[] }>(await app.get(`/trades/${tradeId}/screenshots`)).items).toHaveLength(10);
  });

  it('answers 404 for another user’s trade on upload, list and get, and for an unknown screenshot', async () => {
    const mine = await tradeOf();
    const shot = json<Screenshot>(await upload(mine, tinyPng(), 'image/png'));
    const other = await app.newUserKey();
    expectProblem(await upload(mine, tinyPng(), 'image/png', other), 404, 'not_found');
    expectProblem(await app.get(`/trades/${mine}/screenshots`, other), 404, 'not_found');
    expectProblem(await app.get(shot.url, other), 404, 'not_found');
    // The other user's own trade does not open this screenshot either.
    const theirs = await tradeOf(other);
    expectProblem(await app.get(`/trades/${theirs}/screenshots/${shot.id}`, other), 404, 'not_found');
    expectProblem(await app.get(`/trades/${mine}/screenshots/00000000-0000-4000-8000-000000000000`), 404, 'not_found');
    expect(await getDb().prisma.tradeScreenshot.count({ where: { tradeId: mine } })).toBe(1);
  });

  it('refuses a tracker-scope key: it feeds trades, it does not add pictures', async () => {
    const tradeId = await tradeOf();
    const caller = await app.context.authenticate(app.ownerKey);
    const { secret } = await createDomainServices(app.context.db).keys.createForUser(caller.userId, 'tracker', 'tracker');
    expectProblem(await upload(tradeId, tinyPng(), 'image/png', secret), 403, 'insufficient_scope');
  });

  it('replays an upload with the same Idempotency-Key, and refuses the key for other bytes', async () => {
    const tradeId = await tradeOf();
    const send = (bytes: Buffer) =>
      app
        .raw()
        .post(`/api/v1/trades/${tradeId}/screenshots`)
        .set('Authorization', `Bearer ${app.ownerKey}`)
        .set('Idempotency-Key', `shot-${tradeId}`)
        .set('Content-Type', 'image/png')
        .send(bytes);
    const first = await send(tinyPng());
    const again = await send(tinyPng());
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json<Screenshot>(again).id).toBe(json<Screenshot>(first).id);
    expect((await send(tinyPng([1, 2, 3]))).status).toBe(422);
  });
});
