import { defineConfig } from 'tsup';

/**
 * Every app builds the same way: one runnable ESM bundle (the Prisma 7 client needs ESM), our libs
 * bundled in from their TypeScript sources, npm packages left external.
 */
const EA_WORKER = '../../libs/operations/src/public/ea/ea-worker.ts';

export const appBuild = (entry: string[] = ['src/main.ts', 'src/index.ts']) =>
  defineConfig({
    // Named entries keep dist/main.js flat; the EA worker-pool entry is loaded by path at run time
    // (dist/ea-worker.js, see libs/operations/src/public/ea/engine.ts).
    entry: { ...Object.fromEntries(entry.map((file) => [file.replace(/^src\//, '').replace(/\.ts$/, ''), file])), 'ea-worker': EA_WORKER },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    skipNodeModulesBundle: true,
    noExternal: [/^@propfolio\//],
  });
