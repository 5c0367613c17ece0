import { AppError, KEY_NEEDED_MESSAGE, mayRun, TRACKER_SCOPE_MESSAGE, type Operation, type OperationContext } from '@propfolio/core';
import { readInput } from './read-inputs.js';

export { KEY_NEEDED_MESSAGE, mayRun, TRACKER_SCOPE_MESSAGE };

/**
 * The one way any front door runs an operation: key check, the operation's cheap admission checks (bounds, owner),
 * the contract's validation, then the operation itself. REST and MCP differ only in where `rawInput` comes from and how the result is sent.
 */
export async function executeOperation<Input extends object, Output>(
  operation: Operation<Input, Output>,
  context: OperationContext,
  rawInput: unknown,
): Promise<Output> {
  if (operation.auth === 'key' && context.caller === null) throw new AppError('unauthorized', KEY_NEEDED_MESSAGE);
  if (operation.auth === 'key' && !mayRun(context.caller, operation)) throw new AppError('insufficient_scope', TRACKER_SCOPE_MESSAGE);
  if (operation.admit && typeof rawInput === 'object' && rawInput !== null && !Array.isArray(rawInput)) {
    await operation.admit(context, rawInput as Record<string, unknown>);
  }
  const input = operation.parse ? await operation.parse(rawInput) : await readInput(operation, rawInput);
  return operation.run(context, input);
}
