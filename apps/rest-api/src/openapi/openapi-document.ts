import { contractSchema, type JsonSchema, type Operation } from '@propfolio/core';

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details; `code` is stable and identical over REST and MCP.',
  required: ['type', 'title', 'status', 'code', 'detail'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
}

function operationObject(operation: Operation): Record<string, unknown> {
  const input = contractSchema(operation.input) as { properties: Record<string, JsonSchema>; required?: string[] };
  const inPath = pathParams(operation.rest.path);
  const required = new Set(input.required ?? []);
  const parameters = inPath.map((name) => ({ name, in: 'path', required: true, schema: input.properties[name] ?? { type: 'string' } }));
  const rest = Object.entries(input.properties).filter(([name]) => !inPath.includes(name));
  let requestBody: unknown;
  if (operation.rest.method === 'GET') {
    for (const [name, schema] of rest) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else {
    const bodyRequired = rest.map(([name]) => name).filter((name) => required.has(name));
    requestBody = {
      required: bodyRequired.length > 0,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(rest),
            ...(bodyRequired.length > 0 ? { required: bodyRequired } : {}),
          },
        },
      },
    };
  }
  const headers =
    operation.rest.method === 'POST' && operation.auth === 'key'
      ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]
      : [];
  return {
    operationId: operation.name,
    summary: operation.title,
    description: operation.description,
    tags: [operation.auth === 'key' ? 'Private (API key)' : 'Public'],
    security: operation.auth === 'key' ? [{ apiKey: [] }] : [{}, { apiKey: [] }],
    parameters: [...parameters, ...headers],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(operation.rest.status ?? 200)]: {
        description: 'Success',
        content: {
          'application/json': { schema: operation.output },
          // An operation with a file form (format=csv) answers that file instead.
          ...(operation.restFile ? { 'text/csv': { schema: { type: 'string' } } } : {}),
        },
      },
      '400': problem('Invalid input (validation_failed, invalid_json)'),
      '401': problem('Missing or invalid API key'),
      ...(operation.auth === 'key' || pathParams(operation.rest.path).length > 0
        ? { '404': problem('Unknown id (or another user’s)') }
        : {}),
      ...(operation.readOnly
        ? {}
        : { '409': problem('Conflict with the record’s state'), '413': problem('Body too large'), '415': problem('Body is not JSON') }),
      ...(operation.rest.method === 'POST' && operation.auth === 'key'
        ? { '422': problem('Idempotency-Key reused with another body') }
        : {}),
      '429': problem('Rate limit reached; see Retry-After'),
    },
  };
}

/** OpenAPI 3.1 built from the operation definitions: the same contracts that validate each request. */
export function openApiDocument(operations: readonly Operation[], prefix: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = `${prefix}${operation.rest.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][operation.rest.method.toLowerCase()] = operationObject(operation);
  }
  return {
    // No `jsonSchemaDialect`: 3.1's default (the OAS base dialect, JSON Schema 2020-12 plus OAS keywords)
    // covers every schema here, and the bundled Swagger UI flags a 2020-12 dialect URI with a red warning.
    openapi: '3.1.0',
    info: {
      title: 'Propfolio API',
      version: '1.0.0',
      description:
        'Track prop-firm challenges, payouts, memos and EA accounts (API key), and look up prop-firm plans, ' +
        'articles and EA settings (public). Records are never deleted through the API. Every error is RFC 9457 ' +
        'problem+json with a stable `code`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: eakey_…' } },
      schemas: { Problem: PROBLEM_SCHEMA },
    },
    paths,
  };
}
