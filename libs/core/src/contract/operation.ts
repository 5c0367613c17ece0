import type { Logger } from '../logger.js';
import type { Constructor } from './parse-input.js';

/** What a credential may do: `full` every key operation, `tracker` only those marked `tracker: true`. */
export type Scope = 'full' | 'tracker';

/** The authenticated user behind a request (from a valid API key, or a dashboard session). */
export interface Caller {
  userId: string;
  userName: string;
  /** The credential itself, `key:<id>` or `session:<id>`: the rate-limit bucket and the audit identity. */
  credentialId: string;
  scope: Scope;
}

export interface OperationContext {
  /** null for requests without an API key (public operations only). */
  caller: Caller | null;
  logger: Logger;
  /** "Now" for this request; injectable so date rules can be tested. */
  now: Date;
  /**
   * Where the request came from (the HTTP kit's client address, proxy-aware), for per-client limits of
   * anonymous callers. Absent outside HTTP (tests, command-line tools).
   */
  clientAddress?: string;
  /**
   * True when the front door already holds the caller's kept answers back for the whole request: a POST with an
   * Idempotency-Key, whose unit commits only after the operation returns, so the hold must outlast the operation.
   * The answer cache's write wrapper then leaves the hold to it: one place enters the cache per write.
   */
  answersHeld?: boolean;
  /** The raw body of an operation that takes one (`rest.upload`), as the front door read it within its bound. */
  upload?: Upload;
}

/** A raw request body (an image), with the media type the client declared for it (not trusted: the operation checks it). */
export interface Upload {
  bytes: Buffer;
  contentType: string;
}

/**
 * A body that is not JSON but the raw bytes of a file (a screenshot): the front doors take only these media types
 * (415 before reading), read at most `limitBytes` (413 naming the bound, the rest never read) and hand the bytes to
 * the operation as `context.upload`; the rest of its input then comes from the query and the path.
 */
export interface RestUpload {
  types: readonly string[];
  limitBytes: number;
}

interface RestBinding {
  method: 'GET' | 'POST' | 'PATCH';
  /** Express-style path under /api/v1, e.g. `/challenges/:id`. Path params are merged into the input. */
  path: string;
  /** Status of a successful answer (default 200). */
  status?: number;
  /**
   * A larger JSON body limit for this route than the server's BODY_LIMIT_BYTES, for an operation that
   * takes a whole file (a statement); every front door that parses bodies honours it.
   */
  bodyLimitBytes?: number;
  /** POST only: the body is a file's raw bytes, not JSON (see RestUpload). */
  upload?: RestUpload;
}

/** A file answer over REST: body as text, sent with its content type as an attachment named `filename`. */
export interface RestFile {
  contentType: string;
  filename: string;
  body: string;
  /**
   * Answered by every HTTP door, the dashboard's /app/api too, not only REST: for an operation whose only form is the
   * file (the trades' CSV export), where the dashboard has no JSON to make the download from.
   */
  everyDoor?: boolean;
  /**
   * The cursor of the next file when this one is a page of a longer answer: sent as `Link: <this URL with
   * cursor=…>; rel="next"` and as `X-Next-Cursor`.
   */
  nextCursor?: string | null;
}

/**
 * A binary answer (a stored image), sent by every HTTP door as its own bytes and type, never sniffed, never run as a
 * page: `nosniff`, `Content-Security-Policy: default-src 'none'`, inline, private, with `etag` (strong) as its ETag.
 */
export interface RestBytes {
  contentType: string;
  body: Buffer;
  /** A strong validator of these exact bytes, quoted (`"…"`). */
  etag: string;
}

/**
 * One operation, defined once and served by both front doors: the REST route and the MCP tool of the
 * same name take the same input contract, run the same code and fail with the same errors.
 */
export interface Operation<Input extends object = object, Output = unknown> {
  /** MCP tool name (snake_case); also the OpenAPI operationId. */
  name: string;
  title: string;
  /** Written for agents: when to use it and what it returns. Also the OpenAPI description. */
  description: string;
  /** `key`: needs an API key and acts on the caller's own records. `public`: no key needed. */
  auth: 'key' | 'public';
  /** class-validator contract of the input (query or body plus path params). */
  input: Constructor<Input>;
  /** JSON Schema of the output (a typebox schema), the MCP outputSchema and the OpenAPI response. */
  output: object;
  /** Truthful behaviour hints (MCP annotations). Nothing here deletes records. */
  readOnly: boolean;
  idempotent: boolean;
  /**
   * Set on a read whose answer is a function of its input, the day and stored records only: `caller`
   * (the caller's own records, plus the catalog) or `catalog` (the public catalog alone). Such answers
   * are kept in the answer cache until a write changes those records (see @propfolio/operations).
   */
  cacheable?: 'caller' | 'catalog';
  rest: RestBinding;
  /** false for REST-only operations (the EA tracker's feed); every other operation is also an MCP tool. */
  mcp?: boolean;
  /** true when a `tracker`-scoped key may run it (the EA tracker's own needs); key operations only. */
  tracker?: boolean;
  /** REST only: when this returns a file for the output (e.g. a CSV export), it is the answer instead of JSON. */
  restFile?(output: Output): RestFile | null;
  /** Over HTTP (REST and /app/api alike) the answer is these bytes instead of JSON; such an operation is never an MCP tool. */
  restBytes?(output: Output): RestBytes;
  /**
   * Checks on the raw input that need no per-item validation (a list's length, that the caller owns the record the
   * path names), run before the contract validates every item: a message far over its bounds, or to another's
   * record, is refused in milliseconds instead of after seconds of validation.
   */
  admit?(context: OperationContext, raw: Record<string, unknown>): Promise<void>;
  /**
   * The contract's validation done by the operation itself, for an input whose long list is validated in slices
   * (other requests are answered between them); the result must equal `parseInput(input, raw)`.
   */
  parse?(raw: unknown): Promise<Input>;
  run(context: OperationContext, input: Input): Promise<Output>;
}

/** Identity helper that keeps Input and Output inferred for each definition. */
export function defineOperation<Input extends object, Output>(operation: Operation<Input, Output>): Operation<Input, Output> {
  return operation;
}
