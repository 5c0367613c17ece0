export { authenticateRequests, type Refusal } from './authenticate.js';
export { connectionDrain, type ConnectionDrain } from './drain.js';
export { healthRoutes } from './health.js';
export { refuseDeepJson } from './json-depth.js';
export { refuseNonUtf8Json } from './json-charset.js';
export { malformedPathError, respondWithError, sendProblem, toAppError } from './problem.js';
export { rateLimitRequests } from './rate-limit/rate-limit-requests.js';
export { clientAddress, requestContext, requestState, type RequestState } from './request-context.js';
export { stopGracefully } from './serve.js';
export { jsonBodies } from './json-bodies.js';
export { bearerToken } from './bearer.js';
export {
  createRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
  databaseRateLimiter,
  type RateDecision,
  type RateLimiter,
} from './rate-limit/index.js';
export { DEFAULT_HTML_CSP, securityHeaders } from './security-headers.js';
export { OperationRunner, type OperationRunnerOptions } from './operation-runner.js';
export { answerJson, answerJsonLiteral } from './answer-json.js';
export type { IdempotencyDeps } from './idempotency-key.js';
export { requireJsonBodies } from './require-json.js';
export { bytesBound, rawBodies } from './raw-bodies.js';
