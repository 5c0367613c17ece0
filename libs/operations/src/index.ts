export { createAppContext, openAppContext, type AppContext, type AppContextOptions } from './app-context.js';
export { executeOperation, KEY_NEEDED_MESSAGE } from './execute.js';
export { bearerToken } from './bearer.js';
export type { Authenticator } from './registry.js';
export type { RateDecision, RateLimiter } from './rate-limit/index.js';
export { memoryRateLimiter } from './rate-limit/index.js';
export * from './http/index.js';
export { eaClientScope } from './public/ea/client-scope.js';
