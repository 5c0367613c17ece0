export { executeOperation, mayRun, KEY_NEEDED_MESSAGE, TRACKER_SCOPE_MESSAGE } from './execute.js';
export { AnswerCache } from './answers/answer-cache.js';
export { withAnswerCache } from './answers/cached-operations.js';
