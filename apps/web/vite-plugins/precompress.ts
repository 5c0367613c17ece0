import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth a compressed twin: text the browser loads (scripts, styles, the page, icons, the worker). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** The compressed twins of one file, keyed by the Content-Encoding they are served with. */
export function compressedTwins(source: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(source, { level: 9 }),
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, once, at build time: the web router
 * sends them to a browser that accepts them (`apps/web/server/precompressed.ts`), so no request ever compresses
 * a bundle on the event loop. Runs after the service worker's asset list is written, so the twins are not in it.
 */
export function precompress(): Plugin {
  return {
    name: 'propfolio-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        // the manifest (.vite/) is read by tools, never served
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.')) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        if (source.length < MIN_BYTES) continue;
        const { br, gzip } = compressedTwins(source);
        // a twin that is not smaller is never worth sending
        if (br.length < source.length) writeFileSync(`${path}.br`, br);
        if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
