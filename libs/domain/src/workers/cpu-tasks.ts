import {
  CoachInputError,
  fitPlans,
  replayPlans,
  simulateChallenge,
  type FitAnswer,
  type FitInput,
  type ReplayAnswer,
  type ReplayInput,
  type Simulation,
  type SimulationInput,
} from '@propfolio/coach';
import type { OperationContext } from '@propfolio/core';
import {
  buildSet,
  diagnoseSet,
  EaSettingsError,
  type BuildSetInput,
  type BuildSetResult,
  type DiagnoseSetInput,
  type DiagnoseSetResult,
} from '@propfolio/ea-settings';
import { readStatement, StatementError, type Statement } from '@propfolio/mt-statements';
import {
  TradeFileError,
  type TradeFile,
  type TradeFileErrorCode,
  type TradeFileErrorDetail,
  type TradeFileWhy,
} from '@propfolio/trade-files';
import { readTradeFileBytes, type TradeFileRequest } from '../statements/import-formats.js';

/**
 * The CPU-heavy work of the service, all pure: each kind's input and result, written once. The pool, its
 * worker and the in-process runner all take their types from this table, so a kind cannot be sent with
 * another kind's input or read as another kind's result.
 */
export interface CpuTaskTypes {
  /** Checks a `.set` file (libs/ea-settings). */
  diagnose: { input: DiagnoseSetInput; result: DiagnoseSetResult };
  /** Writes a `.set` file (libs/ea-settings). */
  build: { input: BuildSetInput; result: BuildSetResult };
  /** The coach's pass-probability simulation (libs/coach). */
  simulate: { input: SimulationInput; result: Simulation };
  /** The coach's replay of a history under every plan's rules (libs/coach, replay_plans). */
  replay: { input: ReplayInput; result: ReplayAnswer };
  /** Forward odds of many plans from one series (libs/coach fitPlans, fit_plans). */
  fit: { input: FitInput; result: FitAnswer };
  /** Reads a MetaTrader statement's bytes (libs/mt-statements). */
  statement: { input: Uint8Array; result: Statement };
  /** Reads another platform's trade export (libs/trade-files): cTrader, NinjaTrader, Tradovate, TopstepX. */
  tradeFile: { input: TradeFileRequest; result: TradeFile };
}

export type CpuTaskKind = keyof CpuTaskTypes;
/** One job: a kind with its own input (a discriminated union over {@link CpuTaskTypes}). */
export type CpuTask<K extends CpuTaskKind = CpuTaskKind> = { [P in K]: { kind: P; input: CpuTaskTypes[P]['input'] } }[K];
export type CpuResult<K extends CpuTaskKind> = CpuTaskTypes[K]['result'];

/** Whom a job is run for: a signed-in caller, or an anonymous client by its address (queue fairness, rate limits). */
export type CpuRequester = Pick<OperationContext, 'caller' | 'clientAddress'>;

/** Runs CPU jobs off the request path. Engine errors arrive as the engine's own error classes, as from an in-process call. */
export interface CpuPool {
  run<K extends CpuTaskKind>(task: CpuTask<K>, who?: CpuRequester): Promise<CpuResult<K>>;
  close(): Promise<void>;
}

const RUNNERS: { [K in CpuTaskKind]: (input: CpuTaskTypes[K]['input']) => CpuTaskTypes[K]['result'] } = {
  diagnose: diagnoseSet,
  build: buildSet,
  simulate: simulateChallenge,
  replay: replayPlans,
  fit: fitPlans,
  statement: (bytes) => readStatement(bytes),
  tradeFile: readTradeFileBytes,
};

/** Runs one job on the current thread: the worker's body. */
export function runCpuTask<K extends CpuTaskKind>(task: CpuTask<K>): CpuResult<K> {
  // The mapped table keeps kind and input together; TypeScript cannot correlate them through the index on its own.
  const run = RUNNERS[task.kind] as (input: CpuTask<K>['input']) => CpuResult<K>;
  return run(task.input);
}

/** An engine error as data: which engine threw it, and what it said (crosses a thread or process boundary). */
type CpuTaskError =
  | { engine: 'ea'; code: EaSettingsError['code']; message: string; field: string | undefined }
  | { engine: 'coach'; message: string; field: string }
  | { engine: 'statement'; code: StatementError['code']; message: string }
  | { engine: 'trade-file'; code: TradeFileErrorCode; message: string; detail: TradeFileErrorDetail; why?: TradeFileWhy };

/** A job's end as the child reports it: the result, an engine's error, or a bug (its stack, for the log). */
type CpuTaskOutcome<K extends CpuTaskKind = CpuTaskKind> =
  { ok: true; value: CpuResult<K> } | { ok: false; error: CpuTaskError } | { ok: false; bug: string };

/** Parent to child: one job. */
export interface CpuJobMessage {
  id: number;
  task: CpuTask;
}

/** Child to parent, once: listening for jobs. */
export interface CpuChildReady {
  ready: true;
}

/** Child to parent: that job's outcome. */
export interface CpuJobAnswer {
  id: number;
  outcome: CpuTaskOutcome;
}

/** Child to parent, before the answer: the next items of one of the result's long lists (see {@link RESULT_LISTS}). */
export interface CpuJobPart {
  id: number;
  list: string;
  items: unknown[];
}

/**
 * The results' long lists, which cross from the child in parts of PART_ITEMS items rather than inside the answer.
 * The parent deserializes each message on its event loop in one step: a 4.75 MiB trade file's 30,000 positions in one
 * message held it 0.2–0.8 s (docs/performance.md, "Trade files"); a part of 1,000 takes a few ms, and the child sends
 * the next only once the last has left it, so the parent reads them between other requests.
 */
export const RESULT_LISTS: { readonly [K in CpuTaskKind]?: readonly ListKey<CpuResult<K>>[] } = {
  statement: ['positions', 'transactions'],
  tradeFile: ['positions'],
};
/** The keys of a result whose values are arrays. */
type ListKey<R> = { [P in keyof R]-?: R[P] extends readonly unknown[] ? P : never }[keyof R] & string;

/** Items a part carries: about 320 KB of a trade file's positions, 5–10 ms to deserialize on an idle core. */
export const PART_ITEMS = 1_000;

/** The result with its long lists emptied, and the lists: what the child sends as the answer and as parts. */
export function splitResult(kind: CpuTaskKind, value: unknown): { rest: unknown; lists: [string, unknown[]][] } {
  const keys = RESULT_LISTS[kind];
  if (keys === undefined || typeof value !== 'object' || value === null) return { rest: value, lists: [] };
  const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const lists: [string, unknown[]][] = [];
  for (const key of keys) {
    const list = rest[key];
    if (!Array.isArray(list)) continue;
    lists.push([key, list]);
    rest[key] = [];
  }
  return { rest, lists };
}

/** The parts received put back into the answer's emptied lists (the parent's side of {@link splitResult}). */
export function joinResult(value: unknown, parts: ReadonlyMap<string, unknown[][]>): unknown {
  if (parts.size === 0 || typeof value !== 'object' || value === null) return value;
  const whole: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, chunks] of parts) whole[key] = chunks.flat();
  return whole;
}

/** An engine's own error as data, or undefined for anything else (a bug, which stays an error). */
export function taskErrorOf(error: unknown): CpuTaskError | undefined {
  if (error instanceof EaSettingsError) return { engine: 'ea', code: error.code, message: error.message, field: error.field };
  if (error instanceof CoachInputError) return { engine: 'coach', message: error.message, field: error.field };
  if (error instanceof StatementError) return { engine: 'statement', code: error.code, message: error.message };
  if (error instanceof TradeFileError) {
    const why = error.reason === null ? {} : { why: { reason: error.reason, params: error.params } };
    return { engine: 'trade-file', code: error.code, message: error.message, detail: error.detail, ...why };
  }
  return undefined;
}

/** The engine error again, on the side that sent the job. */
export function engineError(error: CpuTaskError): Error {
  switch (error.engine) {
    case 'ea':
      return new EaSettingsError(error.code, error.message, error.field);
    case 'coach':
      return new CoachInputError(error.message, error.field);
    case 'statement':
      return new StatementError(error.code, error.message);
    case 'trade-file':
      return new TradeFileError(error.code, error.message, error.detail, error.why);
  }
}
