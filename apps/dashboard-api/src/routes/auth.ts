import { Router, type Request, type Response } from 'express';
import { AppError } from '@propfolio/core';
import type { UserModel } from '@propfolio/db';
import { toUserView } from '@propfolio/domain';
import { requestState } from '@propfolio/http';
import type { DashboardDeps } from '../deps.js';
import { clearSessionCookie, setSessionCookie } from '../http/cookies.js';
import { isHttps } from '../http/origin.js';
import { requireSession, sessionOf, signedIn } from '../http/session.js';
import { throttleSignIn } from '../http/sign-in-throttle.js';
import { throttleSignUp } from '../http/sign-up-throttle.js';
import { body } from '../http/body.js';

/** Setup link, password-reset link, sign-up, sign-in, sign-out and the signed-in user's own profile. */
export function authRoutes(deps: DashboardDeps): Router {
  const { domain, config } = deps;
  const router = Router();
  const secure = (req: Request) => config.cookieSecure || isHttps(req, config);

  /** A new session for `user` (a fresh id every time: rotation), its cookie, and the `{ user, csrfToken }` answer. */
  const startSession = async (req: Request, res: Response, user: UserModel, status: number) => {
    const previous = sessionOf(res);
    if (previous) await domain.sessions.end(previous.sessionId);
    const session = await domain.sessions.create(user.id);
    setSessionCookie(res, session.token, session.expiresAt, secure(req));
    res.status(status).json({ user: toUserView(user), csrfToken: session.csrfToken });
  };

  router.get('/setup', async (_req, res) => {
    res.json({ needed: await domain.setup.needed() });
  });

  router.post('/setup', async (req, res) => {
    const input = body(req);
    const user = await domain.setup.complete(input.token, { email: input.email, password: input.password, name: input.name });
    await startSession(req, res, user, 200);
  });

  /** An administrator's password-reset link: the new password, every other session ended, this one started. */
  router.post('/auth/password-reset', async (req, res) => {
    const input = body(req);
    const user = await deps.passwordResets.complete(input.token, input.password);
    await startSession(req, res, user, 200);
  });

  router.post('/auth/sign-up', async (req, res) => {
    const input = body(req);
    const invited = input.invite !== undefined && input.invite !== null && input.invite !== '';
    if (!invited && config.signup !== 'open') {
      throw new AppError('signup_closed', 'Sign-up is by invitation only on this service. Ask an administrator for an invite link.');
    }
    if (invited) await domain.invites.check(input.invite, input.email);
    else await throttleSignUp(deps.signUpLimiter, requestState(res).clientAddress);
    const user = await domain.users.create(
      { email: input.email, password: input.password, name: input.name, language: input.language },
      invited ? { inSameTransaction: (tx, created) => domain.invites.consume(tx, input.invite, String(input.email), created.id) } : {},
    );
    await startSession(req, res, user, 201);
  });

  router.post('/auth/sign-in', async (req, res) => {
    const input = body(req);
    await throttleSignIn(deps.signInLimiters, input.email, requestState(res).clientAddress);
    const user = await domain.users.verifyCredentials(input.email, input.password);
    await startSession(req, res, user, 200);
  });

  router.post('/auth/sign-out', requireSession, async (req, res) => {
    await domain.sessions.end(signedIn(res).sessionId);
    clearSessionCookie(res, secure(req));
    res.status(204).end();
  });

  router.post('/auth/sign-out-everywhere', requireSession, async (req, res) => {
    await domain.sessions.endAll(signedIn(res).user.id);
    clearSessionCookie(res, secure(req));
    res.status(204).end();
  });

  /** The session state: signed out is an answer here (200 `{ signedIn: false }`), not an error to log. */
  router.get('/me', (_req, res) => {
    const session = sessionOf(res);
    res.setHeader('Cache-Control', 'no-store');
    if (!session) res.json({ signedIn: false });
    else res.json({ signedIn: true, user: toUserView(session.user), csrfToken: session.csrfToken });
  });

  router.patch('/me', requireSession, async (req, res) => {
    const session = signedIn(res);
    const input = body(req);
    const user = await domain.users.updateProfile(session.user.id, { name: input.name, language: input.language });
    res.json({ user: toUserView(user), csrfToken: session.csrfToken });
  });

  return router;
}
