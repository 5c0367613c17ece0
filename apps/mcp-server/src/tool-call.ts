import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, type Operation, type OperationContext } from '@propfolio/core';
import { executeOperation } from '@propfolio/operations';

/**
 * Runs a tool through the same executor as REST. Domain and validation failures come back as `isError`
 * results carrying the REST problem's code and detail, so the model can correct itself; an unknown tool
 * is a protocol error (-32602); anything unexpected is logged and answered generically.
 */
export async function callTool(
  toolsByName: ReadonlyMap<string, Operation>,
  name: string,
  args: unknown,
  context: OperationContext,
): Promise<CallToolResult> {
  const operation = toolsByName.get(name);
  if (!operation) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  try {
    const output = await executeOperation(operation, context, args ?? {});
    return {
      content: [{ type: 'text', text: JSON.stringify(output) }],
      structuredContent: output as Record<string, unknown>,
    };
  } catch (error) {
    const appError =
      error instanceof AppError
        ? error
        : new AppError('internal_error', 'An unexpected error occurred. It has been logged; please try again later.');
    if (!(error instanceof AppError)) context.logger.error('tool failed', { tool: name, error });
    const problem = appError.toProblem();
    return {
      isError: true,
      content: [{ type: 'text', text: `${problem.code}: ${problem.detail}\n${JSON.stringify(problem)}` }],
    };
  }
}
