export { authenticateRequests, type Refusal } from './authenticate.js';
export { connectionDrain, type ConnectionDrain } from './drain.js';
export { healthRoutes } from './health.js';
export { refuseDeepJson } from './json-depth.js';
export { malformedPathError, respondWithError, sendProblem, toAppError } from './problem.js';
export { rateLimitRequests } from './rate-limit.js';
export { clientAddress, requestContext, requestState, type RequestState } from './request-context.js';
export { stopGracefully } from './serve.js';
export { listen, runService } from './run-service.js';
