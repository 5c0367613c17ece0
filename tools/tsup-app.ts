import { defineConfig } from 'tsup';

/**
 * Every app builds the same way: one runnable ESM bundle (the Prisma 7 client needs ESM), our libs
 * bundled in from their TypeScript sources, npm packages left external unless `bundleDependencies`.
 */
const CPU_WORKER = '../../libs/domain/src/workers/cpu-worker.ts';
/** The embedded database's thread, started by path at run time (dist/pglite-host.js, see libs/db/src/pglite-thread.ts). */
const PGLITE_HOST = '../../libs/db/src/pglite-host.mjs';

/**
 * Packages that stay external even when dependencies are bundled: they find files next to their own
 * module at run time (Prisma's WASM query compiler, PGlite's WASM and data files,
 * ioredis's package.json), or are optional peers of Nest and pg that are not
 * installed (their loaders fall back when the require fails, as they do unbundled).
 */
const KEEP_EXTERNAL = [
  '@prisma/client',
  '@electric-sql/pglite',
  'ioredis',
  'pg-native',
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@fastify/static',
];
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const BUNDLED_DEPENDENCY = new RegExp(`^(?!(?:${KEEP_EXTERNAL.map(escape).join('|')})(?:/|$))`);

interface AppBuildOptions {
  /**
   * Bundle npm packages into the output too. Node then starts from a few files instead of resolving,
   * reading and wrapping about a thousand modules: apps/server's start went from 2.2 to 1.1 CPU seconds.
   */
  bundleDependencies?: boolean;
}

export const appBuild = (entry: string[] = ['src/main.ts', 'src/index.ts'], options: AppBuildOptions = {}) =>
  defineConfig({
    // Named entries keep dist/main.js flat; the CPU pool's worker and PGlite's thread are loaded by path at
    // run time (dist/cpu-worker.js, dist/pglite-host.js).
    entry: {
      ...Object.fromEntries(entry.map((file) => [file.replace(/^src\//, '').replace(/\.ts$/, ''), file])),
      'cpu-worker': CPU_WORKER,
      'pglite-host': PGLITE_HOST,
    },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    skipNodeModulesBundle: !options.bundleDependencies,
    noExternal: options.bundleDependencies ? [BUNDLED_DEPENDENCY] : [/^@propfolio\//],
    ...(options.bundleDependencies
      ? {
          external: KEEP_EXTERNAL,
          // CommonJS packages inside an ESM bundle still call require() for Node built-ins.
          banner: {
            js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
          },
          esbuildOptions: (esbuild) => {
            // Resolve packages as Node does ("main", not tsup's default "module" first): class-transformer's
            // decorators and libs/core's import of its CommonJS metadata storage must be one instance.
            esbuild.mainFields = ['main', 'module'];
          },
        }
      : {}),
  });
