import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';
import type { Config } from '@propfolio/core';

const first = (value: string | undefined): string | undefined => value?.split(',')[0]?.trim() || undefined;

/** HTTPS as the browser saw it: the socket itself, or the proxy's X-Forwarded-Proto when TRUST_PROXY is on. */
export function isHttps(req: Request, config: Config): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  return config.trustProxy && first(req.header('x-forwarded-proto'))?.toLowerCase() === 'https';
}

/** The service's own origin: PUBLIC_URL when set, else this request's scheme and Host. */
export function ownOrigin(req: Request, config: Config): string | undefined {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = req.header('host');
  return host ? `${isHttps(req, config) ? 'https' : 'http'}://${host}`.toLowerCase() : undefined;
}

/** The origin a browser says the request comes from: Origin, else the Referer's origin. */
export function requestOrigin(req: Request): string | undefined {
  const origin = req.header('origin');
  if (origin !== undefined) return origin.toLowerCase();
  const referer = req.header('referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return undefined;
  }
}
