import type { Request, Response } from 'express';
import type { Operation, Upload } from '@propfolio/core';
import { executeOperation } from '@propfolio/operations';
import { operationInput } from './operation-input.js';
import { withIdempotencyKey, type IdempotencyDeps } from './idempotency-key.js';
import { respondWithError } from './problem.js';
import { requestState } from './request-context.js';
import { sendAnswer } from './send-answer.js';

export interface OperationRunnerOptions {
  /**
   * Answer an operation's file form (`restFile`, e.g. the tax-year CSV) as a download. REST does; the
   * dashboard does not, because its page reads the JSON that carries the same text and makes the
   * download itself (apps/web/src/lib/analytics.ts).
   */
  files: boolean;
}

/** The file a `rest.upload` operation was sent (rawBodies read it); none for an empty body, which the operation refuses. */
function uploadOf(operation: Operation, req: Request): Upload | undefined {
  if (!operation.rest.upload || !Buffer.isBuffer(req.body)) return undefined;
  return { bytes: req.body, contentType: (req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '' };
}

/**
 * The one way an operation is run over HTTP, by /api/v1 and /app/api alike: the input is the query (GET)
 * or the JSON body plus the path parameters; a POST honours Idempotency-Key; the answer is JSON text with
 * an ETag (304 on a matching If-None-Match); a failure is the shared problem+json. The front door has
 * already authenticated the caller (key or session) into the request state: that is all it adds.
 */
export class OperationRunner {
  constructor(
    private readonly deps: IdempotencyDeps,
    private readonly options: OperationRunnerOptions,
  ) {}

  /** Answers the request itself, failures included, so every front door ends a run the same way. */
  async run(operation: Operation, req: Request, res: Response): Promise<void> {
    const state = requestState(res);
    try {
      const input = operationInput(operation, { query: req.query, body: req.body, params: req.params as Record<string, string> });
      const upload = uploadOf(operation, req);
      const execute = (answersHeld = false) =>
        executeOperation(
          operation,
          { caller: state.caller, logger: state.logger, now: new Date(), clientAddress: state.clientAddress, answersHeld, upload },
          input,
        );
      const answer =
        operation.rest.method === 'POST'
          ? await withIdempotencyKey(this.deps, req, res, operation, execute)
          : { status: operation.rest.status ?? 200, body: await execute(), replayed: false };
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      sendAnswer(operation, answer.body, answer.status, this.options.files, req, res);
    } catch (error) {
      respondWithError(res, error, state.logger);
    }
  }
}
