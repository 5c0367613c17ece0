import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
  format: ['esm', 'cjs'],
  // tsup injects `baseUrl`, which TypeScript 6 deprecates.
  dts: { entry: { index: 'src/index.ts' }, compilerOptions: { ignoreDeprecations: '6.0' } },
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
  external: ['iconv-lite'],
});
