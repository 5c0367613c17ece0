import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@propfolio/core';
import { refuseAsJsonRpc } from './json-rpc-error.js';

/**
 * A refusal of this DNS-rebinding check, as every refusal before the MCP layer is answered (docs/mcp-clients.md):
 * 403 with JSON-RPC -32003, `forbidden: …` in the message and the REST problem in `error.data`.
 */
function forbid(res: Response, detail: string): void {
  refuseAsJsonRpc(res, new AppError('forbidden', detail), {});
}

/**
 * The Host header must name one of MCP_ALLOWED_HOSTS (any port): a DNS name rebound to this machine arrives
 * under its own Host. Our own check instead of the SDK's hostHeaderValidation, which answers -32000 and no data.
 */
export function hostValidation(allowedHosts: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    let hostname: string | undefined;
    try {
      hostname = host === undefined ? undefined : new URL(`http://${host}`).hostname;
    } catch {
      hostname = undefined;
    }
    if (hostname !== undefined && allowedHosts.includes(hostname)) {
      next();
      return;
    }
    forbid(res, host === undefined ? 'The request has no Host header.' : `Host ${host} is not allowed (see MCP_ALLOWED_HOSTS).`);
  };
}

/**
 * One allowed browser origin: exact (`https://app.example.com`, `http://localhost:6274`, the port is part
 * of it) or with any port (`http://localhost:*`). Anything else in the list is a configuration mistake.
 */
interface OriginRule {
  protocol: string;
  hostname: string;
  /** The exact origin, or null for "any port". */
  origin: string | null;
}

function parseRule(entry: string): OriginRule | null {
  const anyPort = /^(https?:\/\/[^/:]+|https?:\/\/\[[^\]]+\]):\*$/i.exec(entry);
  try {
    const url = new URL(anyPort ? `${anyPort[1]}` : entry);
    return { protocol: url.protocol, hostname: url.hostname, origin: anyPort ? null : url.origin };
  } catch {
    return null;
  }
}

/**
 * The origins accepted when MCP_ALLOWED_ORIGINS is unset: the server's own origin on each allowed host
 * (same port), so a page served elsewhere on localhost cannot drive it.
 */
export function defaultOrigins(allowedHosts: string[], port: number): string[] {
  return allowedHosts.map((host) => `http://${host}:${port}`);
}

export function originMatcher(allowed: string[]): (origin: string) => boolean {
  const rules = allowed.map(parseRule).filter((rule): rule is OriginRule => rule !== null);
  return (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    return rules.some((rule) =>
      rule.origin === null ? rule.protocol === url.protocol && rule.hostname === url.hostname : rule.origin === url.origin,
    );
  };
}

/**
 * Browsers always send Origin; a page on a foreign origin must not drive a local server (DNS rebinding).
 * An Origin is accepted only when it matches the allow-list exactly, port included.
 */
export function originValidation(allowed: string[]) {
  const matches = originMatcher(allowed);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (origin === undefined || matches(origin)) {
      next();
      return;
    }
    forbid(res, `Origin ${origin} is not allowed (see MCP_ALLOWED_ORIGINS).`);
  };
}
