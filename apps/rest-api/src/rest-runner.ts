import { StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Operation } from '@propfolio/core';
import { requestState } from '@propfolio/http';
import { answerEtag, answerJson, executeOperation, restInput, type AppContext } from '@propfolio/operations';
import { withIdempotency } from './idempotency.js';

/**
 * Turns an HTTP request into an operation call: the input is the query (GET) or the JSON body, plus the
 * path parameters; POSTs honour Idempotency-Key. Everything else is the operation's own business.
 */
export class RestOperationRunner {
  constructor(private readonly context: AppContext) {}

  async run(operation: Operation, req: Request, res: Response): Promise<unknown> {
    const state = requestState(res);
    const input = restInput(operation, { query: req.query, body: req.body, params: req.params as Record<string, string> });
    const execute = () => executeOperation(operation, { caller: state.caller, logger: state.logger, now: new Date() }, input);
    if (operation.rest.method !== 'POST') return fileOrJson(operation, await execute(), req, res);
    return withIdempotency(this.context, req, res, operation, execute);
  }
}

/**
 * An operation with a file form (e.g. a CSV export) answers that file when it gives one for this output;
 * any other answer is sent as its JSON text (serialized once when it is a kept answer).
 */
function fileOrJson(operation: Operation, output: unknown, req: Request, res: Response): unknown {
  const file = operation.restFile?.(output);
  if (!file) {
    if (output === null || typeof output !== 'object') return output;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Express's own ETag (its `etag fn` setting), made once per kept answer instead of once per response.
    const tag = req.app.get('etag fn') as ((body: string, encoding: BufferEncoding) => string) | undefined;
    if (tag)
      res.setHeader(
        'ETag',
        answerEtag(output, (json) => tag(json, 'utf8')),
      );
    return answerJson(output);
  }
  return new StreamableFile(Buffer.from(file.body, 'utf8'), {
    type: file.contentType,
    disposition: `attachment; filename="${file.filename}"`,
  });
}
