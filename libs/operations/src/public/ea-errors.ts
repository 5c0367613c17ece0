import { AppError } from '@propfolio/core';
import { EaSettingsError } from '@propfolio/ea-settings';

/** Field paths as the rest of the API writes them: `changes.2.value`, not `changes[2].value`. */
const fieldPath = (field: string): string => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * Runs an EA engine call, translating its one error type into the API's: an unknown input asked for by
 * reference is not_found, an oversized file is 413, anything else is a validation error on its field.
 */
export function eaCall<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof EaSettingsError)) throw error;
    if (error.code === 'content_too_large') throw new AppError('payload_too_large', error.message);
    if (error.code === 'unknown_param' && (error.field === undefined || error.field === 'ref')) {
      throw new AppError('not_found', error.message);
    }
    if (error.field) throw AppError.invalidField(fieldPath(error.field), error.message);
    throw AppError.validation(error.message);
  }
}

/** `.set` content as the engine takes it: text as is, base64 decoded to the exact bytes. */
export function setContent(content: string, encoding: 'text' | 'base64' | undefined): string | Uint8Array {
  if (encoding !== 'base64') return content;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content.replace(/\s+/g, ''))) {
    throw AppError.invalidField('content', 'is not valid base64');
  }
  return new Uint8Array(Buffer.from(content, 'base64'));
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
