import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { looseRequestSchema } from './sdk/request-schema.js';

/**
 * tools/call as the protocol layer sees it: any params. The SDK's own schema would reject malformed
 * params with a raw zod dump as -32603; `readToolCallParams` answers -32602 with a readable message, and the
 * tool's arguments are then checked by its operation's input contract, as over REST.
 */
export const LooseCallToolRequestSchema = looseRequestSchema('tools/call');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export interface ToolCallParams {
  name: string;
  arguments: Record<string, unknown> | undefined;
}

/** The name and arguments of a tools/call, or McpError -32602 naming every malformed part. */
export function readToolCallParams(params: unknown): ToolCallParams {
  const problems: string[] = [];
  if (!isPlainObject(params)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid params for tools/call: `params` must be an object with `name` (string) and optional `arguments` (object).',
    );
  }
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || name === '') problems.push('`name` must be a non-empty string (a tool name from tools/list)');
  if (args !== undefined && !isPlainObject(args)) problems.push('`arguments` must be an object of the tool’s input fields');
  if (meta !== undefined && !isPlainObject(meta)) problems.push('`_meta` must be an object');
  if (problems.length > 0) throw new McpError(ErrorCode.InvalidParams, `Invalid params for tools/call: ${problems.join('; ')}.`);
  return { name: name as string, arguments: args as Record<string, unknown> | undefined };
}
