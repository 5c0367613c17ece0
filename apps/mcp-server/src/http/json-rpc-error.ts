import type { Response } from 'express';
import type { AppError } from '@propfolio/core';

/** JSON-RPC codes for refusals that happen before a message reaches the MCP server (HTTP layer). */
const HTTP_REFUSAL_CODES: Record<number, number> = { 401: -32001, 403: -32003, 429: -32029, 503: -32053 };

export function jsonRpcError(
  res: Response,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json({ jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id: null });
}

/**
 * An AppError refusal (401, 429, 503, 400…) as a JSON-RPC error with the same HTTP status: MCP clients read
 * JSON-RPC, not problem+json. `message` starts with the same `code: detail` as REST, `data` is the problem.
 */
export function refuseAsJsonRpc(res: Response, error: AppError, headers: Record<string, string>): void {
  if (error.code === 'unauthorized') headers = { ...headers, 'WWW-Authenticate': 'Bearer' };
  if (error.code === 'invalid_token') headers = { ...headers, 'WWW-Authenticate': 'Bearer error="invalid_token"' };
  const code = HTTP_REFUSAL_CODES[error.status] ?? (error.status === 400 ? -32600 : -32000);
  jsonRpcError(res, error.status, code, `${error.code}: ${error.detail}`, headers, error.toProblem());
}
