import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'propfolio_session';

/** The value of cookie `name` in the request, or undefined (no cookie-parser needed for one cookie). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.header('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs),
 * Path=/, Secure whenever the request came over HTTPS or COOKIE_SECURE says so.
 */
export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  res.append('Set-Cookie', `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
