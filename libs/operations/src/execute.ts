import { AppError, parseInput, type Operation, type OperationContext } from '@propfolio/core';

export const KEY_NEEDED_MESSAGE =
  'This operation needs an API key (Authorization: Bearer eakey_…). Get one from the EA integration on the ' +
  'P&L page of the web dashboard, or locally with `npm run keys -- create --user <name>`.';

/**
 * The one way any front door runs an operation: key check, the contract's validation, then the
 * operation itself. REST and MCP differ only in where `rawInput` comes from and how the result is sent.
 */
export async function executeOperation<Input extends object, Output>(
  operation: Operation<Input, Output>,
  context: OperationContext,
  rawInput: unknown,
): Promise<Output> {
  if (operation.auth === 'key' && context.caller === null) throw new AppError('unauthorized', KEY_NEEDED_MESSAGE);
  const input = await parseInput(operation.input, rawInput);
  return operation.run(context, input);
}
