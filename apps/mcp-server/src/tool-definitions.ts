import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { contractSchema, type Operation } from '@propfolio/core';

/** The MCP tools: every operation not marked REST-only, in the registry's fixed order. */
export function mcpOperations(operations: readonly Operation[]): Operation[] {
  return operations.filter((operation) => operation.mcp !== false);
}

/** A tool definition derived from the operation's contract: nothing here is written a second time. */
function toolDefinition(operation: Operation): Tool {
  return {
    name: operation.name,
    title: operation.title,
    description: operation.description,
    inputSchema: contractSchema(operation.input) as Tool['inputSchema'],
    outputSchema: operation.output as Tool['outputSchema'],
    annotations: {
      title: operation.title,
      readOnlyHint: operation.readOnly,
      destructiveHint: false,
      idempotentHint: operation.idempotent,
      openWorldHint: false,
    },
  };
}

/**
 * tools/list is a pure function of the credential: the public tools without a key, all tools with one,
 * always in the same order. Definitions are computed once per process.
 */
export function toolLists(operations: readonly Operation[]): { anonymous: Tool[]; authenticated: Tool[] } {
  const tools = mcpOperations(operations);
  const authenticated = tools.map(toolDefinition);
  const anonymous = authenticated.filter((_, index) => tools[index]?.auth === 'public');
  return { anonymous, authenticated };
}
