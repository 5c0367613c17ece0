import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError } from '@propfolio/core';
import { requestState, type AppContext } from '@propfolio/operations';

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
  if (key === undefined || caller === null || context.idempotency === undefined) return execute();
  if (!KEY_PATTERN.test(key)) {
    throw AppError.invalidField('Idempotency-Key', 'must be 1 to 255 characters of letters, digits, "_", ".", ":" or "-"');
  }
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  const started = await context.idempotency.begin(caller.userId, key, requestHash);
  if (started.kind === 'replay') {
    res.status(started.status);
    res.setHeader('Idempotent-Replayed', 'true');
    return started.body;
  }
  try {
    const body = await execute();
    await context.idempotency.complete(caller.userId, key, successStatus, body);
    return body;
  } catch (error) {
    await context.idempotency.abandon(caller.userId, key);
    throw error;
  }
}
