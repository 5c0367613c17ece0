import { defineConfig } from 'tsup';

/**
 * Every app builds the same way: one runnable ESM bundle (the Prisma 7 client needs ESM), our libs
 * bundled in from their TypeScript sources, npm packages left external.
 */
export const appBuild = (entry: string[] = ['src/main.ts', 'src/index.ts']) =>
  defineConfig({
    entry,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    skipNodeModulesBundle: true,
    noExternal: [/^@propfolio\//],
  });
