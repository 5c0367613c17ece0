import { todayIso, type Operation, type OperationContext } from '@propfolio/core';
import { CATALOG_SCOPE, type AnswerCache } from './answer-cache.js';

/**
 * The operations with the answer cache in front: a `cacheable` read answers from it (its key is the
 * operation, the day and the validated input, so a new day never sees yesterday's "days since"), and
 * every write by a caller holds that caller's answers back until it has finished. The front doors run
 * the wrapped operations and never see the cache.
 */
export function withAnswerCache(operations: readonly Operation[], cache: AnswerCache): Operation[] {
  return operations.map((operation) => {
    if (operation.cacheable) return { ...operation, run: cachedRead(operation, cache) };
    if (operation.readOnly || operation.auth !== 'key') return operation;
    return { ...operation, run: (ctx: OperationContext, input: object) => writeOf(ctx, cache, () => operation.run(ctx, input)) };
  });
}

function cachedRead(operation: Operation, cache: AnswerCache): Operation['run'] {
  return (ctx, input) => {
    const scope = operation.cacheable === 'catalog' ? CATALOG_SCOPE : ctx.caller?.userId;
    if (scope === undefined) return operation.run(ctx, input);
    return cache.answer(scope, `${operation.name}\n${todayIso(ctx.now)}\n${JSON.stringify(input)}`, () => operation.run(ctx, input));
  };
}

/**
 * A write of the caller's records: their answers are held back from its start until it has finished, here, unless
 * the front door holds them for longer already (an Idempotency-Key unit, `answersHeld`): entered once either way.
 */
function writeOf<T>(ctx: Pick<OperationContext, 'caller' | 'answersHeld'>, cache: AnswerCache, work: () => Promise<T>): Promise<T> {
  return ctx.caller && ctx.answersHeld !== true ? cache.writing(ctx.caller.userId, work) : work();
}
