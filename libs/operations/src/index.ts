export { createAppContext, openAppContext, serviceOrigin, type AppContext, type AppContextOptions } from './app-context.js';
export { executeOperation, mayRun, KEY_NEEDED_MESSAGE, TRACKER_SCOPE_MESSAGE } from './execute.js';
export { restInput, type HttpInputSource } from './rest-input.js';
export { bearerToken } from './bearer.js';
export type { Authenticator } from './registry.js';
export type { RateDecision, RateLimiter } from './rate-limit/index.js';
export { memoryRateLimiter, redisRateLimiter, databaseRateLimiter } from './rate-limit/index.js';
export { eaClientScope } from './public/ea/client-scope.js';
