import Type, { type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../shared/schemas.js';

export const TradeScreenshotSchema = Type.Object({
  id: Id('Screenshot id.'),
  tradeId: Id('Trade id.'),
  contentType: Type.Enum(['image/png', 'image/jpeg', 'image/webp'], { description: 'Read from the bytes.' }),
  size: Type.Integer({ description: 'Bytes.' }),
  caption: Nullable(Type.String()),
  createdAt: Timestamp('ISO 8601 UTC.'),
  url: Type.String({ description: 'The image’s path, relative to the API’s base URL.' }),
});
export type TradeScreenshotView = Static<typeof TradeScreenshotSchema>;

export const TradeScreenshotListSchema = Type.Object({
  items: Type.Array(TradeScreenshotSchema, { description: 'Oldest first; metadata only (each image at its url).' }),
});

/** The stored image as the doors send it (RestBytes); never JSON. */
export const TradeScreenshotImageSchema = Type.String({
  format: 'binary',
  contentMediaType: 'image/*',
  description: 'The image bytes, with their stored Content-Type (image/png, image/jpeg or image/webp).',
});
export interface TradeScreenshotImage {
  contentType: string;
  bytes: Buffer;
  id: string;
}
