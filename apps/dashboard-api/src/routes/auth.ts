import { Router, type Request, type Response } from 'express';
import { AppError, parseInput } from '@propfolio/core';
import type { UserModel } from '@propfolio/db';
import { toUserView } from '@propfolio/domain';
import { requestState } from '@propfolio/http';
import type { Answer, MeSchema, SetupNeededSchema, SessionAnswer } from '../answers.js';
import { DASHBOARD_ROUTES as ROUTES } from '../api-routes.js';
import { PasswordResetInput, ProfileInput, SetupInput, SignInInput, SignUpInput } from '../contracts.js';
import type { DashboardDeps } from '../deps.js';
import { clearSessionCookie, setSessionCookie } from '../http/cookies.js';
import { isHttps } from '../http/origin.js';
import { serve } from '../http/serve.js';
import { requireSession, sessionOf, signedIn } from '../http/session.js';
import { throttleSignIn } from '../http/sign-in-throttle.js';
import { throttleSignUp } from '../http/sign-up-throttle.js';
import { serviceRules } from '../service-rules.js';

/** Setup link, password-reset link, sign-up, sign-in, sign-out and the signed-in user's own profile. */
export function authRoutes(deps: DashboardDeps): Router {
  const { domain, config } = deps;
  const router = Router();
  const secure = (req: Request) => config.cookieSecure || isHttps(req, config);
  const rules = serviceRules(config);
  const sessionAnswer = (user: UserModel, csrfToken: string): SessionAnswer => ({ user: toUserView(user), csrfToken, rules });

  /** A new session for `user` (a fresh id every time: rotation), its cookie, and the `{ user, csrfToken, rules }` answer. */
  const startSession = async (req: Request, res: Response, user: UserModel, status: number) => {
    const previous = sessionOf(res);
    if (previous) await domain.sessions.end(previous.sessionId);
    const session = await domain.sessions.create(user.id);
    setSessionCookie(res, session.token, session.expiresAt, secure(req));
    res.status(status).json(sessionAnswer(user, session.csrfToken));
  };

  serve(router, ROUTES.setupState, async (_req, res) => {
    res.json({ needed: await domain.setup.needed() } satisfies Answer<typeof SetupNeededSchema>);
  });

  serve(router, ROUTES.setup, async (req, res) => {
    const input = await parseInput(SetupInput, req.body);
    const user = await domain.setup.complete(input.token, {
      email: input.email,
      password: input.password,
      name: input.name,
      language: input.language,
    });
    await startSession(req, res, user, ROUTES.setup.status);
  });

  /** An administrator's password-reset link: the new password, every other session ended, this one started. */
  serve(router, ROUTES.passwordReset, async (req, res) => {
    const input = await parseInput(PasswordResetInput, req.body);
    const user = await deps.passwordResets.complete(input.token, input.password);
    await startSession(req, res, user, ROUTES.passwordReset.status);
  });

  serve(router, ROUTES.signUp, async (req, res) => {
    const input = await parseInput(SignUpInput, req.body);
    const invite = input.invite ?? '';
    const invited = invite !== '';
    if (!invited && config.signup !== 'open') {
      throw new AppError('signup_closed', 'Sign-up is by invitation only on this service. Ask an administrator for an invite link.');
    }
    if (invited) await domain.invites.check(invite, input.email);
    else await throttleSignUp(deps.signUpLimiter, requestState(res).clientAddress);
    const user = await domain.users.create(
      { email: input.email, password: input.password, name: input.name, language: input.language },
      invited ? { inSameTransaction: (tx, created) => domain.invites.consume(tx, invite, input.email, created.id) } : {},
    );
    await startSession(req, res, user, ROUTES.signUp.status);
  });

  serve(router, ROUTES.signIn, async (req, res) => {
    const input = await parseInput(SignInInput, req.body);
    await throttleSignIn(deps.signInLimiters, input.email, requestState(res).clientAddress);
    const user = await domain.users.verifyCredentials(input.email, input.password);
    await startSession(req, res, user, ROUTES.signIn.status);
  });

  serve(router, ROUTES.signOut, requireSession, async (req, res) => {
    await domain.sessions.end(signedIn(res).sessionId);
    clearSessionCookie(res, secure(req));
    res.status(204).end();
  });

  serve(router, ROUTES.signOutEverywhere, requireSession, async (req, res) => {
    await domain.sessions.endAll(signedIn(res).user.id);
    clearSessionCookie(res, secure(req));
    res.status(204).end();
  });

  /** The session state: signed out is an answer here (200 `{ signedIn: false }`), not an error to log. */
  serve(router, ROUTES.me, (_req, res) => {
    const session = sessionOf(res);
    res.setHeader('Cache-Control', 'no-store');
    const answer: Answer<typeof MeSchema> = session
      ? { signedIn: true, ...sessionAnswer(session.user, session.csrfToken) }
      : { signedIn: false };
    res.json(answer);
  });

  serve(router, ROUTES.updateProfile, requireSession, async (req, res) => {
    const session = signedIn(res);
    const input = await parseInput(ProfileInput, req.body);
    const user = await domain.users.updateProfile(session.user.id, { name: input.name, language: input.language });
    res.json(sessionAnswer(user, session.csrfToken));
  });

  return router;
}
