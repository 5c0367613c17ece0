import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import {
  eaClientScope,
  authenticateRequests,
  rateLimitRequests,
  requestState,
  type AppContext,
} from '@propfolio/operations';
import { noExtras, type McpExtras } from './extras.js';
import { createMcpServer, mcpCatalog } from './mcp-server.js';

export const MCP_PATH = '/mcp';

function jsonRpcError(res: Response, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * Browsers always send Origin; a page on a foreign origin must not drive a local server (DNS rebinding),
 * so an Origin is accepted only when listed or when it names an allowed host.
 */
function originValidation(allowedOrigins: string[], allowedHosts: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (origin === undefined) return next();
    let hostname = '';
    try {
      hostname = new URL(origin).hostname;
    } catch {
      // falls through to the refusal
    }
    if (allowedOrigins.includes(origin) || allowedHosts.includes(hostname)) return next();
    jsonRpcError(res, 403, -32000, `Forbidden: Origin ${origin} is not allowed.`);
  };
}

/**
 * The MCP front door at /mcp: Streamable HTTP, stateless (a fresh server and transport per POST, so any
 * instance can answer any request), GET and DELETE answered 405 (no sessions, no server stream).
 */
export function mcpRouter(context: AppContext, extras: McpExtras = noExtras): Router {
  const catalog = mcpCatalog(context.operations, extras);
  const { mcpAllowedHosts, mcpAllowedOrigins, bodyLimitBytes } = context.config;
  const router = Router();
  const refuse = (_req: Request, res: Response) =>
    jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless; send JSON-RPC messages with POST.', {
      Allow: 'POST',
    });
  router.get(MCP_PATH, refuse);
  router.delete(MCP_PATH, refuse);
  router.post(
    MCP_PATH,
    hostHeaderValidation(mcpAllowedHosts),
    originValidation(mcpAllowedOrigins, mcpAllowedHosts),
    express.json({ limit: bodyLimitBytes }),
    authenticateRequests(context.authenticate, context.rateLimiter),
    rateLimitRequests(context.rateLimiter),
    eaClientScope(),
    async (req: Request, res: Response) => {
      const state = requestState(res);
      const server = createMcpServer(catalog, { caller: state.caller, logger: state.logger, now: new Date() });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } catch (error) {
        state.logger.error('mcp request failed', { error });
        if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
      }
    },
  );
  // Malformed JSON and oversized bodies: a JSON-RPC parse error rather than an HTML page.
  router.use(MCP_PATH, (error: { type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === 'entity.too.large') return jsonRpcError(res, 413, -32600, 'Request body too large.');
    jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
  });
  return router;
}
