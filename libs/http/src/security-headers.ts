import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '@propfolio/core';

/**
 * The policy of an HTML answer that sets none of its own: same-origin scripts, styles and requests only,
 * no plugins, no framing by anyone. The dashboard's page relies on it (DASHBOARD_CSP, apps/web/server/static.ts).
 */
export const DEFAULT_HTML_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ONE_YEAR_SECONDS = 31_536_000;
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** `policy` with 'sha256-…' sources for each inline script of `html` added to script-src. */
function allowInlineScripts(policy: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '')
    .map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  if (hashes.length === 0) return policy;
  const directives = policy.split(';').map((part) => part.trim());
  const index = directives.findIndex((part) => /^script-src\s/i.test(part));
  if (index >= 0) directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  else directives.push(`script-src 'self' ${hashes.join(' ')}`);
  return directives.join('; ');
}

/** HTTPS as the browser saw it: the socket itself, or the trusted proxy's X-Forwarded-Proto. */
function isHttps(req: Request, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  const forwarded = req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return trustProxy && forwarded === 'https';
}

/** A header as set on `res` or passed to writeHead (`name` lower-case), as text; undefined when absent. */
function headerOf(res: ServerResponse, headers: OutgoingHttpHeaders | undefined, name: string): string | undefined {
  const value = res.getHeader(name) ?? Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Headers every answer of the process carries, whichever router sent it: `nosniff` always; HSTS when the
 * request came over HTTPS (directly, or through a proxy trusted with TRUST_PROXY); and for any HTML page
 * that does not set its own (a static .html file, an error page, the API docs) a Content-Security-Policy
 * (`htmlCsp`, with the hashes of the page's own inline scripts when it is sent in one piece), framing
 * refused (X-Frame-Options DENY) and same-origin referrers. Set when the status line is written, so the
 * type the router chose decides.
 */
export function securityHeaders(config: Pick<Config, 'trustProxy'>, htmlCsp: string = DEFAULT_HTML_CSP): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (isHttps(req, config.trustProxy)) res.setHeader('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}`);
    let wholeBody: unknown;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      if (!res.headersSent) wholeBody = args[0];
      return end(...args);
    }) as Response['end'];
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
      if (/^text\/html\b/i.test(headerOf(res, headers, 'content-type') ?? '')) {
        if (headerOf(res, headers, 'content-security-policy') === undefined) {
          const html = typeof wholeBody === 'string' ? wholeBody : Buffer.isBuffer(wholeBody) ? wholeBody.toString('utf8') : '';
          res.setHeader('Content-Security-Policy', allowInlineScripts(htmlCsp, html));
        }
        if (headerOf(res, headers, 'x-frame-options') === undefined) res.setHeader('X-Frame-Options', 'DENY');
        if (headerOf(res, headers, 'referrer-policy') === undefined) res.setHeader('Referrer-Policy', 'same-origin');
      }
      return writeHead(...args);
    }) as Response['writeHead'];
    next();
  };
}
