import { EaSettingsError } from '../errors.js';
import { parseSetDocument, type SetDocument } from '../setfile/document.js';

/** Largest `.set` accepted: an EA has at most 1024 inputs of at most 255 characters, in UTF-16 with MT4 extra lines. */
export const MAX_CONTENT_BYTES = 4 * 1024 * 1024;

const byteLength = (content: Uint8Array | string): number => (typeof content === 'string' ? content.length * 3 : content.length);

/** Parses caller content; only an oversize input throws (a caller error), everything else becomes findings. */
export function documentFromContent(content: Uint8Array | string, field: string): SetDocument {
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
    throw new EaSettingsError('invalid_argument', 'content must be a string or a Uint8Array', field);
  }
  if (byteLength(content) > MAX_CONTENT_BYTES && (typeof content !== 'string' || new TextEncoder().encode(content).length > MAX_CONTENT_BYTES)) {
    throw new EaSettingsError('content_too_large', `content exceeds ${MAX_CONTENT_BYTES} bytes`, field);
  }
  return parseSetDocument(content);
}
