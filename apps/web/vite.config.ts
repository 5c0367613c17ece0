import { defineConfig } from 'vite';

/**
 * Static build of the dashboard. No React plugin: Vite 8's own Oxc transform compiles JSX (automatic
 * runtime); fast refresh is not needed. Relative asset paths (`base: './'`) would break deep links, so
 * the app is served from the origin root — the same origin as /api/v1 and /app/api.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      // TanStack ships React Server Components' "use client" markers; meaningless in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/app/api': 'http://127.0.0.1:3000', '/mcp': 'http://127.0.0.1:3000' },
  },
});
