import type { NextFunction, Request, Response } from 'express';
import { jsonRpcError } from './json-rpc-error.js';

/** The first protocol revision without JSON-RPC batching. */
const NO_BATCHES_SINCE = '2025-06-18';
/** What a server assumes when a client sends no MCP-Protocol-Version header (the spec's fallback). */
const ASSUMED_VERSION = '2025-03-26';

/** How many JSON-RPC messages a POST carries: each one counts against the rate limit. */
export function messageCount(req: Request): number {
  return Array.isArray(req.body) ? req.body.length : 1;
}

function negotiatedVersion(req: Request): string {
  const header = req.header('mcp-protocol-version');
  if (header) return header;
  // An initialize inside the batch names the version the client is about to use.
  const messages: unknown[] = Array.isArray(req.body) ? req.body : [];
  for (const message of messages) {
    const m = message as { method?: unknown; params?: { protocolVersion?: unknown } } | null;
    if (m?.method === 'initialize' && typeof m.params?.protocolVersion === 'string') return m.params.protocolVersion;
  }
  return ASSUMED_VERSION;
}

/**
 * Protocol 2025-06-18 removed JSON-RPC batching: a batch under it (or a later revision) is refused with
 * -32600. Older revisions may still batch; an empty batch is invalid in every revision.
 */
export function batchPolicy() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!Array.isArray(req.body)) {
      next();
      return;
    }
    if (req.body.length === 0) {
      jsonRpcError(res, 400, -32600, 'Invalid Request: an empty JSON-RPC batch.');
      return;
    }
    const version = negotiatedVersion(req);
    if (version >= NO_BATCHES_SINCE) {
      jsonRpcError(
        res,
        400,
        -32600,
        `Invalid Request: JSON-RPC batches are not supported in MCP protocol ${version} (removed in ${NO_BATCHES_SINCE}); send one message per POST.`,
      );
      return;
    }
    next();
  };
}
