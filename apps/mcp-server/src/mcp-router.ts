import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { authenticateRequests, rateLimitRequests, refuseDeepJson, refuseNonUtf8Json, requestState, toAppError } from '@propfolio/http';
import type { OperationContext } from '@propfolio/core';
import { type AppContext } from '@propfolio/bootstrap';
import { noExtras, type McpExtras } from './extras.js';
import { batchPolicy, messageCount } from './http/batches.js';
import { jsonRpcError, refuseAsJsonRpc } from './http/json-rpc-error.js';
import { paramsPolicy } from './http/params-policy.js';
import { defaultOrigins, hostValidation, originValidation } from './http/origin.js';
import { createMcpServer, mcpCatalog } from './mcp-server.js';
import { StatelessHttpTransport } from './sdk/index.js';
import { messageJson } from './tool-call.js';

export const MCP_PATH = '/mcp';

/**
 * The MCP front door at /mcp: Streamable HTTP, stateless (nothing of a request outlives its POST, so any
 * instance can answer any request), GET and DELETE answered 405 (no sessions, no server stream). One
 * protocol server per process answers every POST; each request carries its own context to it.
 */
export function mcpRouter(context: AppContext, extras: McpExtras = noExtras): Router {
  const transport = new StatelessHttpTransport<OperationContext>(messageJson);
  const server = createMcpServer(mcpCatalog(context.operations, extras), (extra) => transport.contextOf(extra.requestId));
  const connected = server.connect(transport);
  const { mcpAllowedHosts, mcpAllowedOrigins, bodyLimitBytes, port } = context.config;
  const origins = mcpAllowedOrigins.length > 0 ? mcpAllowedOrigins : defaultOrigins(mcpAllowedHosts, port);
  const router = Router();
  const refuse = (_req: Request, res: Response) =>
    jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless; send JSON-RPC messages with POST.', {
      Allow: 'POST',
    });
  router.get(MCP_PATH, refuse);
  router.delete(MCP_PATH, refuse);
  router.post(
    MCP_PATH,
    hostValidation(mcpAllowedHosts),
    originValidation(origins),
    refuseNonUtf8Json((res, error) => jsonRpcError(res, 415, -32600, `Invalid Request: ${error.detail}`)),
    express.json({ limit: bodyLimitBytes }),
    refuseDeepJson((res, error) => jsonRpcError(res, 400, -32600, `Invalid Request: ${error.detail}`)),
    batchPolicy(),
    authenticateRequests(context.authenticate, context.rateLimiter, refuseAsJsonRpc),
    rateLimitRequests(context.rateLimiter, { costOf: messageCount, refuse: refuseAsJsonRpc }),
    paramsPolicy(),
    async (req: Request, res: Response) => {
      const state = requestState(res);
      try {
        await connected;
        transport.handlePost(req, res, { caller: state.caller, logger: state.logger, now: new Date(), clientAddress: state.clientAddress });
      } catch (error) {
        state.logger.error('mcp request failed', { error });
        if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
      }
    },
  );
  // Malformed JSON and oversized bodies: a JSON-RPC parse error rather than an HTML page. An oversized body's
  // data is the REST problem, whose facts carry the limit.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express tells error middleware by its four parameters, so `_next` must stay
  router.use(MCP_PATH, (error: { type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === 'entity.too.large') {
      jsonRpcError(res, 413, -32600, 'Request body too large.', {}, toAppError(error).toProblem());
      return;
    }
    jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
  });
  return router;
}
