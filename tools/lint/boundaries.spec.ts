import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

/**
 * The module boundaries live in eslint.config.mjs (Nx tags + depConstraints); these cases lint one crossing
 * of each kind against the real config, so a config edit that silently stops a rule from biting fails here.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({
  cwd: ROOT,
  // Import rules need no type information: parsing without the TypeScript program keeps this fast.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ['no-restricted-imports', 'no-restricted-globals', 'propfolio/no-crossing-import'].includes(ruleId),
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('module boundaries (eslint.config.mjs)', () => {
  it('lets a project import what its tag allows, through the entry point', async () => {
    // (The domain's own data-access rule leaves @propfolio/db to its repositories: see the block below.)
    expect(
      await problems(
        'libs/domain/src/coach/coach.repository.ts',
        "export { AppError } from '@propfolio/core';\nexport { Database } from '@propfolio/db';",
      ),
    ).toEqual([]);
    expect(await problems('apps/rest-api/src/main.ts', "import { useTestSeed } from '@propfolio/db/testing';\nvoid useTestSeed;")).toEqual(
      [],
    );
  });

  it('refuses an import against the layers', async () => {
    const found = await problems('libs/domain/src/index.ts', "export * from '@propfolio/operations';");
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*@propfolio\/domain \(type:domain\) may import only/)]);
  });

  it('refuses a deep import past an entry point', async () => {
    const found = await problems('apps/mcp-server/src/main.ts', "import '@propfolio/domain/src/index.js';");
    expect(found).toEqual([
      "no-restricted-imports: '@propfolio/domain/src/index.js' import is restricted from being used by a pattern. Import a project through its entry point.",
    ]);
  });

  it('keeps HTTP frameworks out of the libs with business rules', async () => {
    const found = await problems('libs/catalog/src/index.ts', "import express from 'express';\nvoid express;");
    expect(found).toEqual([expect.stringContaining('know no HTTP framework')]);
  });

  it('keeps the libs/ea-settings core pure: no package import and no Node global', async () => {
    const found = await problems(
      'libs/ea-settings/src/index.ts',
      "import { readFileSync } from 'node:fs';\nexport const size = (p: string) => readFileSync(p).length + Buffer.byteLength(p);",
    );
    expect(found).toEqual([expect.stringContaining('ea-settings core stays pure: relative'), expect.stringContaining('Node globals')]);
  });

  it('lets the libs/ea-settings CLI do the I/O', async () => {
    expect(await problems('libs/ea-settings/src/cli/run.ts', "import { readFileSync } from 'node:fs';\nvoid readFileSync;")).toEqual([]);
  });

  it.each(['libs/coach/src/index.ts', 'libs/mt-statements/src/index.ts'])(
    'keeps the pure library %s free of the database, the frameworks and Node modules',
    async (file) => {
      expect(await problems(file, "export { Database } from '@propfolio/db';")).toEqual([
        expect.stringMatching(/may import only projects tagged nothing/),
      ]);
      expect(await problems(file, "export { Controller } from '@nestjs/common';")).toEqual([expect.stringContaining('stays pure')]);
      expect(await problems(file, "export { PrismaClient } from '@prisma/client';")).toEqual([expect.stringContaining('stays pure')]);
      expect(await problems(file, "export { readFileSync } from 'node:fs';")).toEqual([expect.stringContaining('stays pure')]);
    },
  );

  it("lets a pure library's tests read their fixtures from disk", async () => {
    expect(await problems('libs/mt-statements/test/load-fixture.ts', "export { readFileSync } from 'node:fs';")).toEqual([]);
  });

  it('refuses a relative import that leaves its project, which the package patterns cannot see', async () => {
    expect(await problems('libs/domain/src/accounts/accounts.service.ts', "export * from '../../../operations/src/index.js';")).toEqual([
      "propfolio/no-crossing-import: '../../../operations/src/index.js' leaves libs/domain: import another project through its @propfolio entry point.",
    ]);
    expect(await problems('tools/db-migrate.ts', "export { loadConfig } from '../libs/core/src/index.ts';")).toEqual([
      expect.stringMatching(/^propfolio\/no-crossing-import: .* leaves tools:/),
    ]);
    expect(await problems('deploy/test/support.ts', "export { loadConfig } from '../../libs/core/src/config.js';")).toEqual([
      expect.stringMatching(/^propfolio\/no-crossing-import: .* leaves deploy:/),
    ]);
  });

  it("refuses an import of an app's src/ from anywhere but that app", async () => {
    for (const [file, source] of [
      ['tools/bench/suites/mcp.ts', '../../../apps/mcp-server/src/index.ts'],
      ['apps/dashboard-api/test/harness.ts', '../../mcp-server/src/mcp-router.js'],
      ['libs/bootstrap/src/index.ts', '../../../apps/rest-api/src/index.js'],
    ]) {
      expect(await problems(file!, `export * from '${source!}';`)).toEqual([
        expect.stringMatching(/^propfolio\/no-crossing-import: .* reaches into apps\/[a-z-]+\/src/),
      ]);
    }
  });

  it('lets relative imports stay inside their project, and the apps use the tooling in tools/', async () => {
    expect(await problems('apps/rest-api/test/errors.spec.ts', "export * from '../src/index.js';")).toEqual([]);
    expect(await problems('libs/domain/src/accounts/accounts.service.ts', "export * from '../shared/operation-flags.js';")).toEqual([]);
    expect(await problems('apps/rest-api/tsup.config.ts', "export { appConfig } from '../../tools/tsup-app.js';")).toEqual([]);
    expect(await problems('tools/chaos/races.spec.ts', "export { RestTestApp } from '@propfolio/rest-api/testing';")).toEqual([]);
  });

  it('keeps the operation layer free of Express: the client address reaches it on the context', async () => {
    const found = await problems('libs/operations/src/execute.ts', "import type { Request } from 'express';");
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });
});

describe('data access in libs/domain (eslint.config.mjs, docs/architecture.md)', () => {
  const refused = expect.stringMatching(
    /^no-restricted-imports: .*reaches the database only through a context's <context>\.repository\.ts/,
  );

  it.each([
    ["import type { Database } from '@propfolio/db';\nexport type D = Database;"],
    ["import { Prisma } from '@propfolio/db';\nexport const n = Prisma.DbNull;"],
    ["import { PrismaClient } from '@prisma/client';\nexport const c = PrismaClient;"],
    ["import pg from 'pg';\nexport const p = pg;"],
    ["import { PGlite } from '@electric-sql/pglite';\nexport const g = PGlite;"],
  ])('refuses a new domain service importing the database: %s', async (code) => {
    expect(await problems('libs/domain/src/coach/probe.service.ts', code)).toEqual([refused]);
  });

  it('refuses it in any other module of a context too (a view, a helper)', async () => {
    expect(await problems('libs/domain/src/trash/probe-view.ts', "export type { Database } from '@propfolio/db';")).toEqual([refused]);
  });

  it('keeps the layer rules in the same block: an import against the layers is still refused there', async () => {
    expect(await problems('libs/domain/src/coach/probe.service.ts', "export * from '@propfolio/operations';")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*@propfolio\/domain \(type:domain\) may import only/),
    ]);
  });

  it('lets a repository, the composition root, a spec and the testing helpers import it', async () => {
    const code = "import { Prisma, type Database } from '@propfolio/db';\nexport const use = (db: Database) => [db, Prisma.DbNull];";
    for (const file of [
      'libs/domain/src/coach/coach.repository.ts',
      'libs/domain/src/probe/probe.repository.ts',
      'libs/domain/src/services.ts',
      'libs/domain/src/coach/probe.spec.ts',
      'libs/domain/src/testing/probe.ts',
    ]) {
      expect(await problems(file, code)).toEqual([]);
    }
  });
});

describe('the dependency graph between our packages', () => {
  /** Each workspace package and the @propfolio packages its package.json depends on. */
  const graph = new Map(
    ['apps', 'libs']
      .flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => join(ROOT, dir, name, 'package.json')))
      .filter((file) => existsSync(file))
      .map((file) => {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; dependencies?: Record<string, string> };
        return [pkg.name, Object.keys(pkg.dependencies ?? {}).filter((dep) => dep.startsWith('@propfolio/'))] as const;
      }),
  );

  it('has no cycle: no two libraries import each other, directly or around a loop', () => {
    const cycles: string[] = [];
    const walk = (name: string, path: string[]): void => {
      if (path.includes(name)) {
        cycles.push([...path.slice(path.indexOf(name)), name].join(' → '));
        return;
      }
      for (const dep of graph.get(name) ?? []) walk(dep, [...path, name]);
    };
    for (const name of graph.keys()) walk(name, []);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles).toEqual([]);
  });
});
