import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The context convention of docs/architecture.md ("One folder per context"), checked on the tree: a folder that
 * publishes operations is a context and holds its inputs, outputs, service and operations under its own name,
 * and every service file in the libraries is named `<name>.service.ts` (one suffix style, so a search finds them).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const CONTEXT_PARTS = ['inputs', 'outputs', 'service', 'operations'] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : filesUnder(path);
    return [path];
  });
}

/** Each context folder with the parts of the convention it lacks. */
export function contextsBreakingTheConvention(files: readonly string[]): string[] {
  // A context is named by its operations file (the catalog's sit at the root of its library, as `catalog.*.ts`).
  const contexts = files.flatMap((file) => {
    const match = /^(.*)\/([^/]+)\.operations\.ts$/.exec(file);
    return match ? [{ folder: match[1] ?? '', name: match[2] ?? '' }] : [];
  });
  return contexts.flatMap(({ folder, name }) => {
    const missing = CONTEXT_PARTS.filter((part) => !files.includes(`${folder}/${name}.${part}.ts`));
    return missing.length ? [`${folder}: missing ${missing.map((p) => `${name}.${p}.ts`).join(', ')}`] : [];
  });
}

/**
 * The domain's repositories (docs/architecture.md, "Data access") that break its naming: one per context, in the
 * context's folder and named after it, so the data-access rule (eslint.config.mjs: `*.repository.ts`) and a reader
 * find the same file.
 */
export function repositoriesOffTheConvention(files: readonly string[]): string[] {
  return files.filter((file) => {
    const match = /^libs\/domain\/src\/(?:.*\/)?([^/]+)\/([^/]*repository[^/]*)$/i.exec(file);
    return match !== null && !match[2]?.endsWith('.spec.ts') && match[2] !== `${match[1] ?? ''}.repository.ts`;
  });
}

/** `runService` (libs/bootstrap) names what it does, start a process; it is no service class. */
const NOT_SERVICES = new Set(['libs/bootstrap/src/run-service.ts']);
const libraryFiles = readdirSync(join(ROOT, 'libs')).flatMap((lib) =>
  filesUnder(join(ROOT, 'libs', lib, 'src')).map((f) => relative(ROOT, f)),
);

describe('the context convention', () => {
  it('holds for every folder that publishes operations', () => {
    expect(contextsBreakingTheConvention(libraryFiles)).toEqual([]);
  });

  it('names the parts a context lacks', () => {
    const files = [
      'libs/domain/src/trades/trades.operations.ts',
      'libs/domain/src/trades/trades.inputs.ts',
      'libs/domain/src/trades/trade-service.ts',
    ];
    expect(contextsBreakingTheConvention(files)).toEqual(['libs/domain/src/trades: missing trades.outputs.ts, trades.service.ts']);
  });

  it('names every service file `<name>.service.ts`', () => {
    expect(libraryFiles.filter((f) => /-service(\.spec)?\.ts$/.test(f) && !NOT_SERVICES.has(f))).toEqual([]);
  });

  it("names each domain repository after its context's folder, `<context>/<context>.repository.ts` (one per context)", () => {
    expect(repositoriesOffTheConvention(libraryFiles)).toEqual([]);
    expect(
      repositoriesOffTheConvention([
        'libs/domain/src/coach/coach.repository.ts',
        'libs/domain/src/coach/headroom.repository.ts',
        'libs/domain/src/trash/trash-repository.ts',
      ]),
    ).toEqual(['libs/domain/src/coach/headroom.repository.ts', 'libs/domain/src/trash/trash-repository.ts']);
  });
});
