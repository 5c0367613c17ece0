import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** One POST waiting for its answers. */
interface Exchange<C> {
  res: Response;
  context: C;
  /** The answer to each of the client's request ids, in the order the ids first appear in the POST. */
  answers: Map<RequestId, JSONRPCMessage | undefined>;
  unanswered: number;
  /** The ids the server sees for this POST's requests (see `StatelessHttpTransport`). */
  serverIds: number[];
}

/**
 * Writes the way the SDK's transport does (plain `application/json`, not Express's `; charset=utf-8`),
 * so that clients see the same answers as before.
 */
function reply(res: Response, status: number, body: string): void {
  if (res.headersSent) return;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(body);
}

function refuse(res: Response, status: number, code: number, message: string): void {
  reply(res, status, JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** A header as fetch's Headers reads it: repeated fields joined with ", " (Node keeps only the first Content-Type). */
function header(req: IncomingMessage, name: string): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === name) values.push(req.rawHeaders[i + 1] ?? '');
  }
  return values.length > 0 ? values.join(', ') : undefined;
}

/**
 * Bypass 3, a re-implemented Streamable HTTP server transport (see index.ts for the others).
 *
 * What: the Streamable HTTP POST of a stateless server with JSON answers (no sessions, no SSE), for one
 * protocol server shared by every request of the process. It checks each POST as the SDK's
 * `StreamableHTTPServerTransport` does, with the same statuses and messages (406 Accept, 415
 * Content-Type, 400 -32700 parse errors, 400 -32600 batch size and second `initialize`, 400 -32000
 * unsupported `MCP-Protocol-Version`), without converting the Node request and response to web ones and
 * back. It uses two SDK modules the SDK documents nowhere, reached through its `./*` export:
 * `server/requestBody.js` (`MAX_BATCH_SIZE`) and `shared/mediaType.js` (`isJsonContentType`).
 *
 * Clients number their requests independently (every client's first id is 1), so the server sees each
 * request under an id of its own, unique in the process, and the answer goes back under the client's
 * id. The same id finds the request's context (caller, logger, now): see `contextOf`.
 *
 * Why not `StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })`:
 * since 1.26.0 a stateless SDK transport answers one request only ("cannot be reused across requests")
 * and a `Server` connects to one transport only, so the public way is a new `Server` (with its Ajv) and a
 * new transport per POST, measured at ~1.5 ms per call; one shared server needs the id rewriting above,
 * which no SDK transport does. The refusals are copied so that clients see the same answers as from the
 * SDK's transport.
 *
 * What an upgrade could break: the SDK's transport changing a status or message (ours would then differ
 * from it); `MAX_BATCH_SIZE` or `isJsonContentType` moved or renamed (tsc fails); `SUPPORTED_PROTOCOL_VERSIONS`
 * no longer listing what clients send; `Protocol` no longer answering under the id it received, or
 * handing handlers another `extra.requestId` (`contextOf` would throw "No request in flight").
 */
export class StatelessHttpTransport<C> implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private lastServerId = 0;
  private readonly inFlight = new Map<number, { exchange: Exchange<C>; clientId: RequestId }>();

  /** `serialize` writes one answer as JSON: JSON.stringify, unless the server knows a cheaper way to the same text. */
  constructor(private readonly serialize: (answer: JSONRPCMessage) => string = (answer) => JSON.stringify(answer)) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.inFlight.clear();
    this.onclose?.();
    return Promise.resolve();
  }

  /** The context of the POST that carried the request the server knows as `requestId`. */
  contextOf(requestId: RequestId): C {
    const entry = typeof requestId === 'number' ? this.inFlight.get(requestId) : undefined;
    if (!entry) throw new Error(`No request in flight with id ${String(requestId)}: its client has gone`);
    return entry.exchange.context;
  }

  /** Answers one POST whose JSON body Express has parsed (`req.body`). */
  handlePost(req: Request, res: Response, context: C): void {
    const accept = header(req, 'accept');
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      refuse(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
      return;
    }
    if (!isJsonContentType(header(req, 'content-type'))) {
      refuse(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
      return;
    }
    const raw: unknown = req.body;
    // Express leaves the body unset when the request has none: what the SDK reads then is not JSON.
    if (raw === undefined) {
      refuse(res, 400, -32700, 'Parse error: Invalid JSON');
      return;
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE) {
      refuse(res, 400, -32600, `Invalid Request: Batch must not exceed ${String(MAX_BATCH_SIZE)} messages`);
      return;
    }
    let messages: JSONRPCMessage[];
    try {
      messages = (Array.isArray(raw) ? (raw as unknown[]) : [raw]).map((message) => JSONRPCMessageSchema.parse(message));
    } catch {
      refuse(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
      return;
    }
    // The schemas are strict, so a parsed message is a request exactly when it has both a method and an id.
    const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest => 'method' in message && 'id' in message;
    const initializes = messages.some((message) => 'method' in message && message.method === 'initialize' && isInitializeRequest(message));
    if (initializes && messages.length > 1) {
      refuse(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      return;
    }
    const version = header(req, 'mcp-protocol-version');
    if (!initializes && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      refuse(
        res,
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
      return;
    }

    const exchange: Exchange<C> = { res, context, answers: new Map(), unanswered: 0, serverIds: [] };
    // Every request is registered before any is handled: an answer can come back synchronously.
    const delivered = messages.map((message) => {
      if (!isRequest(message)) return message;
      const serverId = ++this.lastServerId;
      this.inFlight.set(serverId, { exchange, clientId: message.id });
      exchange.serverIds.push(serverId);
      if (!exchange.answers.has(message.id)) {
        exchange.answers.set(message.id, undefined);
        exchange.unanswered++;
      }
      return { ...message, id: serverId };
    });
    const hasRequests = exchange.serverIds.length > 0;
    if (hasRequests) res.on('close', () => this.forget(exchange));
    for (const message of delivered) {
      // A cancellation can only name a request of the same POST here (no sessions), under the client's id,
      // which may be another client's server id: it is dropped, and the request answered as if it came late.
      if ('method' in message && message.method === 'notifications/cancelled') continue;
      this.onmessage?.(message);
    }
    // Answers to requests go out from `send`, some already during the loop (an unknown method is answered at once).
    if (!hasRequests) {
      res.statusCode = 202;
      res.end();
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    // Only answers go out: with JSON answers and no sessions there is no stream for notifications.
    if (!('result' in message) && !('error' in message)) return Promise.resolve();
    const entry = typeof message.id === 'number' ? this.inFlight.get(message.id) : undefined;
    if (!entry) return Promise.resolve(); // the client has gone
    this.inFlight.delete(message.id as number);
    const { exchange, clientId } = entry;
    // A batch that repeats an id gets one answer for it, the first (as from the SDK's transport).
    if (exchange.answers.get(clientId) !== undefined) return Promise.resolve();
    exchange.answers.set(clientId, { ...message, id: clientId });
    if (--exchange.unanswered === 0) {
      const answers = [...exchange.answers.values()].map((answer) => this.serialize(answer as JSONRPCMessage));
      reply(exchange.res, 200, answers.length === 1 ? (answers[0] as string) : `[${answers.join(',')}]`);
    }
    return Promise.resolve();
  }

  private forget(exchange: Exchange<C>): void {
    for (const serverId of exchange.serverIds) this.inFlight.delete(serverId);
  }
}
