import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { contractSchema, type Operation } from '@propfolio/core';
import { mayRun } from '@propfolio/operations';
import { compactInputSchema, compactOutputSchema, type JsonSchema } from './tool-schema.js';

/** The MCP tools: every operation not marked REST-only, in the registry's fixed order. */
export function mcpOperations(operations: readonly Operation[]): Operation[] {
  return operations.filter((operation) => operation.mcp !== false);
}

/**
 * Bytes an output schema may take in tools/list: each is kept to the deepest level of nesting that fits (the
 * answer's own fields and their types, or only `type: object` for the largest). The list with a key stays
 * within TOOLS_LIST_BUDGET (test/tools.spec.ts); the full documented answers are the REST OpenAPI's.
 */
export const OUTPUT_SCHEMA_BYTES = 300;

/** A tool definition derived from the operation's contract: nothing here is written a second time. */
function toolDefinition(operation: Operation): Tool {
  return {
    name: operation.name,
    title: operation.title,
    description: operation.description,
    inputSchema: compactInputSchema(contractSchema(operation.input)) as Tool['inputSchema'],
    // A plain copy first: typebox schemas carry their kind on symbol keys, which the list's JSON drops anyway.
    outputSchema: compactOutputSchema(
      JSON.parse(JSON.stringify(operation.output)) as JsonSchema,
      OUTPUT_SCHEMA_BYTES,
    ) as Tool['outputSchema'],
    // No annotations.title: the tool's own title says it, and clients read that first.
    // destructiveHint and idempotentHint mean something only when readOnlyHint is false (MCP spec): a read says neither.
    annotations: operation.readOnly
      ? { readOnlyHint: true, openWorldHint: false }
      : { readOnlyHint: false, destructiveHint: false, idempotentHint: operation.idempotent, openWorldHint: false },
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
