import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The docs name files and package entry points in backticks; a name that no longer exists sends a newcomer
 * looking for nothing. Every such name in README.md and docs/*.md must exist in the tree.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TOP_FOLDERS = ['apps', 'libs', 'tools', 'docs', 'deploy', 'prisma', '.ci'];
/** What a build or test run writes (not in a fresh clone), and MCP's method names, which look like paths. */
const NOT_IN_THE_TREE = /(^|\/)(dist|generated|test-results)(\/|$)|^tools\/(list|call)$/;

/** Backticked names that point into the tree or at a workspace package; placeholders and globs are left out. */
export function namesIn(markdown: string): { paths: string[]; packages: string[] } {
  const paths = new Set<string>();
  const packages = new Set<string>();
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, token] of prose.matchAll(/`([^`\s]+)`/g)) {
    const name = token!.replace(/[:#].*$/, '').replace(/\/$/, '');
    if (/[<>*{}…]/.test(name) || NOT_IN_THE_TREE.test(name)) continue;
    if (/^@propfolio\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(name)) packages.add(name);
    else if (TOP_FOLDERS.some((top) => name.startsWith(`${top}/`))) paths.add(name);
  }
  return { paths: [...paths], packages: [...packages] };
}

/** Every workspace package's name with the subpaths its package.json exports. */
function entryPoints(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['apps', 'libs']) {
    for (const folder of readdirSync(join(ROOT, dir))) {
      const file = join(ROOT, dir, folder, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, unknown> };
      names.add(pkg.name);
      for (const key of Object.keys(pkg.exports ?? {})) if (key !== '.') names.add(`${pkg.name}/${key.replace(/^\.\//, '')}`);
    }
  }
  return names;
}

const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('names in the docs', () => {
  it('reads paths and entry points, not placeholders or code', () => {
    const found = namesIn(
      'See `libs/http/src/serve.ts:12`, `@propfolio/db/testing`, `prisma/migrations/<ts>_<name>` and `npm test`.\n```ts\n`apps/gone.ts`\n```',
    );
    expect(found).toEqual({ paths: ['libs/http/src/serve.ts'], packages: ['@propfolio/db/testing'] });
  });

  const packages = entryPoints();
  it.each(pages)('%s names only files and entry points that exist', (page) => {
    const { paths, packages: named } = namesIn(readFileSync(join(ROOT, page), 'utf8'));
    expect({
      missingPaths: paths.filter((p) => !existsSync(join(ROOT, p))),
      missingEntryPoints: named.filter((n) => !packages.has(n)),
    }).toEqual({
      missingPaths: [],
      missingEntryPoints: [],
    });
  });
});
