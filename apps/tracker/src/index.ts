export { backoffDelayMs, parseRetryAfter, retryDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
export { TrackerClient, type CallResult, type FetchLike, type SentRequest, type TrackerClientOptions } from './client.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export { parseFigures, readFigures } from './figures.js';
export * from './protocol.js';
export { DEFAULT_QUEUE_CAP, FileQueue, type PositionsItem, type QueueItem, type ReportItem, type SnapshotItem } from './queue.js';
export { runLoop, runOnce, type RunEnd, type RunOptions } from './run.js';
export {
  REMEMBERED_POSITIONS,
  Tracker,
  silentLogger,
  type Figures,
  type Logger,
  type OpenDay,
  type TrackerOptions,
  type TrackerState,
  type TrackerStats,
} from './tracker.js';
export { GUARD_OFF, GUARD_START, guardStep, type GuardDecision, type GuardLevels, type GuardSettings, type GuardState } from './guard.js';
export {
  THRESHOLD_ALERTS_START,
  deepestNewlyCrossed,
  percentLeft,
  thresholdAlertText,
  thresholdAlertsStep,
  type AlertAccount,
  type AlertLevels,
  type ThresholdAlert,
  type ThresholdAlertState,
} from './threshold-alerts.js';
