import type { Operation } from '@propfolio/core';
import { openApiShell, operationPaths, problemResponse, type OperationDoor } from '@propfolio/core/openapi';

/** What REST adds to an operation: the API key, Idempotency-Key on private POSTs, and their problems. */
const REST_DOOR: OperationDoor = {
  tags: (operation) => [operation.auth === 'key' ? 'Private (API key)' : 'Public'],
  security: (operation) => (operation.auth === 'key' ? [{ apiKey: [] }] : [{}, { apiKey: [] }]),
  headers: (operation) =>
    operation.rest.method === 'POST' && operation.auth === 'key'
      ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]
      : [],
  problems: (operation) => ({
    '401': problemResponse('Missing or invalid API key'),
    ...(operation.rest.method === 'POST' && operation.auth === 'key'
      ? { '422': problemResponse('Idempotency-Key reused with another body') }
      : {}),
  }),
};

/** OpenAPI 3.1 built from the operation definitions: the same contracts that validate each request. */
export function openApiDocument(operations: readonly Operation[], prefix: string): Record<string, unknown> {
  return openApiShell({
    title: 'Propfolio API',
    description:
      'Track prop-firm challenges, payouts, memos and EA accounts (API key), and look up prop-firm plans, ' +
      'articles and EA settings (public). Records are never deleted through the API. Every error is RFC 9457 ' +
      'problem+json with a stable `code`.',
    securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: eakey_…' } },
    paths: operationPaths(operations, prefix, REST_DOOR),
  });
}
