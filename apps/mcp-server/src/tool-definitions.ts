import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { contractSchema, type Operation } from '@propfolio/core';
import { mayRun } from '@propfolio/operations';

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
 * tools/list is a pure function of the credential: the public tools without a key, what its scope
 * allows with a tracker key, all tools with a full key, always in the same order. Computed once per process.
 */
export function toolLists(operations: readonly Operation[]): { anonymous: Tool[]; authenticated: Tool[]; tracker: Tool[] } {
  const tools = mcpOperations(operations);
  const authenticated = tools.map(toolDefinition);
  const anonymous = authenticated.filter((_, index) => tools[index]?.auth === 'public');
  const trackerCaller = { userId: '', userName: '', credentialId: '', scope: 'tracker' as const };
  const tracker = authenticated.filter((_, index) => mayRun(trackerCaller, tools[index] as Operation));
  return { anonymous, authenticated, tracker };
}
