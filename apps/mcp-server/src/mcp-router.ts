import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { authenticateRequests, rateLimitRequests, refuseDeepJson, refuseNonUtf8Json, requestState, toAppError } from '@propfolio/http';
import { AppError, type Operation, type OperationContext } from '@propfolio/core';
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
  const fileBodyLimits = toolBodyLimits(context.operations, bodyLimitBytes);
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
    express.json({ limit: fileBodyLimits.largest, verify: keepBodySize }),
    refuseOversizedMessages(bodyLimitBytes, fileBodyLimits.byTool),
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

/** The bytes of each parsed body, for refuseOversizedMessages (body-parser's own limit is the largest of all). */
const bodySizes = new WeakMap<Request, number>();
const keepBodySize = (req: Request, _res: Response, buffer: Buffer): void => {
  bodySizes.set(req, buffer.length);
};

/**
 * The tools that take a whole file (an operation's `rest.bodyLimitBytes`, as import_statement's 5 MiB statement)
 * take the same body over MCP as over REST; the body parser therefore reads up to the largest of them.
 */
function toolBodyLimits(operations: readonly Operation[], bodyLimitBytes: number): { byTool: Map<string, number>; largest: number } {
  const byTool = new Map<string, number>();
  for (const op of operations) {
    if (op.rest.bodyLimitBytes !== undefined && op.rest.bodyLimitBytes > bodyLimitBytes) byTool.set(op.name, op.rest.bodyLimitBytes);
  }
  return { byTool, largest: Math.max(bodyLimitBytes, ...byTool.values()) };
}

/**
 * A body over the server's limit is accepted only as one tools/call of a tool that takes a file, within that tool's
 * own limit; anything else that large is 413, as body-parser answers beyond the largest limit.
 */
function refuseOversizedMessages(bodyLimitBytes: number, byTool: ReadonlyMap<string, number>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const size = bodySizes.get(req) ?? 0;
    if (size <= bodyLimitBytes) {
      next();
      return;
    }
    const message = req.body as { method?: unknown; params?: { name?: unknown } } | null;
    const tool = message !== null && typeof message === 'object' && message.method === 'tools/call' ? message.params?.name : undefined;
    const limit = (typeof tool === 'string' ? byTool.get(tool) : undefined) ?? bodyLimitBytes;
    if (size <= limit) {
      next();
      return;
    }
    const problem = AppError.payloadTooLarge(`The request body is ${String(size)} bytes; at most ${String(limit)} are accepted.`, limit);
    jsonRpcError(res, 413, -32600, 'Request body too large.', {}, problem.toProblem());
  };
}
