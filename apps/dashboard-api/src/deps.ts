import type { Config, Logger, Operation } from '@propfolio/core';
import type { DomainServices } from '@propfolio/domain';
import type { SignInLimiters } from './http/sign-in-throttle.js';

/** What the dashboard routes use: the shared services and settings, nothing of their own. */
export interface DashboardDeps {
  config: Config;
  logger: Logger;
  domain: DomainServices;
  operations: readonly Operation[];
  signInLimiters: SignInLimiters;
}
