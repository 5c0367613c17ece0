import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The module boundaries of the design, checked on every test run: each project may import only the
 * projects listed for it, through their public entry points.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');

const ALLOWED: Record<string, string[]> = {
  'libs/ea-settings': [],
  'libs/core': [],
  'libs/db': ['core'],
  'libs/domain': ['core', 'db', 'ea-settings'],
  'libs/catalog': ['core', 'db', 'ea-settings'],
  'libs/operations': ['core', 'db', 'domain', 'catalog', 'ea-settings'],
  'apps/rest-api': ['core', 'db', 'operations', 'domain', 'catalog', 'ea-settings'],
  'apps/mcp-server': ['core', 'db', 'operations', 'domain', 'catalog', 'ea-settings'],
  'apps/dashboard-api': ['core', 'db', 'operations', 'domain'],
  'apps/server': ['core', 'db', 'operations', 'rest-api', 'mcp-server', 'dashboard-api', 'web'],
};
/** Public entry points besides each package's root. */
const SUBPATHS = new Set(['db/testing', 'domain/testing', 'web/server']);
const FRAMEWORKS = /^(@nestjs\/|@modelcontextprotocol\/|express$)/;
const NODE_IO = /^(node:|fs$|path$|os$|child_process$|net$|http$|https$|crypto$|@prisma\/|@electric-sql\/|pg$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'generated') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm);
  return [...found].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

function violations(project: string, check: (specifier: string, file: string) => string | null): string[] {
  const dir = join(ROOT, project, 'src');
  return sourceFiles(dir).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .map((specifier) => check(specifier, relative(ROOT, file)))
      .filter((v): v is string => v !== null),
  );
}

describe('module boundaries', () => {
  for (const [project, allowed] of Object.entries(ALLOWED)) {
    it(`${project} imports only ${allowed.length ? allowed.join(', ') : 'no project of ours'}`, () => {
      const found = violations(project, (specifier, file) => {
        const match = /^@propfolio\/([^/]+)(?:\/(.+))?$/.exec(specifier);
        if (!match) return null;
        const [, target, subpath] = match;
        if (!allowed.includes(target as string)) return `${file} imports ${specifier}`;
        if (subpath && !SUBPATHS.has(`${target}/${subpath}`)) return `${file} deep-imports ${specifier}`;
        return null;
      });
      expect(found).toEqual([]);
    });
  }

  it('libs/ea-settings core stays pure: no Node I/O, Prisma or framework imports outside its CLI', () => {
    const found = violations('libs/ea-settings', (specifier, file) =>
      !file.includes('/src/cli/') && !file.endsWith('.spec.ts') && (NODE_IO.test(specifier) || FRAMEWORKS.test(specifier))
        ? `${file} imports ${specifier}`
        : null,
    );
    expect(found).toEqual([]);
  });

  it('the libs with business rules know no HTTP framework', () => {
    const found = ['libs/domain', 'libs/catalog', 'libs/core', 'libs/db'].flatMap((project) =>
      violations(project, (specifier, file) => (FRAMEWORKS.test(specifier) ? `${file} imports ${specifier}` : null)),
    );
    expect(found).toEqual([]);
  });

  it('detects a crossing (self-check of the import scanner)', () => {
    expect(importsOf("import { x } from '@propfolio/db';\nexport * from './y.js';\nconst m = await import('node:fs');")).toEqual([
      '@propfolio/db',
      './y.js',
      'node:fs',
    ]);
  });
});
