import { defineConfig } from 'tsup';

/** One runnable file, no dependencies: `node dist/cli.js` (the `propfolio-tracker` bin). */
export default defineConfig({
  entry: { cli: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
});
