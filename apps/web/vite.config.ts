import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-plugins/precompress.js';

/**
 * The tracker EA's source, served as downloads by the dashboard's static server (`/downloads/…`): the files
 * are copied byte for byte from apps/tracker at build time, so the P&L page links to exactly the source in
 * the repository. The dev server answers the same URLs from the same files.
 */
const TRACKER_FILES = {
  'downloads/PropfolioTracker.mq5': resolve(import.meta.dirname, '../tracker/mql5/PropfolioTracker.mq5'),
  'downloads/PropfolioTracker.mq4': resolve(import.meta.dirname, '../tracker/mql4/PropfolioTracker.mq4'),
};

function trackerDownloads(): Plugin {
  return {
    name: 'propfolio-tracker-downloads',
    buildStart() {
      for (const file of Object.values(TRACKER_FILES)) this.addWatchFile(file);
    },
    generateBundle() {
      for (const [fileName, path] of Object.entries(TRACKER_FILES)) this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = Object.entries(TRACKER_FILES).find(([name]) => req.url === `/${name}`)?.[1];
        if (!path) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'application/octet-stream');
        res.end(readFileSync(path));
      });
    },
  };
}

/**
 * The service worker (`/sw.js`), written with the list of this build's files: it keeps the app shell and every
 * hashed asset (each page's lazy chunk included) so that navigating offline to a page not visited yet opens the
 * app's own offline state instead of the browser's error page. API calls are never cached.
 */
function offlineShell(): Plugin {
  return {
    name: 'propfolio-offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/'))
        .map((f) => `/${f}`)
        .sort();
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(resolve(import.meta.dirname, 'src/sw.template.mjs'), 'utf8')
        .replace('__VERSION__', version)
        .replace('__ASSETS__', JSON.stringify(assets));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Static build of the dashboard. No React plugin: Vite 8's own Oxc transform compiles JSX (automatic
 * runtime); fast refresh is not needed. Relative asset paths (`base: './'`) would break deep links, so
 * the app is served from the origin root — the same origin as /api/v1 and /app/api.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [trackerDownloads(), offlineShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: which chunks each page loads, for the page weights in docs/dashboard.md (never served: a dot folder)
    manifest: true,
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
