#!/usr/bin/env node
// The runtime image's node_modules: only the npm packages the built bundles import, with their dependencies.
//
//   node deploy/prune-modules.mjs <out-root> <bundle-dir>...   (from the repository root)
//
// Every .js file under each bundle directory is read for the packages it imports (`import … from "x"`,
// `import("x")`, `require("x")`, `require.resolve("x/…")`); each is resolved as Node would from that file (the
// nearest node_modules/x going up), then its dependencies, optional dependencies and installed peer
// dependencies from its own directory, recursively. Each package found is copied to the same path under
// <out-root> (node_modules/x, or a nested node_modules path as installed), without its own nested node_modules (a nested dependency is copied on its own when it is needed)
// and without files nothing loads at run time (type declarations, source maps). A workspace package (a
// symlink into apps/ or libs/) is recreated as the same relative symlink and not followed: the Containerfile
// copies the part of it that runs (apps/web's package.json and built pages).
//
// Prints what it copied and the size; exits 1 when an imported package is missing and is not one of the
// optional peers that the bundles load inside a try (as they do unbundled).
import { builtinModules } from 'node:module';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Imported inside a try and absent on purpose (tools/tsup-app.ts KEEP_EXTERNAL): fine when not installed. */
const OPTIONAL = new Set(['pg-native', '@nestjs/microservices', '@nestjs/websockets', '@fastify/static']);
/** Named by a bundle only for development: the EA engine runs its TypeScript worker through tsx when the built one is absent. */
const NOT_NEEDED = new Set(['tsx']);
/**
 * What no bundle loads at run time: type declarations and source maps, and the Prisma client's query compilers
 * for the databases other than PostgreSQL (prisma/schema.prisma's provider; the generated client imports only
 * query_compiler_*_bg.postgresql.*), about 14 MB each.
 */
const DROP = [
  /\.d\.[cm]?ts$/,
  /\.map$/,
  /\.tsbuildinfo$/,
  /[\\/]@prisma[\\/]client[\\/]runtime[\\/]query_compiler_\w+_bg\.(?:cockroachdb|mysql|sqlite|sqlserver)\./,
];
const dropped = (path) => DROP.some((pattern) => pattern.test(path));

const [outArg, ...bundleDirs] = process.argv.slice(2);
if (!outArg || bundleDirs.length === 0) {
  console.error('usage: node deploy/prune-modules.mjs <out-root> <bundle-dir>...');
  process.exit(2);
}
const root = process.cwd();
const out = resolve(outArg);
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)(["'])([^"'./\s][^"'\s]*)\1/g;
const PACKAGE_NAME = /^(?:@[\w.-]+\/)?[\w.-]+$/;
const packageName = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );

/** The directory of package `name` as Node resolves it from `fromDir`, or undefined. */
function locate(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir || !dir.startsWith(root)) return undefined;
  }
}

const wanted = new Map(); // package directory -> name
const missing = new Set();
const queue = [];
function want(name, fromDir, by) {
  if (builtins.has(name) || builtins.has(name.split('/')[0]) || NOT_NEEDED.has(name)) return;
  const dir = locate(name, fromDir);
  if (!dir) {
    if (!OPTIONAL.has(name)) missing.add(`${name} (imported by ${relative(root, by)})`);
    return;
  }
  if (wanted.has(dir)) return;
  wanted.set(dir, name);
  if (!lstatSync(dir).isSymbolicLink()) queue.push(dir);
}

for (const bundleDir of bundleDirs) {
  for (const file of walk(resolve(bundleDir))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const name = packageName(match[2]);
      if (PACKAGE_NAME.test(name)) want(name, dirname(file), file);
    }
  }
}
while (queue.length > 0) {
  const dir = queue.shift();
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  // Peers marked optional (peerDependenciesMeta) are installed here only for development (prisma, typescript):
  // such a peer comes in when a bundle or another package imports it.
  const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {})
    .filter(([, meta]) => meta?.optional)
    .map(([name]) => name);
  const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !optionalPeers.includes(name));
  for (const name of [...Object.keys(pkg.dependencies ?? {}), ...peers]) want(name, dir, join(dir, 'package.json'));
  // Optional dependencies (platform builds) only when installed.
  for (const name of Object.keys(pkg.optionalDependencies ?? {})) if (locate(name, dir)) want(name, dir, join(dir, 'package.json'));
}

if (missing.size > 0) {
  console.error(`Packages the bundles import are not installed:\n  ${[...missing].join('\n  ')}`);
  process.exit(1);
}

let bytes = 0;
const sizeOf = (path) => {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((n, entry) => n + sizeOf(join(path, entry)), 0);
};
for (const dir of [...wanted.keys()].sort()) {
  const target = join(out, relative(root, dir));
  mkdirSync(dirname(target), { recursive: true });
  if (lstatSync(dir).isSymbolicLink()) {
    symlinkSync(readlinkSync(dir), target);
    continue;
  }
  const nested = join(dir, 'node_modules') + sep;
  cpSync(dir, target, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !(source + sep).startsWith(nested) && !(dropped(source) && statSync(source).isFile()),
  });
  bytes += sizeOf(target);
}
console.log(`${wanted.size} packages copied to ${relative(root, out) || '.'} (${(bytes / 1048576).toFixed(1)} MB):`);
console.log(`  ${[...new Set(wanted.values())].sort().join(' ')}`);
