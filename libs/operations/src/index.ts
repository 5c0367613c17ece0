export { executeOperation, mayRun, KEY_NEEDED_MESSAGE, TRACKER_SCOPE_MESSAGE } from './execute.js';
export { restInput, type HttpInputSource } from './rest-input.js';
export { eaOperations } from './ea/ea.operations.js';
export { eaEngineFromConfig, type EaEngine } from './ea/engine.js';
export { AnswerCache } from './answers/answer-cache.js';
export { withAnswerCache } from './answers/cached-operations.js';
export { answerEtag, answerJson, answerJsonLiteral, oncePerKeptAnswer } from './answers/answer-json.js';
