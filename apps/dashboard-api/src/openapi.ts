import type { Operation } from '@propfolio/core';
import { inputParameters, openApiPath, openApiShell, operationPaths, problemResponse, type OperationDoor } from '@propfolio/core/openapi';
import { DASHBOARD_ROUTES, type DashboardRoute } from './api-routes.js';
import { SESSION_COOKIE } from './http/cookies.js';

const SESSION = [{ session: [] }];
const WRITING = [{ session: [], csrf: [] }];
const writes = (method: string) => method !== 'get';

/** What the dashboard adds to an operation it serves at its /api/v1 path: the session instead of a key. */
const RECORDS_DOOR: OperationDoor = {
  tags: () => ['Records'],
  security: (operation) => (writes(operation.rest.method.toLowerCase()) ? WRITING : SESSION),
  headers: () => [],
  problems: (operation) => responses(sessionProblems(operation.rest.method.toLowerCase(), 'session')),
};

/** 401 without a session, 403 for a cross-origin write, a missing CSRF token or a non-admin. */
function sessionProblems(method: string, access: DashboardRoute['access']): Record<string, string> {
  const forbidden = [
    ...(writes(method) ? ['a cross-origin request', 'a missing or wrong X-CSRF-Token'] : []),
    ...(access === 'admin' ? ['not an administrator'] : []),
  ];
  return {
    ...(access === 'public' ? {} : { '401': 'Not signed in (session_required)' }),
    ...(forbidden.length > 0 ? { '403': `Refused (forbidden): ${forbidden.join(', ')}` } : {}),
  };
}

/** Problem responses from texts by status; two texts for one status are joined. */
function responses(...texts: Record<string, string>[]): Record<string, unknown> {
  const joined: Record<string, string> = {};
  for (const [status, text] of texts.flatMap((t) => Object.entries(t)))
    joined[status] = joined[status] ? `${joined[status]}; ${text}` : text;
  return Object.fromEntries(Object.entries(joined).map(([status, text]) => [status, problemResponse(text)]));
}

const TAGS: Record<DashboardRoute['access'], string> = { public: 'Session', session: 'Account', admin: 'Admin' };

function routeObject(route: DashboardRoute): Record<string, unknown> {
  const input = route.input ? inputParameters(route.input, route.method.toUpperCase(), route.path) : { parameters: [] };
  const body = input.requestBody as { content: { 'application/json': { schema: { properties: object } } } } | undefined;
  const hasBody = body !== undefined && Object.keys(body.content['application/json'].schema.properties).length > 0;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [TAGS[route.access]],
    security: route.access === 'public' ? [{}, ...SESSION] : writes(route.method) ? WRITING : SESSION,
    parameters: input.parameters,
    ...(hasBody ? { requestBody: body } : {}),
    responses: {
      [String(route.status)]: route.answer
        ? { description: 'Success', content: { 'application/json': { schema: JSON.parse(JSON.stringify(route.answer)) as unknown } } }
        : { description: 'Done (no content)' },
      ...responses(
        route.input ? { '400': 'Invalid input (validation_failed, invalid_json)' } : {},
        sessionProblems(route.method, route.access),
        route.problems ?? {},
        { '429': 'Rate limit reached; see Retry-After' },
      ),
    },
  };
}

/**
 * OpenAPI 3.1 of /app/api: the dashboard's own routes (api-routes.ts, their contract classes and answer
 * schemas) and the record routes, which are the private operations at their /api/v1 paths with a session.
 */
export function dashboardOpenApiDocument(operations: readonly Operation[], prefix: string): Record<string, unknown> {
  const paths = operationPaths(
    operations.filter((op) => op.auth === 'key'),
    prefix,
    RECORDS_DOOR,
  );
  for (const route of Object.values(DASHBOARD_ROUTES)) {
    const path = openApiPath(prefix, route.path);
    paths[path] ??= {};
    paths[path][route.method] = routeObject(route);
  }
  return openApiShell({
    title: 'Propfolio dashboard API',
    description:
      'The web dashboard’s own API: sign-in and sessions (cookie), API keys, the trash, administration, and the ' +
      'private records as on /api/v1. Every write needs the X-CSRF-Token from the session answer and a same-origin ' +
      'request; an API key is refused here. Every error is RFC 9457 problem+json with a stable `code`.',
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set at sign-in.' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The `csrfToken` of the session answer.' },
    },
    paths,
  });
}
