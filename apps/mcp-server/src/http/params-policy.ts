import type { NextFunction, Request, Response } from 'express';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

const isPlainObject = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A request whose `params` is present but not an object (a number, a string, an array, null) is a
 * well-formed JSON-RPC message with invalid params: -32602 naming the problem, answered to its id. The
 * SDK's transport would reject the whole message as unparsable (-32700), which sends clients looking
 * for a JSON syntax error. Batches (protocol 2025-03-26 only) are left to the SDK.
 */
export function paramsPolicy() {
  return (req: Request, res: Response, next: NextFunction) => {
    const message = req.body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null;
    if (
      !isPlainObject(message) ||
      message === null ||
      typeof message.method !== 'string' ||
      !('params' in message) ||
      isPlainObject(message.params)
    ) {
      next();
      return;
    }
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    const got = message.params === null ? 'null' : Array.isArray(message.params) ? 'an array' : `a ${typeof message.params}`;
    res.status(200).json({
      jsonrpc: '2.0',
      id,
      error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}: \`params\` must be an object (got ${got}).` },
    });
  };
}
