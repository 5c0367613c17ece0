import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

/**
 * The arrows between the context folders of libs/domain/src (`accounts`, `alerts`, `shared`…): `from -> to` for each
 * folder a non-spec module of `from` imports from by a relative path, with the modules that do. The composition
 * files at the root (services.ts, index.ts, operations.ts) import every context and are no folder.
 */
export function contextArrows(modules: readonly { file: string; code: string }[]): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const { file, code } of modules) {
    const [from, ...rest] = file.split('/');
    if (!from || rest.length === 0 || file.endsWith('.spec.ts')) continue;
    for (const [, target = ''] of code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const [to, ...inside] = join(dirname(file), target).split('/');
      if (!to || inside.length === 0 || to === from || to === '..') continue;
      const arrow = `${from} -> ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), file]);
    }
  }
  return arrows;
}

/** The composition files at the root of libs/domain/src: they import every context, so no context imports them. */
const COMPOSITION_ROOT = new Set(['services.ts', 'operations.ts', 'index.ts']);

/**
 * The non-spec modules of a context folder that import a composition file (`../services.js` and the like): each such
 * import runs back up past every context and ties the folder to all the others through the root. A context's
 * operations name the services they call in their own interface instead; `testing` (fixtures that build the whole
 * domain for the specs) is no context.
 */
export function contextsImportingTheRoot(modules: readonly { file: string; code: string }[]): string[] {
  return modules.flatMap(({ file, code }) => {
    const [from, ...rest] = file.split('/');
    if (!from || rest.length === 0 || from === 'testing' || file.endsWith('.spec.ts')) return [];
    const targets = [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(([, target = '']) =>
      join(dirname(file), target).replace(/\.js$/, '.ts'),
    );
    return targets.filter((target) => COMPOSITION_ROOT.has(target)).map((target) => `${file} -> ${target}`);
  });
}

/**
 * The arrows that lie on an import loop between folders (a folder imports another that imports it back, directly or
 * round a cycle): both ends in one strongly connected component of the folder graph (Tarjan), sorted.
 */
export function arrowsOnLoops(arrows: Iterable<string>): string[] {
  const next = new Map<string, string[]>();
  const pairs = [...arrows].map((arrow) => arrow.split(' -> ') as [string, string]);
  for (const [from, to] of pairs) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (!component.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      for (let top = stack.pop(); top !== undefined; top = top === node ? undefined : stack.pop()) component.set(top, index.get(node)!);
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return pairs
    .filter(([from, to]) => component.get(from) === component.get(to))
    .map(([from, to]) => `${from} -> ${to}`)
    .sort();
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

describe('import loops between the context folders of libs/domain (docs/architecture.md, "Contexts and their loops")', () => {
  const DOMAIN = join(ROOT, 'libs/domain/src');
  const modules = filesUnder(DOMAIN)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: relative(DOMAIN, file), code: readFileSync(file, 'utf8') }));
  const arrows = contextArrows(modules);
  const allowed = (JSON.parse(readFileSync(join(ROOT, 'tools/lint/context-loops-legacy.json'), 'utf8')) as { arrows: string[] }).arrows;

  it('adds no loop: every arrow on a loop is one of the loops listed in tools/lint/context-loops-legacy.json', () => {
    const added = arrowsOnLoops(arrows.keys()).filter((arrow) => !allowed.includes(arrow));
    expect(added.map((arrow) => `${arrow} (${[...new Set(arrows.get(arrow))].join(', ')})`)).toEqual([]);
  });

  it('has a list of loops that only shrinks: an arrow no longer on a loop leaves it, none repeats', () => {
    const onLoops = new Set(arrowsOnLoops(arrows.keys()));
    expect(allowed.filter((arrow) => !onLoops.has(arrow))).toEqual([]);
    expect(new Set(allowed).size).toBe(allowed.length);
  });

  it('has no context importing the composition root (services.ts, operations.ts, index.ts)', () => {
    expect(contextsImportingTheRoot(modules)).toEqual([]);
    expect(
      contextsImportingTheRoot([
        { file: 'accounts/accounts.operations.ts', code: "import { type DomainServices } from '../services.js';" },
        { file: 'trades/trade-view.ts', code: "import type { X } from '../index.js';\nimport { y } from './trade-clock.js';" },
        { file: 'testing/journal-fixture.ts', code: "import type { DomainServices } from '../services.js';" },
        { file: 'accounts/accounts.spec.ts', code: "import { createDomainServices } from '../services.js';" },
        { file: 'operations.ts', code: "import type { DomainServices } from './services.js';" },
      ]),
    ).toEqual(['accounts/accounts.operations.ts -> services.ts', 'trades/trade-view.ts -> index.ts']);
  });

  it('finds a loop between two folders, and one round three, from the relative imports of non-spec modules', () => {
    const found = contextArrows([
      { file: 'alerts/alerts.service.ts', code: "import { x } from '../accounts/owned-account.js';\nimport './alert-rules.js';" },
      { file: 'accounts/accounts.service.ts', code: "import type { Y } from '../alerts/alert-rules.js';" },
      { file: 'accounts/accounts.spec.ts', code: "import { z } from '../trash/trash.service.js';" },
      { file: 'services.ts', code: "import { s } from './trash/trash.service.js';" },
      { file: 'ledger/ledger.service.ts', code: "import { a } from '../payouts/payout-view.js';" },
      { file: 'payouts/payouts.service.ts', code: "export { b } from '../calendar/calendar.service.js';" },
      { file: 'calendar/calendar.service.ts', code: "const c = await import('../ledger/ledger-views.js');" },
      { file: 'trash/trash.service.ts', code: "import { d } from '../accounts/owned-account.js';" },
    ]);
    expect([...found.keys()].sort()).toEqual([
      'accounts -> alerts',
      'alerts -> accounts',
      'calendar -> ledger',
      'ledger -> payouts',
      'payouts -> calendar',
      'trash -> accounts',
    ]);
    expect(arrowsOnLoops(found.keys())).toEqual([
      'accounts -> alerts',
      'alerts -> accounts',
      'calendar -> ledger',
      'ledger -> payouts',
      'payouts -> calendar',
    ]);
  });
});
