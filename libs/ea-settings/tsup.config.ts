import { defineConfig, type Options } from 'tsup';

// The library is platform-neutral (browsers, Electron/Tauri, Node); only the CLI touches node:* modules.
// ESM: index + cli share one chunk; CJS: index only. `npm run build` empties dist first (the two configs run at once).
const common: Options = { outDir: 'dist', clean: false, treeshake: true, target: 'es2022', platform: 'neutral', external: [/^node:/] };

export default defineConfig([
  {
    ...common,
    entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
    format: ['esm'],
    splitting: true,
    // tsup injects `baseUrl`, which TypeScript 6 deprecates. Writes index.d.ts and index.d.cts.
    dts: { entry: { index: 'src/index.ts' }, compilerOptions: { ignoreDeprecations: '6.0' } },
  },
  { ...common, entry: { index: 'src/index.ts' }, format: ['cjs'] },
]);
