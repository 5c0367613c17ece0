/**
 * Every place where the MCP front door reaches past the public, documented API of
 * `@modelcontextprotocol/sdk` (written against 1.32.2) lives in this folder, and nowhere else in the app.
 * Each bypass says what it does, why the public API is not enough, and what an SDK upgrade could break;
 * `test/sdk-bypass.spec.ts` has one test per bypass that fails when the SDK stops doing what it relies on.
 * Before upgrading the SDK, run that spec first; if the SDK offers a public way for one of these, move
 * to it and delete the bypass here.
 *
 * Not bypasses (public API, no entry here): the `Transport` interface the transport implements, the
 * request and result schemas of `types.js`, `McpError`/`ErrorCode`, `RequestHandlerExtra.requestId`.
 * The Host check is our own (`http/origin.ts`), so a refusal carries the documented -32003 and problem.
 */
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Implementation, RequestId, ServerResult } from '@modelcontextprotocol/sdk/types.js';

export { StatelessHttpTransport } from './stateless-transport.js';

/**
 * Bypass 1, the deprecated low-level `Server`.
 *
 * What: the protocol server is the SDK's low-level `Server` (`@deprecated Use McpServer instead ... Only
 * use Server for advanced use cases`), with handlers set by `setRequestHandler`, not `McpServer`.
 *
 * Why not `McpServer`: the tools come from the operations registry with their own JSON Schemas (the
 * tools/list snapshot), while `McpServer.registerTool` takes zod or Standard Schema shapes and derives the
 * JSON Schema itself (different text, `execution.taskSupport` added). Its tools/call also answers an
 * unknown tool with an `isError` result, where this server answers -32602 as the spec says, and it
 * validates every result again (see bypass 2). tools/list also depends on the caller (public tools
 * without a key), which `McpServer`'s one registered list cannot express without rebuilding a server per
 * request (the cost `StatelessHttpTransport` avoids).
 *
 * What an upgrade could break: `Server` removed (v2 moves it to `@modelcontextprotocol/server`), or its
 * `initialize` answer changed (protocol version negotiation, `serverInfo`, `instructions`, capabilities).
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- bypass 1 (above): the only place the app names the low-level Server
export type ProtocolServer = Server;

/** A low-level protocol server (bypass 1). */
export function createProtocolServer(info: Implementation, options: ServerOptions): ProtocolServer {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- bypass 1 (above)
  return new Server(info, options);
}

/** What a handler installed past `Server` gets: the request as its loose schema parsed it, and its id. */
export type LooseRequestHandler = (request: { params?: unknown }, extra: { requestId: RequestId }) => ServerResult | Promise<ServerResult>;

/**
 * Bypass 2, a request handler installed with `Protocol.prototype.setRequestHandler` on a `Server`.
 *
 * What: registers `handler` for the method of `schema` (a loose zod schema: the method literal, any
 * params) on the protocol layer, skipping `Server.setRequestHandler`'s override.
 *
 * Why: for `tools/call`, `Server.setRequestHandler` wraps the handler so that the request is parsed with
 * the SDK's `CallToolRequestSchema` (malformed params: an error carrying a zod dump instead of the
 * readable -32602 of `readToolCallParams`) and the result is re-parsed with `CallToolResultSchema`, which
 * returns a copy: the result object the handler returned would no longer reach the transport, and
 * `messageJson` could not write it from its kept JSON text (bypass 4). No public option turns the
 * wrapper off (`fallbackRequestHandler` would also catch unknown methods, whose -32601 "Method not found"
 * answer would then have to be copied).
 *
 * What an upgrade could break: `Protocol.prototype.setRequestHandler` renamed or changed in arity
 * (schema, handler); the protocol layer no longer parsing with the schema given (so `params` arrives
 * unparsed or refused); `Server` adding checks or validation on the protocol layer itself.
 */
export function setRequestHandlerPastServer(server: ProtocolServer, schema: { shape: object }, handler: LooseRequestHandler): void {
  // The method is typed for Protocol's own generics; the schema is a zod object with a method literal, as it expects.
  (Protocol.prototype.setRequestHandler as (this: ProtocolServer, schema: unknown, handler: LooseRequestHandler) => void).call(
    server,
    schema,
    handler,
  );
}

/**
 * Bypass 4 (bypass 3 is `StatelessHttpTransport`, in ./stateless-transport.ts), a copy of the SDK's
 * answer envelope.
 *
 * What: writes the JSON text of a result answer as `JSON.stringify` writes the object the SDK's
 * `Protocol` sends for a handler's result, `{ result, jsonrpc: '2.0', id }` in that key order, from the
 * result's JSON text (`messageJson` in tool-call.ts knows the text of a tool result without serializing
 * it again).
 *
 * Why: the SDK has no hook for serializing an answer; a transport gets the message object. Writing the
 * envelope here keeps the bytes on the wire identical to the plain `JSON.stringify` path.
 *
 * What an upgrade could break: `Protocol` building the answer with other keys or another key order (the
 * kept-text answers would then differ in bytes from the others, still valid JSON-RPC), or passing the
 * transport a copy of the handler's result instead of the same object (`messageJson` then falls back to
 * `JSON.stringify`: same text, the saving lost).
 */
export function resultAnswerJson(resultJson: string, id: RequestId): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}
