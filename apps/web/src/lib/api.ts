/**
 * The dashboard's only door to the server: /app/api (cookie session + CSRF token) for the signed-in
 * user's records, /api/v1 for the public catalog, articles and EA tools. Every failure becomes an
 * ApiError carrying the problem+json `code`, the same code REST and MCP answer.
 *
 * A call's answer type comes from its path, looked up in the types generated from the committed OpenAPI
 * documents (docs/openapi): `app.get(`/challenges/${id}`)` answers get_challenge's JSON, so no call site
 * names a wire shape by hand.
 */
import type { JsonAnswer } from '@propfolio/core/openapi';
import type { components, paths as DashboardPaths } from '../generated/dashboard-api';
import type { paths as RestPaths } from '../generated/rest-api';
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: { field?: string; message?: string }[] = [],
    /** The figures the problem is about (the problem's `facts`), e.g. reportedDays of insufficient_history. */
    readonly facts: Readonly<Record<string, number | string>> = {},
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

type Problem = components['schemas']['Problem'];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(base: string, method: Method, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file (a trade's screenshot) travels as itself, with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = raw ? body.type : 'application/json';
  if (method !== 'GET' && csrfToken && base === '/app/api') headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(withQuery(base + path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    // A problem+json answer, or whatever a proxy sent instead: every field may be missing.
    const p = (data ?? {}) as Partial<Problem>;
    throw new ApiError(res.status, p.code ?? `http_${res.status}`, p.detail ?? p.title ?? res.statusText, p.errors ?? [], p.facts ?? {});
  }
  return data as T;
}

type Verb = 'get' | 'post' | 'patch' | 'delete';

/** An OpenAPI path as the strings that call it: each `{parameter}` stands for any text. */
type Pattern<K extends string> = K extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Pattern<Tail>}` : K;

/** The OpenAPI paths under `Prefix` that have a `V` operation. */
type RoutesOf<Paths, Prefix extends string, V extends Verb> = {
  [K in keyof Paths & string]: K extends `${Prefix}${string}`
    ? [NonNullable<Paths[K][V & keyof Paths[K]]>] extends [never]
      ? never
      : K
    : never;
}[keyof Paths & string];

type Local<K extends string, Prefix extends string> = K extends `${Prefix}${infer Rest}` ? Pattern<Rest> : never;

/** Of the routes a path matches, the most specific (`/challenges/x/rules` matches `{id}` and `{id}/rules`). */
type MostSpecific<Matched extends string, Prefix extends string, All extends string = Matched> = Matched extends unknown
  ? true extends (
      Exclude<All, Matched> extends infer Other extends string
        ? Other extends unknown
          ? Local<Other, Prefix> extends Local<Matched, Prefix>
            ? true
            : never
          : never
        : never
    )
    ? never
    : Matched
  : never;

type RouteOf<Paths, Prefix extends string, V extends Verb, P extends string> = MostSpecific<
  { [K in RoutesOf<Paths, Prefix, V>]: P extends Local<K, Prefix> ? K : never }[RoutesOf<Paths, Prefix, V>],
  Prefix
>;

/** The strings a client may call with `V` (each OpenAPI path with its parameters as any text). */
export type CallPath<Paths, Prefix extends string, V extends Verb> = Local<RoutesOf<Paths, Prefix, V>, Prefix>;

/** A JSON answer, or undefined for a route whose success has no body (204). */
type BodyOf<Route> = [JsonAnswer<Route>] extends [never] ? undefined : JsonAnswer<Route>;

/** The JSON answer of `V path`, where the path is a string the client was called with. */
export type Answer<Paths, Prefix extends string, V extends Verb, P extends string> = P extends unknown
  ? BodyOf<Paths[RouteOf<Paths, Prefix, V, P> & keyof Paths][V & keyof Paths[RouteOf<Paths, Prefix, V, P> & keyof Paths]]>
  : never;

export type AppPath<V extends Verb> = CallPath<DashboardPaths, '/app/api', V>;
/** The answer of `V path` on /app/api (`path` as called, e.g. `/challenges/${string}`). */
export type AppCall<V extends Verb, P extends string> = Answer<DashboardPaths, '/app/api', V, P>;
type PubPath<V extends Verb> = CallPath<RestPaths, '/api/v1', V>;
/** The answer of `V path` on /api/v1. */
export type PubCall<V extends Verb, P extends string> = Answer<RestPaths, '/api/v1', V, P>;

export const app = {
  get: <P extends AppPath<'get'>>(path: P, query?: Query) => request<AppCall<'get', P>>('/app/api', 'GET', path, undefined, query),
  post: <P extends AppPath<'post'>>(path: P, body: unknown = {}) => request<AppCall<'post', P>>('/app/api', 'POST', path, body),
  patch: <P extends AppPath<'patch'>>(path: P, body: unknown) => request<AppCall<'patch', P>>('/app/api', 'PATCH', path, body),
  del: <P extends AppPath<'delete'>>(path: P) => request<AppCall<'delete', P>>('/app/api', 'DELETE', path),
};

/**
 * A call on /app/api by a path the generated types do not name (yet): the caller states the answer's shape. Only
 * components/trades/contract.ts uses it, for the journal's routes added while the types were not regenerated.
 */
export const appUntyped = <T>(method: Method, path: string, options: { query?: Query; body?: unknown } = {}) =>
  request<T>('/app/api', method, path, options.body, options.query);

export const pub = {
  get: <P extends PubPath<'get'>>(path: P, query?: Query) => request<PubCall<'get', P>>('/api/v1', 'GET', path, undefined, query),
  post: <P extends PubPath<'post'>>(path: P, body: unknown) => request<PubCall<'post', P>>('/api/v1', 'POST', path, body),
};
