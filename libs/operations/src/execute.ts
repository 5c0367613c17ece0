import { AppError, parseInput, type Caller, type Operation, type OperationContext } from '@propfolio/core';

export const KEY_NEEDED_MESSAGE =
  'This operation needs an API key (Authorization: Bearer eakey_…). Get one from the EA integration on the ' +
  'P&L page of the web dashboard, or locally with `npm run keys -- create --user <name>`.';

export const TRACKER_SCOPE_MESSAGE =
  'This API key has the tracker scope: it may only register EA accounts and push their daily reports. ' +
  'Use a key with full scope (EA integration on the P&L page of the web dashboard) for anything else.';

/** Whether this caller's credential scope allows the operation (public operations are open to all). */
export function mayRun(caller: Caller | null, operation: Operation): boolean {
  return operation.auth === 'public' || caller?.scope === 'full' || (caller?.scope === 'tracker' && operation.tracker === true);
}

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
  if (operation.auth === 'key' && !mayRun(context.caller, operation)) throw new AppError('insufficient_scope', TRACKER_SCOPE_MESSAGE);
  const input = await parseInput(operation.input, rawInput);
  return operation.run(context, input);
}
