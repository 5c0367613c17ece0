/**
 * The v1 REST surface a client depends on, read from an OpenAPI document: for each operation, the request fields
 * (parameters and body) and the fields of its success answers, each with whether it is required. Two surfaces
 * compared give the changes that can break a client written against the older one.
 */

type Schema = { [key: string]: unknown };
/** `METHOD /path` → `request` or an answer status → field path → required. */
export type ApiSurface = Record<string, Record<string, Record<string, boolean>>>;

export interface Break {
  operation: string;
  field: string;
  change: 'operation removed' | 'field removed' | 'no longer always in the answer' | 'now required in the request';
}

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every field path under `schema` (`a`, `a.b`, `list[].c`), required when its own object requires it in every variant. */
function fields(document: Schema, schema: unknown, prefix: string, out: Record<string, boolean>, depth = 0): void {
  if (!isObject(schema) || depth > 12) return;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
    fields(document, target, prefix, out, depth + 1);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const variants = schema[key];
    if (Array.isArray(variants)) for (const variant of variants) fields(document, variant, prefix, out, depth + 1);
  }
  if (isObject(schema.items)) fields(document, schema.items, `${prefix}[]`, out, depth + 1);
  if (!isObject(schema.properties)) return;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [name, sub] of Object.entries(schema.properties)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    // a field another variant makes optional is optional
    out[path] = (out[path] ?? true) && required.has(name);
    fields(document, sub, path, out, depth + 1);
  }
}

export function apiSurface(document: Schema): ApiSurface {
  const surface: ApiSurface = {};
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const parts: Record<string, Record<string, boolean>> = {};
      const request: Record<string, boolean> = {};
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (isObject(parameter) && typeof parameter.name === 'string')
          request[`${String(parameter.in)}.${parameter.name}`] = parameter.required === true;
      }
      const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      const bodySchema = Object.values(body).find(isObject)?.schema;
      if (bodySchema !== undefined) fields(document, bodySchema, 'body', request);
      parts.request = request;
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2') || !isObject(response) || !isObject(response.content)) continue;
        const json = response.content['application/json'];
        const answer: Record<string, boolean> = {};
        if (isObject(json)) fields(document, json.schema, '', answer);
        parts[status] = answer;
      }
      surface[`${method.toUpperCase()} ${path}`] = parts;
    }
  }
  return surface;
}

/** What a client written against `before` can trip on in `after`. Additions and relaxed requests are not breaks. */
export function breakingChanges(before: ApiSurface, after: ApiSurface): Break[] {
  const breaks: Break[] = [];
  for (const [operation, parts] of Object.entries(before)) {
    const now = after[operation];
    if (!now) {
      breaks.push({ operation, field: '', change: 'operation removed' });
      continue;
    }
    for (const [part, was] of Object.entries(parts)) {
      const is = now[part] ?? {};
      for (const [field, required] of Object.entries(was)) {
        if (!(field in is)) breaks.push({ operation, field, change: 'field removed' });
        else if (part !== 'request' && required && !is[field]) breaks.push({ operation, field, change: 'no longer always in the answer' });
      }
      if (part === 'request') {
        for (const [field, required] of Object.entries(is)) {
          // Inside an object or list the old surface did not have, a required field is part of a new optional addition:
          // a client that never sends the parent never meets it.
          const parent = field.slice(0, Math.max(0, field.lastIndexOf('.'))).replace(/\[\]$/, '');
          const parentIsNew = parent.includes('.') && !(parent in was);
          if (required && was[field] !== true && !parentIsNew) breaks.push({ operation, field, change: 'now required in the request' });
        }
      }
    }
  }
  return breaks;
}
