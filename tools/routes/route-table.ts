import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * docs/routes.md: every REST operation of the OpenAPI document (written from the operation registry) with the
 * file of its descriptor (`<context>.operations.ts`) and, where it can be read off the descriptor's `run`, the
 * file of the service method it calls. Route decorators are applied at runtime, so without this table the way
 * from a URL to its code is a grep for `path:`.
 */
export const ROOT = join(import.meta.dirname, '..', '..');
export const ROUTES_DOC = join(ROOT, 'docs', 'routes.md');
const OPENAPI = join(ROOT, 'docs', 'openapi', 'rest.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SKIP = new Set(['node_modules', 'dist', 'generated']);

export interface Route {
  method: string;
  path: string;
  operationId: string;
  /** Repository-relative path of the operation's descriptor. */
  descriptor: string;
  /** Repository-relative path of the service method's file, or null where `run` names none to be found. */
  service: string | null;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
}

/** The REST operations of the committed OpenAPI document, in its order. */
export function openApiRoutes(document: OpenApiDocument = JSON.parse(readFileSync(OPENAPI, 'utf8')) as OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operationId = item[method]?.operationId;
      return operationId ? [{ method: method.toUpperCase(), path, operationId }] : [];
    }),
  );
}

function tsFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(path, suffix) : entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** Each operation's descriptor text (from its `name: '…'` to the next descriptor) and the file it is in. */
function descriptors(): Map<string, { file: string; text: string }> {
  const found = new Map<string, { file: string; text: string }>();
  for (const file of tsFiles(join(ROOT, 'libs'), '.operations.ts')) {
    const source = readFileSync(file, 'utf8');
    const names = [...source.matchAll(/\bname:\s*'([a-z0-9_]+)'/g)];
    names.forEach((match, i) => {
      const name = match[1] ?? '';
      if (!found.has(name)) found.set(name, { file, text: source.slice(match.index, names[i + 1]?.index ?? source.length) });
    });
  }
  return found;
}

/** Each class and interface declared under libs/ (specs aside): its file and its text up to the closing brace. */
function declarations(): Map<string, { file: string; body: string }> {
  const found = new Map<string, { file: string; body: string }>();
  for (const file of tsFiles(join(ROOT, 'libs'), '.ts').filter((f) => !f.endsWith('.spec.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^export (?:abstract )?(?:class|interface) ([A-Z][A-Za-z0-9]*)/gm)) {
      const end = source.indexOf('\n}', match.index);
      if (!found.has(match[1] ?? '')) found.set(match[1] ?? '', { file, body: source.slice(match.index, end < 0 ? undefined : end) });
    }
  }
  return found;
}

/**
 * The file of the method the descriptor's `run` calls, followed by type through the members on the way
 * (`services.coach.headroom.forChallenge(` → DomainServices.coach: CoachService → headroom: HeadroomService),
 * or null where `run` calls no such chain.
 */
function serviceFile(descriptor: { file: string; text: string }, types: Map<string, { file: string; body: string }>): string | null {
  const call = /\brun:[^\n]*?\b([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+)\(/.exec(descriptor.text)?.[1]?.split('.');
  if (!call || call.length < 2) return null;
  const [root, ...members] = call;
  const method = members.pop();
  let type = new RegExp(`\\b${root ?? ''}: ([A-Z][A-Za-z0-9]*)\\)`).exec(readFileSync(descriptor.file, 'utf8'))?.[1];
  for (const member of members) {
    const body = type === undefined ? undefined : types.get(type)?.body;
    type = body === undefined ? undefined : new RegExp(`^\\s*(?:readonly )?${member}: ([A-Z][A-Za-z0-9]*)`, 'm').exec(body)?.[1];
  }
  const declared = type === undefined ? undefined : types.get(type);
  const declares = new RegExp(`^\\s*(?:(?:public|async|override)\\s+)*${method ?? ''}\\s*(?:<[^>]*>)?\\(`, 'm');
  return declared && declares.test(declared.body) ? declared.file : null;
}

export function routes(document?: OpenApiDocument): Route[] {
  const byName = descriptors();
  const types = declarations();
  return openApiRoutes(document).map((route) => {
    const descriptor = byName.get(route.operationId);
    if (!descriptor) throw new Error(`${route.operationId}: no descriptor (name: '${route.operationId}') in libs/**/*.operations.ts`);
    const service = serviceFile(descriptor, types);
    return {
      ...route,
      descriptor: relative(ROOT, descriptor.file),
      service: service === null ? null : relative(ROOT, service),
    };
  });
}

/** The page, its table laid out as Prettier lays out a Markdown table. */
export function routesPage(list: Route[] = routes()): string {
  const rows = list.map((r) => [
    r.method,
    `\`${r.path}\``,
    `\`${r.operationId}\``,
    `[${r.descriptor}](../${r.descriptor})`,
    r.service === null ? '—' : `[${r.service}](../${r.service})`,
  ]);
  const header = ['method', 'path', 'operationId', 'descriptor', 'service'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    '# Routes',
    '',
    '<!-- Written by tools/routes/route-table.ts from docs/openapi/rest.json; do not edit by hand. -->',
    '',
    `Every REST operation under \`/api/v1\` (${list.length}), in the OpenAPI document's order: its descriptor`,
    '(`<context>.operations.ts`: contract, REST binding, which service runs it) and the file of the service method its',
    '`run` calls (— where `run` does more than call one method). The route itself is one Nest route per operation, applied',
    'at start in `apps/rest-api/src/operations.controller.ts`; MCP serves the same operations by `operationId` as the tool',
    'name. After a change of the operations and `npm run openapi`: `npx tsx tools/routes/route-table.ts` rewrites this page',
    '(tools/routes/route-table.spec.ts fails while it is out of date).',
    '',
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(ROUTES_DOC, routesPage());
}
