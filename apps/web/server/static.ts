import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { AppError } from '@propfolio/core';
import { DEFAULT_HTML_CSP, sendProblem } from '@propfolio/http';
import { Precompressed } from './precompressed.js';

/** Paths the API, the dashboard API and MCP own: the dashboard never answers them. */
const API_PREFIXES = ['/api', '/app/api', '/mcp'];
const ownedByApi = (path: string) => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** Where `vite build` wrote the dashboard (resolved through the workspace package, bundled or not). */
export function webDistDir(): string {
  if (process.env.WEB_DIST_DIR) return process.env.WEB_DIST_DIR;
  const pkg = createRequire(import.meta.url).resolve('@propfolio/web/package.json');
  return join(dirname(pkg), 'dist');
}

/**
 * What the dashboard page may load and who may frame it. The built app is only same-origin scripts, styles
 * and API calls (no inline script or style, no eval), so anything else a page tries is an injection: the
 * browser refuses it. No other site may frame the pages where people sign in and issue API keys. That is the
 * HTTP kit's default for HTML answers, named here for the page that relies on it.
 */
export const DASHBOARD_CSP = DEFAULT_HTML_CSP;

/**
 * A page request: a GET that accepts HTML at all, by name, through a wildcard Accept (curl's default) or with
 * no Accept header: a browser, curl, a load balancer's or an ingress's probe of `/`. Only a client that accepts
 * JSON and not HTML gets the problem.
 * A path naming a file (it has an extension) is never a page: a missing asset stays a 404.
 */
const wantsPage = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && !/\.[^/]*$/.test(req.path) && req.accepts('html') !== false;

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the built dashboard at `/`: hashed assets with a long cache, `index.html` for any other page
 * asked for (the client router takes it from there), and a problem+json 404 for everything else outside
 * the API prefixes. Scripts, styles and the page go out as the build's Brotli or gzip twin when the browser
 * accepts one (never compressed per request). Mount it before the API; it passes API paths through untouched.
 */
export function webRouter(distDir: string = webDistDir()): Router {
  const router = express.Router();
  const index = join(distDir, 'index.html');
  const built = existsSync(index);
  const compressed = new Precompressed(distDir);
  router.use('/assets', compressed.handler({ maxAge: YEAR_MS, immutable: true }, 'assets'));
  router.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true, index: false }));
  router.use(compressed.handler({ maxAge: 0, immutable: false }));
  router.use(express.static(distDir, { index: false, maxAge: 0, fallthrough: true }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (ownedByApi(req.path)) {
      next();
      return;
    }
    if (built && wantsPage(req) && !req.path.startsWith('/assets/')) {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      // For browsers without frame-ancestors; the setup and invite links carry tokens in their query.
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'same-origin');
      compressed.send(req, res, () => res.sendFile(index), 'index.html', { maxAge: 0, immutable: false });
      return;
    }
    sendProblem(res, built ? AppError.notFound('Route') : new AppError('not_found', 'The dashboard is not built: run `npm run build`.'));
  });
  return router;
}
