import type { Config, Logger, Operation } from '@propfolio/core';
import type { DomainServices, PasswordResetService } from '@propfolio/domain';
import type { OperationRunner } from '@propfolio/http';
import type { AnswerCache } from '@propfolio/operations';
import type { RateLimiter } from '@propfolio/core';
import type { SignInLimiters } from './http/sign-in-throttle.js';

/** What the dashboard routes use: the shared services and settings, nothing of their own. */
export interface DashboardDeps {
  config: Config;
  logger: Logger;
  domain: DomainServices;
  /** Admin-issued password-reset links. */
  passwordResets: PasswordResetService;
  operations: readonly Operation[];
  /** Runs a record operation as REST does, with the session's user as caller (file forms stay JSON). */
  runner: OperationRunner;
  /** Deletions and restores run as writes of the caller, so their kept answers wait for them. */
  answers: AnswerCache;
  signInLimiters: SignInLimiters;
  /** Open sign-ups per client IP (see SIGNUPS_PER_IP_PER_HOUR). */
  signUpLimiter: RateLimiter;
}
