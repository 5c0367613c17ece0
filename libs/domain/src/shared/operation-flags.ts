import { AppError, KEY_NEEDED_MESSAGE, type Caller, type OperationContext } from '@propfolio/core';

/** The caller of a key operation; the front doors only run these with a valid key, so null is a wiring bug or a missing key. */
export function callerOf(context: OperationContext): Caller {
  if (!context.caller) {
    throw new AppError('unauthorized', KEY_NEEDED_MESSAGE);
  }
  return context.caller;
}

/** Flags of the key operations: reads are read-only and idempotent; creations are neither. */
export const KEY_READ = { auth: 'key', readOnly: true, idempotent: true, cacheable: 'caller' } as const;
/**
 * A read that is never kept in the answer cache: its answer depends on the clock (ages, staleness, live equity) or on
 * work that changes it between two writes (the delivery worker), not only on the caller's records (docs/answer-cache.md).
 */
export const KEY_LIVE_READ = { auth: 'key', readOnly: true, idempotent: true } as const;
export const KEY_CREATE = { auth: 'key', readOnly: false, idempotent: false } as const;
/** A write that, repeated with the same input, leaves the same state (PATCH, the EA's daily push). */
export const KEY_IDEMPOTENT_WRITE = { auth: 'key', readOnly: false, idempotent: true } as const;
