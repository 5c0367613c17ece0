import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError, type Operation } from '@propfolio/core';
import { requestState } from './request-context.js';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,255}$/;

/** The stored answer of an Idempotency-Key run (`IdempotentAnswer` of @propfolio/domain). */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * What Idempotency-Key needs from the service layer. Given by the front door (which may import the
 * domain, this kit may not): `IdempotencyStore`, `requestHash` and the answer cache's `writing`.
 */
export interface IdempotencyDeps {
  idempotency: {
    run(
      userId: string,
      key: string,
      requestHash: string,
      successStatus: number,
      operation: () => Promise<unknown>,
    ): Promise<IdempotentAnswer>;
  };
  /** The fingerprint a key is bound to: a retry must send the same request for the key to replay. */
  requestHash(operation: string, body: unknown): string;
  answers: { writing<T>(scope: string, work: () => Promise<T>): Promise<T> };
}

/**
 * Idempotency-Key on POST: the first answer for (user, key) is stored in the same transaction as what
 * the operation wrote, and replayed for a retry with the same body; a different body under the same key
 * is refused. Without the header, or without a caller to keep the key for, nothing changes. A read-only
 * POST (the EA tools) writes nothing that a retry could duplicate: it runs as is, outside any
 * transaction, so its CPU work holds no connection.
 */
export async function withIdempotencyKey(
  deps: IdempotencyDeps,
  req: Request,
  res: Response,
  operation: Pick<Operation, 'readOnly' | 'rest'>,
  /** Runs the operation; `answersHeld`: this already holds the caller's kept answers (see OperationContext). */
  execute: (answersHeld: boolean) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  const status = operation.rest.status ?? 200;
  const key = req.header('idempotency-key');
  const caller = requestState(res).caller;
  if (key === undefined || caller === null) return { status, body: await execute(false), replayed: false };
  if (!KEY_PATTERN.test(key)) {
    throw AppError.invalidField('Idempotency-Key', 'must be 1 to 255 characters of letters, digits, "_", ".", ":" or "-"');
  }
  if (operation.readOnly) return { status, body: await execute(false), replayed: false };
  // The full URL, prefix included, as before the runner was shared: keys stored by an earlier release
  // (kept 24 h) must still replay. A key is therefore bound to the front door it was first used on.
  // A file's bytes are fingerprinted by their digest: as canonical JSON a 2 MiB Buffer is two million numbers.
  const body: unknown = Buffer.isBuffer(req.body) ? { sha256: createHash('sha256').update(req.body).digest('hex') } : req.body;
  const fingerprint = deps.requestHash(`${req.method} ${req.originalUrl}`, body);
  // The unit commits after the operation returns: the caller's kept answers wait for the commit, held here alone (the
  // operation is told, so the answer cache's write wrapper does not enter a second time).
  return deps.answers.writing(caller.userId, () => deps.idempotency.run(caller.userId, key, fingerprint, status, () => execute(true)));
}
