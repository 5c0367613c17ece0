import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * Each workspace package's manifest names exactly the @propfolio packages its code imports, so Nx's graph (built
 * from the manifests), the build order and a reader of package.json see the real dependencies. knip checks the
 * npm packages (`npm run knip`) but does not report an undeclared workspace package, hence this check of ours.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const CODE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'generated', '.nx']);

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? codeFiles(path) : CODE.test(entry.name) ? [path] : [];
  });
}

/** The @propfolio packages a file imports, by `from '…'`, `import '…'` or `import('…')`. */
export function importedPackages(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](@propfolio\/[a-z0-9-]+)/g)) found.add(match[1]!);
  return [...found];
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const packages = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .map((name) => join(ROOT, dir, name))
    .filter((root) => existsSync(join(root, 'package.json'))),
);

describe('package manifests against imports', () => {
  it('finds the imports of every form', () => {
    expect(
      importedPackages(
        "import { a } from '@propfolio/core';\nexport * from \"@propfolio/db/testing\";\nawait import('@propfolio/web');\nimport '@propfolio/http';",
      ).sort(),
    ).toEqual(['@propfolio/core', '@propfolio/db', '@propfolio/http', '@propfolio/web']);
  });

  it.each(packages.map((root) => [relative(ROOT, root), root]))('%s declares what it imports and nothing else', (_, root) => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((d) => d.startsWith('@propfolio/'));
    const imported = new Set(codeFiles(root).flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    imported.delete(manifest.name);
    expect({
      undeclared: [...imported].filter((p) => !declared.includes(p)).sort(),
      unused: declared.filter((p) => !imported.has(p)).sort(),
    }).toEqual({
      undeclared: [],
      unused: [],
    });
  });
});
