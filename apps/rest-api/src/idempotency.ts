import type { Request, Response } from 'express';
import { AppError, type Operation } from '@propfolio/core';
import { requestHash } from '@propfolio/domain';
import { requestState } from '@propfolio/http';
import { type AppContext } from '@propfolio/operations';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,255}$/;

/**
 * Idempotency-Key on POST: the first answer for (user, key) is stored in the same transaction as what
 * the operation wrote, and replayed for a retry with the same body; a different body under the same key
 * is refused. Without the header nothing changes. A read-only POST (the EA tools) writes nothing that a
 * retry could duplicate: it runs as is, outside any transaction, so its CPU work holds no connection.
 */
export async function withIdempotency(
  context: AppContext,
  req: Request,
  res: Response,
  operation: Pick<Operation, 'readOnly' | 'rest'>,
  execute: () => Promise<unknown>,
): Promise<unknown> {
  const key = req.header('idempotency-key');
  const caller = requestState(res).caller;
  if (key === undefined || caller === null) return execute();
  if (!KEY_PATTERN.test(key)) {
    throw AppError.invalidField('Idempotency-Key', 'must be 1 to 255 characters of letters, digits, "_", ".", ":" or "-"');
  }
  if (operation.readOnly) return execute();
  const fingerprint = requestHash(`${req.method} ${req.originalUrl}`, req.body);
  // The unit commits after the operation returns: the caller's kept answers wait for the commit.
  const answer = await context.answers.writing(caller.userId, () =>
    context.idempotency.run(caller.userId, key, fingerprint, operation.rest.status ?? 200, execute),
  );
  if (answer.replayed) {
    res.status(answer.status);
    res.setHeader('Idempotent-Replayed', 'true');
  }
  return answer.body;
}
