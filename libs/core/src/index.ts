export * from './errors.js';
export * from './dates.js';
export * from './cursor.js';
export * from './config.js';
export * from './logger.js';
export { Doc, fieldDoc, type FieldDoc } from './contract/field-docs.js';
export { FormerName } from './contract/former-names.js';
export {
  Compose,
  IsIsoDate,
  IsIsoInstant,
  MatchesSchema,
  IsScalar,
  UpperCase,
  Trim,
  NumberFromQuery,
  IS_ISO_DATE,
  IS_ISO_INSTANT,
  IS_SCALAR,
  MATCHES_SCHEMA,
} from './contract/validators.js';
export { parseInput, type Constructor } from './contract/parse-input.js';
export { contractSchema, type JsonSchema } from './contract/json-schema.js';
export {
  defineOperation,
  type Operation,
  type OperationContext,
  type Caller,
  type Scope,
  type RestFile,
  type RestBytes,
  type RestUpload,
  type Upload,
} from './contract/operation.js';
export { contentHash } from './content-hash.js';
export { SharedFlights } from './shared-flights.js';
export { exceedsJsonDepth, tooDeepError, MAX_JSON_DEPTH } from './json-depth.js';
export { SUPPORTED_NODE_ENGINES, nodeSatisfies, unsupportedNodeWarning, warnIfUnsupportedNode } from './node-support.js';
export { CursorPageQuery } from './contract/page-query.js';
export { KEY_NEEDED_MESSAGE, TRACKER_SCOPE_MESSAGE, mayRun, type Authenticator } from './contract/access.js';
export type { RateDecision, RateLimiter } from './rate-limiter.js';
