import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Operation } from '@propfolio/core';
import { JSONParser } from '@streamparser/json';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * JSON body parsing for a front door: the server's limit for every route, and an operation's own larger
 * limit on its route when it takes a whole file or a batch (`rest.bodyLimitBytes`). The route's parser runs first;
 * the general one then sees the body as parsed and leaves it. A large route's body is parsed in slices
 * (parseJsonInSlices), so that one client's 8 MiB message does not hold every other request for its whole parse.
 */
export function jsonBodies(operations: readonly Operation[], limitBytes: number): RequestHandler {
  const router = Router();
  for (const operation of operations) {
    const limit = operation.rest.bodyLimitBytes;
    if (limit !== undefined && limit > limitBytes && operation.rest.method !== 'GET') {
      router[operation.rest.method === 'POST' ? 'post' : 'patch'](
        operation.rest.path,
        // The text as JSON's media type sends it (UTF-8 alone: refuseNonUtf8Json runs first), with body-parser's own
        // limit (413) and inflate handling.
        express.text({ type: 'application/json', limit, defaultCharset: 'utf-8' }),
        parseTextBody,
      );
    }
  }
  router.use(express.json({ limit: limitBytes, strict: false }));
  return router;
}

function parseTextBody(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (typeof body !== 'string') {
    next();
    return;
  }
  parseJsonInSlices(body).then(
    (value) => {
      req.body = value;
      next();
    },
    (error: unknown) => next(error),
  );
}

/** Bodies under this many characters are parsed by JSON.parse in one go: well under a millisecond per 64 KB. */
export const SLICED_FROM_CHARS = 256 * 1024;
/**
 * Bytes fed to the streaming parser per turn of the event loop: about 2–4 ms of CPU each. JSON.parse of a maximum
 * tracker message (10,000 positions of 7 exits, 7 MiB) held the loop 55–110 ms of CPU in one stretch, 330–690 ms of
 * wall time on a loaded 2-core machine; in slices the parse costs about 0.8 s of CPU in all, between other requests.
 */
const SLICE_BYTES = 16 * 1024;
/** The streaming parser's buffer for a string's bytes (see parseJsonInSlices). */
const STRING_BUFFER_BYTES = 64 * 1024;

/**
 * A JSON text parsed as JSON.parse parses it (any value at the top, as body-parser's `strict: false`; an empty
 * body is `{}`, as body-parser answers), in slices for a large one. Malformed JSON throws body-parser's own error
 * kind (`entity.parse.failed`, 400), so the doors answer it as they answer any malformed body.
 */
export async function parseJsonInSlices(text: string, slicedFromChars = SLICED_FROM_CHARS): Promise<unknown> {
  if (text.length === 0) return {};
  if (text.length < slicedFromChars) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw parseFailed(error);
    }
  }
  // Bytes, not string slices: the parser carries a UTF-8 sequence over a slice's edge, a lone surrogate it could not.
  const bytes = Buffer.from(text, 'utf8');
  // A "__proto__" key becomes an own property, as with JSON.parse (the library defines it rather than assigning it).
  // stringBufferSize: the parser's default keeps a string as one JS string per character of a short run (it appends
  // runs under 16 bytes char by char) and joins them when the string ends: a 4.75 MiB CSV sent as text, every cell
  // quoted (cTrader's export: `\"1.10000\",`), became 4.7 million one-character strings whose join held the event
  // loop 0.3–3 s in one piece. With a buffer the characters go into bytes, decoded 64 KiB at a time.
  const parser = new JSONParser({ paths: ['$'], keepStack: true, stringBufferSize: STRING_BUFFER_BYTES });
  let root: { value: unknown } | null = null;
  let failure: unknown = null;
  parser.onValue = ({ value, stack }) => {
    if (stack.length === 0) root = { value };
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  for (let offset = 0; offset < bytes.length && failure === null; offset += SLICE_BYTES) {
    if (offset > 0) await nextTurn();
    try {
      parser.write(bytes.subarray(offset, offset + SLICE_BYTES));
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure === null && !parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      failure ??= error;
    }
  }
  const parsed = root as { value: unknown } | null;
  if (failure !== null || parsed === null) throw parseFailed(failure);
  return parsed.value;
}

/** body-parser's error for a malformed body, which the doors already answer (problem.ts, the MCP router). */
function parseFailed(cause: unknown): Error {
  return Object.assign(new Error('The request body is not valid JSON.', { cause }), {
    type: 'entity.parse.failed',
    status: 400,
    statusCode: 400,
    expose: true,
  });
}
