import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Fingerprint of a request for the Idempotency-Key check: SHA-256 of the operation and its body as
 * canonical JSON (object keys sorted), so key order and whitespace do not make two bodies differ.
 */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(JSON.stringify([operation, canonical(body ?? null)])).digest('hex');
}
