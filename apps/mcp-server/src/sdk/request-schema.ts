import { z } from 'zod';

/**
 * The schema a request handler is registered with, as the SDK's `setRequestHandler` (low-level `Server` and
 * `Protocol` alike) demands it: a zod object whose `method` is a literal (the SDK reads the method from it and
 * parses each request with it). Loose: any `params` pass, so the handler's own reader answers a malformed one with
 * -32602 and a sentence instead of the SDK's -32603 and a zod dump. This is the one zod the server needs for the
 * SDK's API besides the prompts'; what a tool or a resource takes comes from the operations' class-validator inputs
 * (docs/architecture.md, "Schema languages").
 */
export function looseRequestSchema<Method extends string>(method: Method) {
  return z.object({ method: z.literal(method), params: z.unknown().optional() }).loose();
}
