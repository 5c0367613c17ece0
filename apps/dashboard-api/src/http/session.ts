import type { NextFunction, Request, Response } from 'express';
import { AppError, type Caller, type Config } from '@propfolio/core';
import { safeEqual, type ActiveSession, type SessionService } from '@propfolio/domain';
import { requestState } from '@propfolio/http';
import { readCookie, SESSION_COOKIE, setSessionCookie } from './cookies.js';
import { isHttps, ownOrigin, requestOrigin } from './origin.js';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The signed-in session of this request, or null; set by `loadSession`. */
export function sessionOf(res: Response): ActiveSession | null {
  return (res.locals.dashboardSession as ActiveSession | undefined) ?? null;
}

/** The session of a route behind `requireSession`. */
export function signedIn(res: Response): ActiveSession {
  const session = sessionOf(res);
  if (!session) throw new AppError('session_required', 'Sign in to use the dashboard.');
  return session;
}

export function callerOfSession(session: ActiveSession): Caller {
  return {
    userId: session.user.id,
    userName: session.user.displayName ?? session.user.name,
    credentialId: `session:${session.sessionId}`,
    scope: 'full',
  };
}

/** /app/api is for browsers with a session: an API key here is refused, never silently ignored. */
export function refuseApiKeys(req: Request, _res: Response, next: NextFunction): void {
  if (req.header('authorization') !== undefined) {
    throw new AppError(
      'session_required',
      'API keys are not accepted on /app/api: sign in (cookie session). Use keys on /api/v1 and /mcp.',
    );
  }
  next();
}

/** Resolves the session cookie (one indexed lookup) and makes the session the request's caller. */
export function loadSession(sessions: SessionService, config: Config) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = readCookie(req, SESSION_COOKIE);
    const session = token ? await sessions.resolve(token) : null;
    res.locals.dashboardSession = session;
    if (session) {
      requestState(res).caller = callerOfSession(session);
      if (session.refreshed && token) setSessionCookie(res, token, session.expiresAt, config.cookieSecure || isHttps(req, config));
    }
    next();
  };
}

/**
 * CSRF, first layer: a state-changing request must come from a page of this very origin (Origin, or
 * Referer without it). Applies to every POST/PATCH/DELETE, sign-in and sign-up included.
 */
export function requireSameOrigin(config: Config) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const from = requestOrigin(req);
    const own = ownOrigin(req, config);
    if (!from || !own || from !== own) {
      throw new AppError('forbidden', 'Cross-origin request refused: state-changing requests must come from the dashboard itself.');
    }
    next();
  };
}

/** 401 without a session; CSRF, second layer: state-changing requests carry the session's X-CSRF-Token. */
export function requireSession(req: Request, res: Response, next: NextFunction): void {
  const session = sessionOf(res);
  if (!session) throw new AppError('session_required', 'Sign in to use the dashboard.');
  if (STATE_CHANGING.has(req.method)) {
    const sent = req.header('x-csrf-token');
    if (!sent || !safeEqual(sent, session.csrfToken)) {
      throw new AppError('forbidden', 'Missing or wrong X-CSRF-Token header: send the csrfToken from sign-in or GET /app/api/me.');
    }
  }
  next();
}

export function requireAdmin(_req: Request, res: Response, next: NextFunction): void {
  if (!sessionOf(res)?.user.admin) throw new AppError('forbidden', 'Only an administrator may do this.');
  next();
}
