import { EaSettingsError } from '../errors.js';
import { parseSetDocument, type SetDocument } from '../setfile/document.js';

/**
 * Largest `.set` accepted (512 KiB, after base64 decoding over the API). Real files are about 20 KB; a file of
 * all 1,024 inputs an MQL5 EA may have, each with a 255-character value, is about 600 KB in UTF-16, so this
 * only turns away what MetaTrader never writes. The API answers 413 `payload_too_large` above it.
 */
export const MAX_CONTENT_BYTES = 512 * 1024;

const byteLength = (content: Uint8Array | string): number => (typeof content === 'string' ? content.length * 3 : content.length);

/** Parses caller content; only an oversize input throws (a caller error), everything else becomes findings. */
export function documentFromContent(content: Uint8Array | string, field: string): SetDocument {
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
    throw new EaSettingsError('invalid_argument', 'content must be a string or a Uint8Array', field);
  }
  if (
    byteLength(content) > MAX_CONTENT_BYTES &&
    (typeof content !== 'string' || new TextEncoder().encode(content).length > MAX_CONTENT_BYTES)
  ) {
    throw new EaSettingsError('content_too_large', `content exceeds ${MAX_CONTENT_BYTES} bytes`, field);
  }
  return parseSetDocument(content);
}
