import { contentHash } from '@propfolio/core';

/**
 * Fingerprint of a request for the Idempotency-Key check: the operation and its body as canonical JSON
 * (object keys sorted), so key order and whitespace do not make two bodies differ.
 */
export function requestHash(operation: string, body: unknown): string {
  return contentHash([operation, body ?? null]);
}
