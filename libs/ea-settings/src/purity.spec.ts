import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const FORBIDDEN = [/^node:/, /^(fs|path|os|child_process|net|http|https|url|crypto|process|stream|buffer|worker_threads)(\/|$)/, /^@nestjs\//, /^@prisma\//, /^@propfolio\//, /^prisma$/];
/** The core has no runtime dependency at all: it runs as is in browsers and desktop shells. */
const ALLOWED_PACKAGES = new Set<string>();

function coreFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'cli' || name === '__fixtures__' ? [] : coreFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const specifiers = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');

describe('core purity (module boundary)', () => {
  const files = coreFiles(root);

  it('finds the core sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s imports only relative modules and pure packages', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const bad = specifiers(source).filter((s) => !s.startsWith('.') && (FORBIDDEN.some((re) => re.test(s)) || !ALLOWED_PACKAGES.has(s)));
    expect(bad).toEqual([]);
    // Node-only globals would pass the import check and still fail in a browser.
    expect(source).not.toMatch(/\b(Buffer|process|__dirname|require)\b[.(]/);
  });
});
