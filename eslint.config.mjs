// @ts-check
// ESLint 9 flat config: typescript-eslint strict-type-checked over every project, Prettier owning layout,
// and the module boundaries that libs/operations/src/boundaries.spec.ts and libs/ea-settings/src/purity.spec.ts
// check with regexes today, as no-restricted-imports per project (@nx/eslint-plugin cannot be installed
// beside nx 24).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Which of our projects each project may import (through its entry point, or a listed subpath). */
const ALLOWED = {
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
const PROJECTS = ['core', 'db', 'domain', 'catalog', 'operations', 'ea-settings', 'rest-api', 'mcp-server', 'dashboard-api', 'web', 'server'];
const SUBPATHS = ['db/testing', 'domain/testing', 'web/server'];
const FRAMEWORKS = ['@nestjs/*', '@modelcontextprotocol/*', 'express'];
const NODE_IO = ['node:*', 'fs', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', '@prisma/*', '@electric-sql/*', 'pg'];

const boundaries = Object.entries(ALLOWED).map(([project, allowed]) => {
  const group = PROJECTS.filter((p) => !allowed.includes(p)).map((p) => `@propfolio/${p}`);
  const deep = allowed.map((p) => `@propfolio/${p}/*`).concat(SUBPATHS.map((s) => `!@propfolio/${s}`));
  const business = ['libs/domain', 'libs/catalog', 'libs/core', 'libs/db'].includes(project);
  return {
    files: [`${project}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(group.length ? [{ group, message: `${project} may import only: ${allowed.join(', ') || 'no project of ours'}.` }] : []),
            { group: deep, message: 'Import a project through its entry point.' },
            ...(business ? [{ group: FRAMEWORKS, message: 'The libs with business rules know no HTTP framework.' }] : []),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/generated/**', '**/node_modules/**', '.nx/**', 'coverage/**', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  ...boundaries,
  {
    // libs/ea-settings is published and runs in a desktop tool: its core is text in, text out.
    files: ['libs/ea-settings/src/**/*.ts'],
    ignores: ['libs/ea-settings/src/cli/**', 'libs/ea-settings/src/**/*.spec.ts', 'libs/ea-settings/src/__fixtures__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...NODE_IO, ...FRAMEWORKS, '@propfolio/*', 'prisma'], message: 'ea-settings core stays pure: callers do the I/O.' }] },
      ],
    },
  },
  prettier,
);
