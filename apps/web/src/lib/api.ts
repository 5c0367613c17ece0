/**
 * The dashboard's only door to the server: /app/api (cookie session + CSRF token) for the signed-in
 * user's records, /api/v1 for the public catalog, articles and EA tools. Every failure becomes an
 * ApiError carrying the problem+json `code`, the same code REST and MCP answer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: { field?: string; message?: string }[] = [],
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

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
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken && base === '/app/api') headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(withQuery(base + path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
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
    const p = (data ?? {}) as { code?: string; detail?: string; title?: string; errors?: { field?: string; message?: string }[] };
    throw new ApiError(res.status, p.code ?? `http_${res.status}`, p.detail ?? p.title ?? res.statusText, p.errors ?? []);
  }
  return data as T;
}

export const app = {
  get: <T>(path: string, query?: Query) => request<T>('/app/api', 'GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => request<T>('/app/api', 'POST', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('/app/api', 'PATCH', path, body),
  del: <T>(path: string) => request<T>('/app/api', 'DELETE', path),
};

export const pub = {
  get: <T>(path: string, query?: Query) => request<T>('/api/v1', 'GET', path, undefined, query),
  post: <T>(path: string, body: unknown) => request<T>('/api/v1', 'POST', path, body),
};
