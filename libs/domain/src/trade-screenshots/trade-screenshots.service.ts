import { AppError, type Caller, type Upload } from '@propfolio/core';
import { requireId } from '../shared/ids.js';
import { imageTypeOf } from './image-signature.js';
import {
  MAX_SCREENSHOT_BYTES,
  MAX_SCREENSHOTS_PER_TRADE,
  SCREENSHOT_TYPES,
  type TradeScreenshotInput,
  type TradeScreenshotsInput,
  type UploadTradeScreenshotInput,
} from './trade-screenshots.inputs.js';
import type { TradeScreenshotImage, TradeScreenshotView } from './trade-screenshots.outputs.js';
import type { StoredScreenshot, TradeScreenshotsRepository } from './trade-screenshots.repository.js';

const ACCEPTED = SCREENSHOT_TYPES.join(', ');

/**
 * A trade's screenshots, kept in the database: PNG, JPEG or WebP told by their bytes, at most 2 MiB each and 10 per
 * trade. Another user's trade answers 404 like an unknown one, on every path.
 */
export class TradeScreenshotService {
  constructor(private readonly repository: TradeScreenshotsRepository) {}

  async upload(
    caller: Caller,
    input: UploadTradeScreenshotInput,
    upload: Upload | undefined,
    now = new Date(),
  ): Promise<TradeScreenshotView> {
    const tradeId = requireId(input.id, 'Trade');
    const bytes = upload?.bytes ?? Buffer.alloc(0);
    // The doors stop reading at the bound; this holds for any other caller of the service.
    if (bytes.length > MAX_SCREENSHOT_BYTES)
      throw AppError.payloadTooLarge(
        `A screenshot is at most 2 MiB (${MAX_SCREENSHOT_BYTES.toLocaleString('en-US')} bytes).`,
        MAX_SCREENSHOT_BYTES,
      );
    const type = imageTypeOf(bytes);
    if (type === null)
      throw new AppError(
        'unsupported_media_type',
        `A screenshot must be a PNG, JPEG or WebP image (${ACCEPTED}); the body is none of them.`,
      );
    if (upload?.contentType !== type)
      throw new AppError(
        'unsupported_media_type',
        `The body is ${type} but was sent as ${upload?.contentType || 'no type'}; send it as ${type} (accepted: ${ACCEPTED}).`,
      );
    const caption = input.caption?.trim() || null;
    const added = await this.repository.add(
      { userId: caller.userId, tradeId, contentType: type, bytes, caption, createdAt: now },
      MAX_SCREENSHOTS_PER_TRADE,
    );
    if (added.kind === 'no_trade') throw AppError.notFound('Trade');
    if (added.kind === 'full')
      throw AppError.conflict(`A trade keeps at most ${MAX_SCREENSHOTS_PER_TRADE} screenshots; delete one to add another.`);
    return viewOf(added.screenshot);
  }

  async list(caller: Caller, input: TradeScreenshotsInput): Promise<{ items: TradeScreenshotView[] }> {
    const tradeId = await this.ownedTrade(caller, input.id);
    return { items: (await this.repository.list(caller.userId, tradeId)).map(viewOf) };
  }

  /** The metadata get_trade carries, for a trade already found to be the caller's. */
  async ofTrade(caller: Caller, tradeId: string): Promise<TradeScreenshotView[]> {
    return (await this.repository.list(caller.userId, tradeId)).map(viewOf);
  }

  async image(caller: Caller, input: TradeScreenshotInput): Promise<TradeScreenshotImage> {
    // A trade in the trash (its account deleted) shows nothing until restored, as its list does.
    const tradeId = await this.ownedTrade(caller, input.id);
    const image = await this.repository.image(caller.userId, tradeId, requireId(input.screenshotId, 'Screenshot'));
    if (!image) throw AppError.notFound('Screenshot');
    return image;
  }

  /** Deleted outright, not into the trash (see the dashboard's delete_trade_screenshot route for why). */
  async remove(caller: Caller, input: TradeScreenshotInput): Promise<void> {
    // Only a live trade's: a trashed account's screenshots wait, whole, for its restore or purge.
    const tradeId = await this.ownedTrade(caller, input.id);
    const removed = await this.repository.remove(caller.userId, tradeId, requireId(input.screenshotId, 'Screenshot'));
    if (!removed) throw AppError.notFound('Screenshot');
  }

  private async ownedTrade(caller: Caller, id: string): Promise<string> {
    const tradeId = requireId(id, 'Trade');
    if (!(await this.repository.ownsTrade(caller.userId, tradeId))) throw AppError.notFound('Trade');
    return tradeId;
  }
}

const viewOf = (s: StoredScreenshot): TradeScreenshotView => ({
  id: s.id,
  tradeId: s.tradeId,
  contentType: s.contentType as TradeScreenshotView['contentType'],
  size: s.size,
  caption: s.caption,
  createdAt: s.createdAt.toISOString(),
  url: `/trades/${s.tradeId}/screenshots/${s.id}`,
});
