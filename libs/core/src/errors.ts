import type { RateDecision } from './rate-limiter.js';

/**
 * The one error type every lib throws for a client-visible failure. REST turns it into RFC 9457
 * problem+json and MCP into an `isError` tool result, both carrying the same `code` and `detail`.
 */
export interface FieldError {
  /** Dotted path of the offending input field, e.g. `price` or `changes.2.value`. */
  field: string;
  message: string;
}

export type ErrorCode =
  | 'validation_failed'
  | 'invalid_json'
  | 'not_found'
  | 'conflict'
  | 'challenge_closed'
  | 'account_archived'
  | 'unauthorized'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'forbidden'
  | 'session_required'
  | 'invalid_credentials'
  | 'signup_closed'
  | 'invite_invalid'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'idempotency_key_reused'
  | 'insufficient_history'
  | 'rules_unknown'
  | 'statement_rejected'
  | 'too_costly'
  | 'job_aborted'
  | 'position_rejected'
  | 'calendar_rejected'
  | 'mixed_currencies'
  | 'service_unavailable'
  | 'internal_error';

const TITLES: Record<ErrorCode, [status: number, title: string]> = {
  validation_failed: [400, 'Invalid request'],
  invalid_json: [400, 'Malformed JSON'],
  not_found: [404, 'Not found'],
  conflict: [409, 'Conflict'],
  challenge_closed: [409, 'Challenge is closed'],
  account_archived: [409, 'Account is archived'],
  unauthorized: [401, 'Authentication required'],
  invalid_token: [401, 'Invalid API key'],
  insufficient_scope: [403, 'Insufficient scope'],
  forbidden: [403, 'Forbidden'],
  session_required: [401, 'Sign-in required'],
  invalid_credentials: [401, 'Invalid credentials'],
  signup_closed: [403, 'Sign-up closed'],
  invite_invalid: [400, 'Invalid invite'],
  method_not_allowed: [405, 'Method not allowed'],
  payload_too_large: [413, 'Payload too large'],
  unsupported_media_type: [415, 'Unsupported media type'],
  rate_limited: [429, 'Too many requests'],
  idempotency_key_reused: [422, 'Idempotency key reused'],
  insufficient_history: [422, 'Not enough history'],
  rules_unknown: [422, 'Rules unknown'],
  statement_rejected: [422, 'Statement not importable'],
  too_costly: [422, 'Too costly to compute'],
  job_aborted: [422, 'Job aborted'],
  position_rejected: [422, 'Position not accepted'],
  calendar_rejected: [422, 'Calendar not importable'],
  mixed_currencies: [422, 'Currencies not added up'],
  service_unavailable: [503, 'Service unavailable'],
  internal_error: [500, 'Internal error'],
};

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  /** The figures the problem is about, by name, for a client to show without parsing `detail`. */
  facts?: ProblemFacts;
}

export type ProblemFacts = Readonly<Record<string, number | string>>;

export class AppError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly facts?: ProblemFacts,
  ) {
    super(detail);
    this.name = 'AppError';
    const [status, title] = TITLES[code];
    this.status = status;
    this.title = title;
  }

  static validation(detail: string, errors?: FieldError[]): AppError {
    return new AppError('validation_failed', detail, errors);
  }

  /** A single invalid field, with the detail derived from it so REST and MCP read the same. */
  static invalidField(field: string, message: string): AppError {
    return new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} not found.`);
  }

  /**
   * 429 rate_limited for a refused decision: for a person, what was refused (`what`, e.g. "Too many sign-in
   * attempts") and when to retry; for a client, as facts, the figures the RateLimit headers carry (`limit` per
   * `windowSeconds`, `resetSeconds` until the window ends).
   */
  static rateLimited(what: string, { limit, windowSeconds, resetSeconds }: RateDecision): AppError {
    return new AppError('rate_limited', `${what}; retry after ${resetSeconds} s.`, undefined, { limit, windowSeconds, resetSeconds });
  }

  /** 413 payload_too_large: `detail` for a person, and the most the body or file may have as `limitBytes` for a client. */
  static payloadTooLarge(detail: string, limitBytes: number): AppError {
    return new AppError('payload_too_large', detail, undefined, { limitBytes });
  }

  static conflict(detail: string, code: 'conflict' | 'challenge_closed' | 'account_archived' = 'conflict'): AppError {
    return new AppError(code, detail);
  }

  toProblem(): ProblemDetails {
    return {
      type: `https://propfolio.dev/problems/${this.code.replace(/_/g, '-')}`,
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...(this.facts ? { facts: this.facts } : {}),
    };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
