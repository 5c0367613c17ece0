import { contractSchema, type JsonSchema } from './json-schema.js';
import type { Operation } from './operation.js';
import type { Constructor } from './parse-input.js';

/**
 * The OpenAPI 3.1 pieces every front door's document is built from (REST at /api/v1, the dashboard's API
 * at /app/api): one problem schema, one way to turn an Express path and an input contract into parameters
 * and a request body, one document shell. Imported as `@propfolio/core/openapi`.
 */

export const PROBLEM_SCHEMA: JsonSchema = {
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
    facts: {
      type: 'object',
      description:
        'The figures the problem is about, by name: insufficient_history `reportedDays`, `neededDays`; rate_limited `limit` (requests per window), `windowSeconds`, `resetSeconds` (until the window ends, as Retry-After); payload_too_large `limitBytes`; rules_unknown `missing` (the unknown rule parts, comma-separated; `errors` names each as a field).',
      additionalProperties: { type: ['number', 'string'] },
    },
  },
};

/** A problem+json response, pointing at the document's `Problem` schema. */
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The names of an Express path's parameters (`/challenges/:id` → `id`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
}

/** An Express path as an OpenAPI path under `prefix` (`/challenges/:id` → `/api/v1/challenges/{id}`). */
export const openApiPath = (prefix: string, path: string): string => `${prefix}${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

export interface OpenApiParameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

/**
 * Parameters and request body of a route from its input contract, split as the front doors merge them:
 * the path's parameters, then the rest in the query (GET, DELETE) or in a JSON body that refuses unknown fields.
 */
export function inputParameters(
  input: Constructor<object>,
  method: string,
  path: string,
): { parameters: OpenApiParameter[]; requestBody?: unknown } {
  const schema = contractSchema(input) as { properties: Record<string, JsonSchema>; required?: string[] };
  const inPath = pathParams(path);
  const required = new Set(schema.required ?? []);
  const parameters: OpenApiParameter[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: schema.properties[name] ?? { type: 'string' },
  }));
  const rest = Object.entries(schema.properties).filter(([name]) => !inPath.includes(name));
  if (method === 'GET' || method === 'DELETE') {
    for (const [name, field] of rest) parameters.push({ name, in: 'query', required: required.has(name), schema: field });
    return { parameters };
  }
  const bodyRequired = rest.map(([name]) => name).filter((name) => required.has(name));
  const requestBody = {
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
  return { parameters, requestBody };
}

/** What a front door adds to an operation's entry: who may call it and the answers only that door gives. */
export interface OperationDoor {
  tags: (operation: Operation) => string[];
  security: (operation: Operation) => unknown[];
  /** Headers the door reads besides the input (e.g. Idempotency-Key), after the input's parameters. */
  headers: (operation: Operation) => OpenApiParameter[];
  /** The door's own problem responses by status (e.g. 401 without a key), besides the ones every door gives. */
  problems: (operation: Operation) => Record<string, unknown>;
}

/** One operation's OpenAPI entry as `door` serves it: the same contract, output schema and common problems everywhere. */
function operationObject(operation: Operation, door: OperationDoor): Record<string, unknown> {
  const upload = operation.rest.upload;
  // A file upload's body is the file itself: its other fields are in the query, as for a read.
  const { parameters, requestBody } = upload
    ? { ...inputParameters(operation.input, 'GET', operation.rest.path), requestBody: uploadBody(upload.types) }
    : inputParameters(operation.input, operation.rest.method, operation.rest.path);
  return {
    operationId: operation.name,
    summary: operation.title,
    description: operation.description,
    tags: door.tags(operation),
    security: door.security(operation),
    parameters: [...parameters, ...door.headers(operation)],
    ...(requestBody ? { requestBody } : {}),
    // Integer-like keys keep ascending order whatever the insertion order: the door's problems fall into place.
    responses: {
      [String(operation.rest.status ?? 200)]: {
        description: 'Success',
        // A stored file's bytes (restBytes) are the answer itself, under the media types its output schema names.
        content: operation.restBytes
          ? {
              [(operation.output as { contentMediaType?: string }).contentMediaType ?? 'application/octet-stream']: {
                schema: operation.output,
              },
            }
          : {
              'application/json': { schema: operation.output },
              // An operation with a file form (format=csv) answers that file instead.
              ...(operation.restFile ? { 'text/csv': { schema: { type: 'string' } } } : {}),
            },
      },
      '400': problemResponse('Invalid input (validation_failed, invalid_json)'),
      ...door.problems(operation),
      ...(operation.auth === 'key' || pathParams(operation.rest.path).length > 0
        ? { '404': problemResponse('Unknown id (or another user’s)') }
        : {}),
      ...(operation.readOnly
        ? {}
        : {
            '409': problemResponse('Conflict with the record’s state'),
            '413': problemResponse('Body too large'),
            '415': problemResponse(upload ? `Body is not one of ${upload.types.join(', ')}` : 'Body is not JSON'),
          }),
      '429': problemResponse('Rate limit reached; see Retry-After'),
    },
  };
}

/** A raw file body of one of `types` (RestUpload). */
const uploadBody = (types: readonly string[]) => ({
  required: true,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

/** The operations' entries at their REST paths under `prefix`, keyed by OpenAPI path and method. */
export function operationPaths(
  operations: readonly Operation[],
  prefix: string,
  door: OperationDoor,
): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = openApiPath(prefix, operation.rest.path);
    paths[path] ??= {};
    paths[path][operation.rest.method.toLowerCase()] = operationObject(operation, door);
  }
  return paths;
}

export interface OpenApiShell {
  title: string;
  description: string;
  securitySchemes: Record<string, unknown>;
  /** Schemas besides `Problem`, referred to as `#/components/schemas/<name>`. */
  schemas?: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
}

/** The document around the paths: OpenAPI 3.1, served from the site's root, with the shared `Problem` schema. */
export function openApiShell({ title, description, securitySchemes, schemas = {}, paths }: OpenApiShell): Record<string, unknown> {
  return {
    // No `jsonSchemaDialect`: 3.1's default (the OAS base dialect, JSON Schema 2020-12 plus OAS keywords)
    // covers every schema here, and the bundled Swagger UI flags a 2020-12 dialect URI with a red warning.
    openapi: '3.1.0',
    info: { title, version: '1.0.0', description },
    servers: [{ url: '/' }],
    components: { securitySchemes, schemas: { Problem: PROBLEM_SCHEMA, ...schemas } },
    paths,
  };
}

type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/**
 * The JSON body of a route's success answer (its 200 or 201) in the types openapi-typescript generates from
 * these documents: `JsonAnswer<paths['/app/api/keys']['post']>`.
 */
export type JsonAnswer<Route> = Route extends { responses: infer R } ? JsonContent<R[Extract<keyof R, 200 | 201>]> : never;

/** The JSON request body of a route in the generated types. */
export type JsonRequest<Route> = Route extends { requestBody?: infer B } ? JsonContent<NonNullable<B>> : never;
