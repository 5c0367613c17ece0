import { ErrorCode, McpError, type CallToolResult, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { AppError, type Operation, type OperationContext } from '@propfolio/core';
import { answerJson, answerJsonLiteral } from '@propfolio/http';
import { executeOperation } from '@propfolio/operations';
import { resultAnswerJson } from './sdk/index.js';

/** The output behind each successful tool result, whose JSON text is known (see `messageJson`). */
const outputs = new WeakMap<object, object>();

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
    const output = (await executeOperation(operation, context, args ?? {})) as Record<string, unknown>;
    const result: CallToolResult = { content: [{ type: 'text', text: answerJson(output) }], structuredContent: output };
    outputs.set(result, output);
    return result;
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

/**
 * An answer as JSON text, exactly as JSON.stringify writes it. A tool result's structured content is its
 * text content already serialized, so it is written from that text (serialized once per kept answer,
 * see @propfolio/http answerJson) rather than serialized again.
 */
export function messageJson(message: JSONRPCMessage): string {
  const output = 'result' in message ? outputs.get(message.result) : undefined;
  if (output === undefined) return JSON.stringify(message);
  // The envelope is the SDK's answer object as JSON.stringify writes it: bypass 4 in ./sdk/index.ts.
  const result = `{"content":[{"type":"text","text":${answerJsonLiteral(output)}}],"structuredContent":${answerJson(output)}}`;
  return resultAnswerJson(result, (message as { id: RequestId }).id);
}
