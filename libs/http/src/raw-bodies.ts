import { AppError, type Operation, type RestUpload } from '@propfolio/core';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** "2 MiB (2,097,152 bytes)": a bound as a person reads it and as a client checks it. */
export const bytesBound = (limitBytes: number): string => {
  const mib = limitBytes / 1_048_576;
  const round = Number.isInteger(mib) ? `${mib} MiB` : `${(limitBytes / 1024).toFixed(0)} KiB`;
  return `${round} (${limitBytes.toLocaleString('en-US')} bytes)`;
};

/**
 * The raw bodies of the operations that take a file (`rest.upload`), on their own routes, before the JSON guards:
 * a media type outside the route's answers 415 naming the accepted ones before a byte is read; a body over the bound
 * answers 413 naming it, body-parser's reader stopping at the bound (a Content-Length over it is refused unread). The
 * bytes are left as `req.body` (a Buffer) for the runner, and the JSON parsers skip a body already read.
 */
export function rawBodies(operations: readonly Operation[]): RequestHandler {
  const router = Router();
  for (const operation of operations) {
    const upload = operation.rest.upload;
    if (upload && operation.rest.method === 'POST') router.post(operation.rest.path, acceptedType(upload), readBounded(upload));
  }
  return router;
}

/** True when the request's body was read here: the JSON-only guard lets it through. */
export const isRawBody = (req: Request): boolean => Buffer.isBuffer(req.body);

function acceptedType(upload: RestUpload): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const declared = (req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // No body at all goes on, as it does past the JSON guard: the key check answers first (401 without a key), then
    // the operation refuses the empty upload.
    if (upload.types.includes(declared) || (declared === '' && !hasBody(req))) {
      next();
      return;
    }
    next(new AppError('unsupported_media_type', `Send the body as one of ${upload.types.join(', ')} (the file's own bytes).`));
  };
}

/** A body is coming: a length above 0, or one sent in chunks. */
const hasBody = (req: Request): boolean => req.header('transfer-encoding') !== undefined || Number(req.header('content-length') ?? '0') > 0;

function readBounded(upload: RestUpload): RequestHandler {
  // No inflate: a compressed body would be read to its inflated size, past what was sent.
  const read = express.raw({ type: () => true, limit: upload.limitBytes, inflate: false });
  return (req: Request, res: Response, next: NextFunction) => {
    read(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
        next(AppError.payloadTooLarge(`The body is over its bound of ${bytesBound(upload.limitBytes)}.`, upload.limitBytes));
        return;
      }
      if ((error as { type?: string } | undefined)?.type === 'encoding.unsupported') {
        next(new AppError('unsupported_media_type', 'Send the file uncompressed (no Content-Encoding).'));
        return;
      }
      next(error);
    });
  };
}
