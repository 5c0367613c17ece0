import { ListToolsRequestSchema, type RequestId, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Operation, OperationContext } from '@propfolio/core';
import { callTool } from './tool-call.js';
import { LooseCallToolRequestSchema, readToolCallParams } from './tool-params.js';
import { mcpOperations, toolLists } from './tool-definitions.js';
import type { McpExtras } from './extras.js';
import { createProtocolServer, setRequestHandlerPastServer, type ProtocolServer } from './sdk/index.js';

const SERVER_INFO = { name: 'propfolio', title: 'Propfolio', version: '1.0.0' };

const INSTRUCTIONS =
  'Propfolio tracks prop-firm challenges. Without an API key you can search prop-firm plans (list prices ' +
  'before coupons, each with a checked-on date: warn when `stale` is true), search articles and use the EA ' +
  'settings assistant. With a key you can also read and record the user’s challenges, memos, payouts and ' +
  'EA accounts. Records cannot be deleted here, only in the web dashboard.';

/** Per-process, immutable: the tool tables the server reads. */
export interface McpCatalog {
  toolsByName: ReadonlyMap<string, Operation>;
  anonymous: Tool[];
  authenticated: Tool[];
  tracker: Tool[];
  extras: McpExtras;
}

export function mcpCatalog(operations: readonly Operation[], extras: McpExtras): McpCatalog {
  const tools = mcpOperations(operations);
  return { toolsByName: new Map(tools.map((op) => [op.name, op])), ...toolLists(operations), extras };
}

/** The context (caller, logger, now) of the HTTP request that carried the MCP request a handler answers. */
export type ContextOf = (extra: { requestId: RequestId }) => OperationContext;

/**
 * The one protocol server of the process: its handlers are registered once, and each finds the context
 * of the request it answers through `contextOf`, so that nothing of one request is kept for the next.
 */
export function createMcpServer(catalog: McpCatalog, contextOf: ContextOf): ProtocolServer {
  // The low-level Server, not McpServer: bypass 1 in ./sdk/index.ts.
  const server = createProtocolServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => {
    const { caller } = contextOf(extra);
    return { tools: !caller ? catalog.anonymous : caller.scope === 'tracker' ? catalog.tracker : catalog.authenticated };
  });
  // Registered on the protocol layer, past Server's own tools/call schema: malformed params then get a
  // readable -32602 from readToolCallParams instead of the SDK's -32603 with a zod dump (bypass 2 in ./sdk/index.ts).
  setRequestHandlerPastServer(server, LooseCallToolRequestSchema, (request, extra) => {
    const params = readToolCallParams(request.params);
    return callTool(catalog.toolsByName, params.name, params.arguments, contextOf(extra));
  });
  catalog.extras.register(server, contextOf);
  return server;
}
