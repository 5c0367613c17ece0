import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CreateChallengeInput, PushPositionsInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from '../trades/trade-fixtures.js';
import { imageTypeOf } from './image-signature.js';
import { tinyJpeg, tinyPng, tinyWebp } from './test-images.js';
import { TradeScreenshotInput, TradeScreenshotsInput, UploadTradeScreenshotInput } from './trade-screenshots.inputs.js';

describe('imageTypeOf', () => {
  it('tells PNG, JPEG and WebP by their bytes, and nothing else', () => {
    expect(imageTypeOf(tinyPng())).toBe('image/png');
    expect(imageTypeOf(tinyJpeg())).toBe('image/jpeg');
    expect(imageTypeOf(tinyWebp())).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    // A RIFF that is not WebP (a WAV), a GIF, a truncated PNG signature, nothing at all.
    expect(imageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(imageTypeOf(tinyPng().subarray(0, 7))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describeEachDatabase('trade screenshots: kept with their trade through the trash', (getDb) => {
  const services = () => createDomainServices(getDb());
  const now = new Date('2026-05-04T12:00:00Z');

  async function tradeOf(caller: Caller): Promise<{ accountId: string; challengeId: string; tradeId: string }> {
    const s = services();
    const challenge = await s.challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'FTMO', plan: '100k', purchasedAt: '2026-05-01', price: 540 }),
      now,
    );
    const account = await s.accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'Broker',
        currency: 'USD',
        initialBalance: 100000,
        challengeId: challenge.id,
      }),
    );
    await s.trades.push(caller, await parse(PushPositionsInput, { id: account.id, positions: [closedPosition('1'), closedPosition('2')] }));
    const trade = await getDb().prisma.trade.findFirstOrThrow({ where: { accountId: account.id, position: '1' } });
    return { accountId: account.id, challengeId: challenge.id, tradeId: trade.id };
  }

  let uploads = 0;
  // Each upload a second after the last: the list is oldest first.
  const upload = async (caller: Caller, tradeId: string, bytes: Buffer, contentType: string) =>
    services().tradeScreenshots.upload(
      caller,
      await parse(UploadTradeScreenshotInput, { id: tradeId }),
      { bytes, contentType },
      new Date(now.getTime() + (uploads += 1) * 1000),
    );
  const list = async (caller: Caller, tradeId: string) =>
    services().tradeScreenshots.list(caller, await parse(TradeScreenshotsInput, { id: tradeId }));
  const rows = (tradeId: string) => getDb().prisma.tradeScreenshot.count({ where: { tradeId } });

  it('keeps an account’s screenshots through its trash and restore (same ids, same bytes), alone or with its challenge', async () => {
    const caller = await newCaller(getDb());
    const { accountId, challengeId, tradeId } = await tradeOf(caller);
    const png = await upload(caller, tradeId, tinyPng(), 'image/png');
    const webp = await upload(caller, tradeId, tinyWebp(), 'image/webp');
    expect((await list(caller, tradeId)).items.map((s) => s.id)).toEqual([png.id, webp.id]);

    const entry = await services().trash.deleteAccount(caller, accountId, now);
    // The trade is in the trash: its screenshots are not shown, nor deletable, but kept.
    await expect(list(caller, tradeId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      services().tradeScreenshots.remove(caller, await parse(TradeScreenshotInput, { id: tradeId, screenshotId: png.id })),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await rows(tradeId)).toBe(2);
    await services().trash.restore(caller, entry.id, now);
    expect((await list(caller, tradeId)).items).toEqual([png, webp]);
    const image = await services().tradeScreenshots.image(
      caller,
      await parse(TradeScreenshotInput, { id: tradeId, screenshotId: webp.id }),
    );
    expect(image.bytes.equals(tinyWebp())).toBe(true);

    const withChallenge = await services().trash.deleteChallenge(caller, challengeId, now);
    await services().trash.restore(caller, withChallenge.id, now);
    expect((await list(caller, tradeId)).items).toEqual([png, webp]);
  });

  it('purging an account’s entry deletes its trades’ screenshots, and no one else’s', async () => {
    const caller = await newCaller(getDb());
    const other = await newCaller(getDb());
    const gone = await tradeOf(caller);
    const kept = await tradeOf(other);
    await upload(caller, gone.tradeId, tinyJpeg(), 'image/jpeg');
    await upload(other, kept.tradeId, tinyPng(), 'image/png');
    await services().trash.deleteAccount(caller, gone.accountId, now);
    // Not yet past the retention: the purge leaves the entry and its screenshots.
    await services().trash.purgeExpired(new Date(now.getTime() + 86_400_000));
    expect(await rows(gone.tradeId)).toBe(1);
    expect(await services().trash.purgeExpired(new Date(now.getTime() + 400 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await rows(gone.tradeId)).toBe(0);
    expect(await rows(kept.tradeId)).toBe(1);
  });
});
