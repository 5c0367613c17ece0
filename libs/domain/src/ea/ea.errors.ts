import { AppError } from '@propfolio/core';
import { EaSettingsError, MAX_CONTENT_BYTES } from '@propfolio/ea-settings';

/**
 * Field paths as the rest of the API writes them: `changes.2.value`, not `changes[2].value`; the engine's
 * `inputs.changes[2]` of a tester config is the API's `inputs.2`.
 */
const fieldPath = (field: string): string => field.replace(/\[(\d+)\]/g, '.$1').replace(/^inputs\.changes\./, 'inputs.');

/**
 * Runs an EA engine call, translating its one error type into the API's: an unknown input asked for by
 * reference is not_found, an oversized file is 413, anything else is a validation error on its field.
 */
export function eaCall<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw eaError(error);
  }
}

/** The same translation for work that ran in the worker pool. */
export async function eaCallAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw eaError(error);
  }
}

function eaError(error: unknown): unknown {
  {
    if (!(error instanceof EaSettingsError)) return error;
    if (error.code === 'content_too_large') return tooLarge();
    if (error.code === 'unknown_param' && (error.field === undefined || error.field === 'ref')) {
      return new AppError('not_found', error.message);
    }
    if (error.field) return AppError.invalidField(fieldPath(error.field), error.message);
    return AppError.validation(error.message);
  }
}

const tooLarge = (): AppError =>
  AppError.payloadTooLarge(
    `A .set file may be at most ${MAX_CONTENT_BYTES} bytes (${MAX_CONTENT_BYTES / 1024} KiB) after base64 decoding.`,
    MAX_CONTENT_BYTES,
  );

/** `.set` content as the engine takes it: text as is, base64 decoded to the exact bytes. */
export function setContent(content: string, encoding: 'text' | 'base64' | undefined): string | Uint8Array {
  // Cheap bound on the request thread, before decoding or queueing anything: text takes at least one byte
  // per UTF-16 unit, base64 carries 3 bytes per 4 characters.
  if ((encoding === 'base64' ? Math.floor((content.length * 3) / 4) - 2 : content.length) > MAX_CONTENT_BYTES) throw tooLarge();
  if (encoding !== 'base64') return content;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content.replace(/\s+/g, ''))) {
    throw AppError.invalidField('content', 'is not valid base64');
  }
  return new Uint8Array(Buffer.from(content, 'base64'));
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
