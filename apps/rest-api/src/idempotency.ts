import type { Request, Response } from 'express';
import { AppError } from '@propfolio/core';
import { requestHash } from '@propfolio/domain';
import { requestState } from '@propfolio/http';
import { type AppContext } from '@propfolio/operations';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,255}$/;

/**
 * Idempotency-Key on POST: the first response for (user, key) is stored and replayed for a retry with
 * the same body; a different body under the same key is refused. Without the header nothing changes.
 */
export async function withIdempotency(
  context: AppContext,
  req: Request,
  res: Response,
  successStatus: number,
  execute: () => Promise<unknown>,
): Promise<unknown> {
  const key = req.header('idempotency-key');
  const caller = requestState(res).caller;
  if (key === undefined || caller === null) return execute();
  if (!KEY_PATTERN.test(key)) {
    throw AppError.invalidField('Idempotency-Key', 'must be 1 to 255 characters of letters, digits, "_", ".", ":" or "-"');
  }
  const fingerprint = requestHash(`${req.method} ${req.originalUrl}`, req.body);
  const started = await context.idempotency.begin(caller.userId, key, fingerprint);
  if (started.kind === 'replay') {
    res.status(started.status);
    res.setHeader('Idempotent-Replayed', 'true');
    return started.body;
  }
  try {
    const body = await execute();
    await context.idempotency.complete(caller.userId, key, successStatus, body, started.reservedAt);
    return body;
  } catch (error) {
    await context.idempotency.abandon(caller.userId, key, started.reservedAt);
    throw error;
  }
}
