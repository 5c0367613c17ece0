// @ts-check
// ESLint 9 flat config: typescript-eslint strict-type-checked over every project, Prettier owning layout,
// and the module boundaries as Nx project tags (each package.json's nx.tags) with depConstraints in the shape
// of @nx/enforce-module-boundaries. That plugin itself is not used: its latest release (23.x) pins nx 23 and
// would install a second nx beside ours (24); the constraints below move to it unchanged when it catches up.
// tools/lint/boundaries.spec.ts lints a crossing of each kind to prove the rules bite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Which tags a project with the source tag may import (the design's layers, innermost first). */
const DEP_CONSTRAINTS = [
  { sourceTag: 'type:pure', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:kernel', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:kernel'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:pure'] },
  { sourceTag: 'type:catalog', onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:pure'] },
  { sourceTag: 'type:operations', onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:domain', 'type:catalog', 'type:pure'] },
  { sourceTag: 'type:http', onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:operations'] },
  // The composition root: builds the services, operations and limiters every app starts from.
  {
    sourceTag: 'type:bootstrap',
    onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:domain', 'type:catalog', 'type:pure', 'type:operations', 'type:http'],
  },
  {
    sourceTag: 'type:front-door',
    onlyDependOnLibsWithTags: [
      'type:kernel',
      'type:data',
      'type:domain',
      'type:catalog',
      'type:pure',
      'type:operations',
      'type:http',
      'type:bootstrap',
    ],
  },
  {
    sourceTag: 'type:dashboard-api',
    onlyDependOnLibsWithTags: ['type:kernel', 'type:data', 'type:domain', 'type:operations', 'type:http', 'type:bootstrap'],
  },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:kernel', 'type:pure', 'type:operations', 'type:http'] },
  {
    sourceTag: 'type:server',
    onlyDependOnLibsWithTags: [
      'type:kernel',
      'type:data',
      'type:operations',
      'type:http',
      'type:bootstrap',
      'type:front-door',
      'type:dashboard-api',
      'type:web',
    ],
  },
];
/** Projects whose business rules know no HTTP framework. */
const FRAMEWORK_FREE = ['type:kernel', 'type:data', 'type:domain', 'type:catalog', 'type:operations'];
const FRAMEWORKS = ['@nestjs/*', '@modelcontextprotocol/*', 'express'];

/** Every project of the workspace: its folder, package name and Nx tags. */
const PROJECTS = ['apps', 'libs']
  .flatMap((dir) => readdirSync(`${import.meta.dirname}/${dir}`).map((name) => `${dir}/${name}`))
  .filter((root) => existsSync(`${import.meta.dirname}/${root}/package.json`))
  .map((root) => {
    const pkg = JSON.parse(readFileSync(`${import.meta.dirname}/${root}/package.json`, 'utf8'));
    return { root, name: pkg.name, tags: pkg.nx?.tags ?? [] };
  });
/** Public entry points besides each package's root: the subpaths its package.json exports. */
const SUBPATHS = PROJECTS.flatMap(({ root, name }) => {
  const pkg = JSON.parse(readFileSync(`${import.meta.dirname}/${root}/package.json`, 'utf8'));
  return Object.keys(pkg.exports ?? {})
    .filter((key) => key !== '.')
    .map((key) => `${name}/${key.replace(/^\.\//, '')}`);
});

/** Packages that do I/O or serve HTTP: the pure libraries (type:pure) run in browsers and workers and import none. */
const IO_PACKAGES = [...FRAMEWORKS, '@prisma/*', 'prisma', 'pg', '@electric-sql/*', 'pglite-prisma-adapter', 'ioredis'];
const PURE_PATTERNS = [
  { regex: '^node:', message: 'This library stays pure: callers do the I/O.' },
  { group: IO_PACKAGES, message: 'This library stays pure: no database, cache or HTTP framework.' },
];

/**
 * Data access in libs/domain: each context reads and writes through its `<context>.repository.ts` (intent-named
 * methods, SQL as named constants beside them); services hold rules and orchestration. So the database packages
 * (our data layer, Prisma, the drivers) are imported only by repositories and by services.ts, the composition root
 * that hands each service its repository; specs and the testing helpers open databases of their own.
 * The rule came in with 61 files exempt (issue 44); the last moved on 2026-11-30, and no file is exempt now.
 */
const DB_PACKAGES = ['@propfolio/db', '@propfolio/db/*', '@prisma/*', 'prisma', 'pg', 'pg-*', '@electric-sql/*', 'pglite-prisma-adapter'];
const DATA_ACCESS_PATTERNS = [
  {
    group: DB_PACKAGES,
    message:
      "libs/domain reaches the database only through a context's <context>.repository.ts (docs/architecture.md, 'Data access'): move the statement into the repository and give the service the repository through its constructor in services.ts.",
  },
];
const DATA_ACCESS_EXEMPT = [
  'libs/domain/src/**/*.repository.ts',
  'libs/domain/src/services.ts',
  'libs/domain/src/testing/**',
  'libs/domain/src/**/*.spec.ts',
];

/** The import patterns a project's tags forbid: other layers, deep paths, frameworks, and I/O for pure libraries. */
function boundaryPatterns({ name, tags }) {
  const allowedTags = DEP_CONSTRAINTS.filter((c) => tags.includes(c.sourceTag)).flatMap((c) => c.onlyDependOnLibsWithTags);
  const allowed = PROJECTS.filter((p) => p.name === name || p.tags.some((t) => allowedTags.includes(t))).map((p) => p.name);
  const forbidden = PROJECTS.map((p) => p.name).filter((n) => !allowed.includes(n));
  return [
    ...(forbidden.length
      ? [
          {
            group: forbidden,
            message: `${name} (${tags.join(', ')}) may import only projects tagged ${allowedTags.join(', ') || 'nothing'}.`,
          },
        ]
      : []),
    { group: [...allowed.map((n) => `${n}/*`), ...SUBPATHS.map((s) => `!${s}`)], message: 'Import a project through its entry point.' },
    ...(tags.some((t) => FRAMEWORK_FREE.includes(t))
      ? [{ group: FRAMEWORKS, message: 'The libs with business rules know no HTTP framework.' }]
      : []),
  ];
}

/** The project a file belongs to: apps/<name>, libs/<name>, or a top-level folder such as tools/ or deploy/. */
function projectRootOf(file) {
  const parts = relative(import.meta.dirname, file).split(sep);
  return parts[0] === 'apps' || parts[0] === 'libs' ? parts.slice(0, 2).join('/') : parts.length > 1 ? parts[0] : '.';
}

/**
 * Direction the layers above cannot see: a relative import that leaves its project (`'../../../operations/src/index.js'`
 * from libs/domain passes every package pattern) and an import of an app's `src/` from anywhere else. Either reaches
 * past the other project's entry point and its tags; import it as `@propfolio/<name>` (or a subpath its package.json
 * exports) instead, so the layer rules and the manifests see the dependency. tools/ is no package: the workspace's
 * build and check tooling (tsup-app.ts, mql-check) that the apps' build configs and tests import by path.
 */
const noCrossingImport = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      leavesProject: "'{{source}}' leaves {{project}}: import another project through its @propfolio entry point.",
      appSource: "'{{source}}' reaches into {{app}}/src: an app's code is its own; import what it exports through @propfolio/<name>.",
    },
  },
  create(context) {
    const file = context.filename;
    const project = projectRootOf(file);
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (source === null) return;
      const target = source.startsWith('.') ? resolve(dirname(file), source) : resolve(import.meta.dirname, source);
      const inRepo = relative(import.meta.dirname, target).split(sep);
      const app = inRepo[0] === 'apps' && inRepo[2] === 'src' ? inRepo.slice(0, 2).join('/') : null;
      if (app !== null && app !== project && (source.startsWith('.') || source.startsWith('apps/'))) {
        context.report({ node, messageId: 'appSource', data: { source, app } });
      } else if (source.startsWith('.') && project !== '.' && ![project, 'tools'].includes(projectRootOf(target))) {
        context.report({ node, messageId: 'leavesProject', data: { source, project } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// One `no-restricted-imports` entry per project: ESLint replaces a rule's options in a later block rather than
// merging them, so every pattern a project is held to must be in its one block (a second block for the pure
// libraries once dropped the layer patterns, and `@propfolio/db` passed lint in libs/coach).
const boundaries = PROJECTS.flatMap((project) => [
  { files: [`${project.root}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns: boundaryPatterns(project) }] } },
  // The domain's services, views and helpers reach the database through their context's repository only.
  ...(project.tags.includes('type:domain')
    ? [
        {
          files: [`${project.root}/src/**/*.ts`],
          ignores: DATA_ACCESS_EXEMPT,
          rules: { 'no-restricted-imports': ['error', { patterns: [...boundaryPatterns(project), ...DATA_ACCESS_PATTERNS] }] },
        },
      ]
    : []),
  // A pure library's shipped code (not its tests, fixtures or CLI) also does no I/O.
  ...(project.tags.includes('type:pure')
    ? [
        {
          files: [`${project.root}/src/**/*.{ts,tsx}`],
          ignores: ['**/*.spec.ts', '**/__fixtures__/**', `${project.root}/src/cli/**`],
          rules: { 'no-restricted-imports': ['error', { patterns: [...boundaryPatterns(project), ...PURE_PATTERNS] }] },
        },
      ]
    : []),
]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/generated/**', '**/node_modules/**', '.nx/**', 'coverage/**', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // House choices where a rule fights the codebase for no benefit:
      // numbers, booleans and regexes print as people expect in messages; null and undefined stay refused,
      // since "undefined" in a message a person reads is a bug.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowRegExp: true }],
      // `(done) => server.close(done)` and `() => res.end()` are the idiom of Express and Node callbacks.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // An operation's run, a limiter's hit/close implement Promise-returning interfaces; `async` on a body with
      // no await is how a synchronous implementation keeps a throw a rejection, which the callers rely on.
      '@typescript-eslint/require-await': 'off',
      // Contract classes (class-validator DTOs) are shapes with decorators and no methods or private state:
      // services and tests pass plain objects of that shape on purpose, which this rule forbids.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // An operation without input still has a contract class (empty), so that it validates like every other.
      '@typescript-eslint/no-extraneous-class': ['error', { allowEmpty: true }],
      // `const { roi: _roi, ...row } = x` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // In a spec, `!` on what the test just produced fails the test loudly if wrong, which is what a test is for.
    files: ['**/*.spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...boundaries,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { propfolio: { rules: { 'no-crossing-import': noCrossingImport } } },
    rules: { 'propfolio/no-crossing-import': 'error' },
  },
  {
    // libs/ea-settings is published and runs in a desktop tool and browsers: its core is text in, text out,
    // and imports nothing but its own relative modules.
    files: ['libs/ea-settings/src/**/*.ts'],
    ignores: ['libs/ea-settings/src/cli/**', 'libs/ea-settings/src/**/*.spec.ts', 'libs/ea-settings/src/__fixtures__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'ea-settings core stays pure: relative imports only, callers do the I/O.' }] },
      ],
      // Node-only globals would pass the import rule and still fail in a browser.
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'ea-settings core stays pure: Node globals do not exist in a browser.',
        })),
      ],
    },
  },
  {
    // The coach's engine and the statement reader run in browsers and workers too: no Node modules or globals
    // (kept packages such as decimal.js, typebox and htmlparser2 are browser-safe).
    files: ['libs/coach/src/**/*.ts', 'libs/mt-statements/src/**/*.ts', 'libs/trade-files/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      // The import rule is in each project's boundary block above (PURE_PATTERNS), so it cannot be replaced here.
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'This library stays pure: Node globals do not exist in a browser.',
        })),
      ],
    },
  },
  prettier,
);
