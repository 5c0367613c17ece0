import { defineConfig } from 'tsup';

/**
 * The image's operator commands as bundles, built beside the apps' own bundles (deploy/Containerfile):
 * `migrate` (tools/db-migrate.ts: migrations and the catalog import, then exit), `keys`, `users` and `fx`.
 * Built the way the separately deployable apps are (tools/tsup-app.ts): our libs bundled in from their
 * TypeScript sources, npm packages left external and copied into the image by deploy/prune-modules.mjs.
 * Run from the repository root: `npx tsup --config deploy/tsup.cli.ts`.
 */
export default defineConfig({
  // pglite-host: the embedded database's thread, started by path (libs/db/src/pglite-thread.ts).
  entry: {
    migrate: 'tools/db-migrate.ts',
    keys: 'tools/keys.ts',
    users: 'tools/users.ts',
    fx: 'tools/fx.ts',
    'pglite-host': 'libs/db/src/pglite-host.mjs',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'deploy/dist/cli',
  clean: true,
  sourcemap: true,
  skipNodeModulesBundle: true,
  noExternal: [/^@propfolio\//],
});
