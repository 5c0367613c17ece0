import { IsString, MaxLength } from 'class-validator';
import { Compose, Doc, Trim } from '@propfolio/core';
import { Absent } from '../shared/contract-fields.js';

/** The media types a screenshot may be, each told by its bytes' signature (image-signature.ts). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest screenshot: a full-HD chart as PNG is 0.3–1.5 MB; a trade's ten fit in 20 MiB of the database. */
export const MAX_SCREENSHOT_BYTES = 2 * 1_048_576;
/** Screenshots one trade keeps: entry, management and exit of each timeframe, with room to spare. */
export const MAX_SCREENSHOTS_PER_TRADE = 10;
export const MAX_CAPTION_LENGTH = 200;

export class TradeScreenshotsInput {
  @Doc('Trade id.')
  @IsString()
  id!: string;
}

/** The image itself is the request body (its raw bytes); these come from the path and the query. */
export class UploadTradeScreenshotInput extends TradeScreenshotsInput {
  @Doc('A caption (at most 200 characters); left out or blank: none.')
  @Absent()
  @Compose(Trim(), IsString(), MaxLength(MAX_CAPTION_LENGTH))
  caption?: string;
}

export class TradeScreenshotInput extends TradeScreenshotsInput {
  @Doc('Screenshot id.')
  @IsString()
  screenshotId!: string;
}
