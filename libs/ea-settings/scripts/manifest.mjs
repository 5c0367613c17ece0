#!/usr/bin/env node
// Writes the published package.json before `npm pack`/`npm publish` and restores the workspace one after.
//
// Why this way: inside the monorepo every tool (TypeScript, Jest, esbuild, Vite) resolves the package to its
// TypeScript sources through "main": "./src/index.ts", with no custom export condition to configure in five
// places. npm does not apply `publishConfig.exports`/`main` when packing, so the manifest users receive is
// written here from one list of fields (PUBLISHED), and the package test checks the packed result.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const backup = join(root, 'package.workspace.json');

const PUBLISHED = {
  type: 'module',
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
  bin: { 'ea-settings': './dist/cli.js' },
  files: ['dist', 'README.md', 'CHANGELOG.md', 'LICENSE'],
  sideEffects: false,
};

/** Workspace-only fields that must not reach users. */
const WORKSPACE_ONLY = ['private', 'scripts', 'devDependencies', 'nx', 'publishConfig'];

function prepack() {
  if (existsSync(backup)) throw new Error(`${backup} exists: a previous pack did not finish; restore it first (npm run postpack)`);
  const workspace = JSON.parse(readFileSync(manifest, 'utf8'));
  copyFileSync(manifest, backup);
  const published = { ...workspace, ...PUBLISHED };
  for (const key of WORKSPACE_ONLY) delete published[key];
  writeFileSync(manifest, `${JSON.stringify(published, null, 2)}\n`);
}

function postpack() {
  if (existsSync(backup)) renameSync(backup, manifest);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') postpack();
// The CommonJS build exports the same names, so its declarations are the same file under the .d.cts name
// that TypeScript's node16 resolution expects beside index.cjs (one dts pass instead of two).
else if (step === 'cts') copyFileSync(join(root, 'dist/index.d.ts'), join(root, 'dist/index.d.cts'));
else if (step === 'clean') rmSync(join(root, 'dist'), { recursive: true, force: true });
else throw new Error('usage: manifest.mjs clean|cts|prepack|postpack');
