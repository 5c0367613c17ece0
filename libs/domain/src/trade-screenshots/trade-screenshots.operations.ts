import { defineOperation, type Operation } from '@propfolio/core';
import type { TradeScreenshotService } from './trade-screenshots.service.js';
import { callerOf, KEY_CREATE, KEY_LIVE_READ } from '../shared/operation-flags.js';
import {
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_TYPES,
  TradeScreenshotInput,
  TradeScreenshotsInput,
  UploadTradeScreenshotInput,
} from './trade-screenshots.inputs.js';
import { TradeScreenshotImageSchema, TradeScreenshotListSchema, TradeScreenshotSchema } from './trade-screenshots.outputs.js';

/**
 * A trade's screenshots over HTTP only (mcp: false): the body of an upload and the answer of a read are an image's
 * raw bytes, which a tool call does not carry; get_trade lists them for agents. Deleting is the dashboard's alone.
 */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface TradeScreenshotsOperationServices {
  tradeScreenshots: TradeScreenshotService;
}

export const tradeScreenshotOperations = (services: TradeScreenshotsOperationServices): Operation[] => [
  defineOperation({
    name: 'upload_trade_screenshot',
    title: 'Add a screenshot to a trade',
    description:
      'The body is the image itself (PNG, JPEG or WebP, at most 2 MiB; its type is read from its bytes), Content-Type its type; at most 10 per trade. Returns its metadata.',
    ...KEY_CREATE,
    mcp: false,
    input: UploadTradeScreenshotInput,
    output: TradeScreenshotSchema,
    rest: {
      method: 'POST',
      path: '/trades/:id/screenshots',
      status: 201,
      upload: { types: SCREENSHOT_TYPES, limitBytes: MAX_SCREENSHOT_BYTES },
    },
    run: async (ctx, input) => services.tradeScreenshots.upload(callerOf(ctx), input, ctx.upload, ctx.now),
  }),
  defineOperation({
    name: 'list_trade_screenshots',
    title: "A trade's screenshots",
    description: "Lists a trade's screenshots, oldest first: metadata, each image at its url.",
    ...KEY_LIVE_READ,
    mcp: false,
    input: TradeScreenshotsInput,
    output: TradeScreenshotListSchema,
    rest: { method: 'GET', path: '/trades/:id/screenshots' },
    run: async (ctx, input) => services.tradeScreenshots.list(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'get_trade_screenshot',
    title: 'A screenshot image',
    description: 'Returns the image bytes with their stored Content-Type (never HTML: nosniff, no scripts).',
    // Never kept in the answer cache: up to 2 MiB each, and the browser revalidates by ETag.
    ...KEY_LIVE_READ,
    mcp: false,
    input: TradeScreenshotInput,
    output: TradeScreenshotImageSchema,
    rest: { method: 'GET', path: '/trades/:id/screenshots/:screenshotId' },
    run: async (ctx, input) => services.tradeScreenshots.image(callerOf(ctx), input),
    // The id names bytes that never change (no update exists), so it is a strong validator of them.
    restBytes: (image) => ({ contentType: image.contentType, body: image.bytes, etag: `"${image.id}"` }),
  }),
];
