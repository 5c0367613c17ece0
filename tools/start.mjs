// `npm start`: runs the combined server's built bundle, building it first only when a source is newer.
// Asking Nx costs seconds even on a cache hit (it hashes the workspace), so an unchanged tree skips it:
// the bundle is rebuilt when any file the build reads (apps and libs sources, the Prisma schema and
// migrations, the build and TypeScript config, the lockfile) was modified after it.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'apps/server/dist/main.js');
const SKIP = new Set(['node_modules', 'dist', 'test', '__fixtures__', 'coverage', '.nx']);

function newestUnder(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.spec\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) newest = Math.max(newest, newestUnder(join(path, entry)));
  return newest;
}

const inputs = [
  'apps/server',
  'apps/rest-api',
  'apps/mcp-server',
  'apps/dashboard-api',
  // The dashboard: its router is bundled into the server, its pages are built beside it by the same Nx run.
  'apps/web/server',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  ...readdirSync(join(root, 'libs')).map((lib) => `libs/${lib}/src`),
  ...readdirSync(join(root, 'libs')).map((lib) => `libs/${lib}/package.json`),
  'prisma',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tools/tsup-app.ts',
  'tools/embed-migrations.ts',
];

function builtAt() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return 0;
  }
}

const built = builtAt();
const stale = built === 0 || inputs.some((input) => newestUnder(join(root, input)) > built);
if (stale || process.env.PROPFOLIO_FORCE_BUILD) {
  const nx = spawnSync('npx', ['nx', 'run', '@propfolio/server:build', '--output-style=stream'], { cwd: root, stdio: 'inherit' });
  if (nx.status !== 0) process.exit(nx.status ?? 1);
  // Nx may answer from its cache and leave the bundle as it was: mark it as checked against today's sources.
  const now = new Date();
  utimesSync(bundle, now, now);
}
await import(pathToFileURL(bundle).href);
