import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, type Config, type OperationContext } from '@propfolio/core';
import {
  EaSettingsError,
  type BuildSetInput,
  type BuildSetResult,
  type DiagnoseSetInput,
  type DiagnoseSetResult,
} from '@propfolio/ea-settings';
import { CoachInputError, type Simulation, type SimulationInput } from '@propfolio/coach';
import { StatementError, type Statement } from '@propfolio/mt-statements';
import type { EaTask, EaTaskResult, TaskError } from './ea-worker.js';
import type { RateLimiter } from '@propfolio/core';

/** Whom the public EA work is counted against: the key, or for anonymous callers the client address. */
type Requester = Pick<OperationContext, 'caller' | 'clientAddress'>;

/**
 * Runs the expensive public EA operations (diagnose, build) off the event loop: a small worker pool with a
 * bounded queue (503 when full) and a time budget per job (503 when exceeded, and the worker is replaced),
 * behind a stricter per-client rate limit than the general one (429).
 */
export interface EaEngine {
  diagnose(input: DiagnoseSetInput, who: Requester): Promise<DiagnoseSetResult>;
  build(input: BuildSetInput, who: Requester): Promise<BuildSetResult>;
  /** The coach's pass-probability simulation (throws CoachInputError like the in-process call). */
  simulate(input: SimulationInput): Promise<Simulation>;
  /** Reads a MetaTrader statement (throws StatementError like the in-process call). */
  readStatement(bytes: Uint8Array): Promise<Statement>;
  close(): Promise<void>;
}

interface EaEngineOptions {
  workers: number;
  queueLimit: number;
  jobTimeoutMs: number;
  limiter: RateLimiter;
}

/** The compiled worker next to the app bundle, else the TypeScript source run through tsx (tests, dev). */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'ea-worker.js');
  if (existsSync(built)) return { filename: pathToFileURL(built).href, execArgv: [] };
  const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs');
  return { filename: pathToFileURL(join(here, 'ea-worker.ts')).href, execArgv: ['--import', pathToFileURL(tsx).href] };
}

function engineError(error: TaskError): Error {
  switch (error.engine) {
    case 'ea':
      return new EaSettingsError(error.code, error.message, error.field);
    case 'coach':
      return new CoachInputError(error.message, error.field);
    case 'statement':
      return new StatementError(error.code, error.message);
  }
}

function createEaEngine(options: EaEngineOptions): EaEngine {
  const { filename, execArgv } = workerEntry();
  // Workers are started on first use and leave after a minute idle, so an instance that serves no EA work
  // holds no threads.
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: options.workers,
    maxQueue: options.queueLimit,
    idleTimeout: 60_000,
  });
  const busy = (): AppError =>
    new AppError('service_unavailable', `The EA engine is busy (${options.queueLimit} jobs waiting); retry in a few seconds.`);

  /** The public EA work is rate-limited per client on top of the general limit; the coach's jobs come through operations that are. */
  async function limited<T>(task: EaTask, { caller, clientAddress }: Requester): Promise<T> {
    const bucket = caller ? `ea:${caller.credentialId}` : `ea:ip:${clientAddress ?? 'unknown'}`;
    const decision = await options.limiter.hit(bucket);
    if (!decision.allowed) {
      throw AppError.rateLimited(`Rate limit of ${decision.limit} .set diagnoses and builds per minute reached`, decision);
    }
    return run<T>(task);
  }

  async function run<T>(task: EaTask): Promise<T> {
    if (pool.queueSize >= options.queueLimit) throw busy();
    let result: EaTaskResult;
    try {
      result = (await pool.run(task, { signal: AbortSignal.timeout(options.jobTimeoutMs) })) as EaTaskResult;
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        throw new AppError('service_unavailable', `The job took longer than ${options.jobTimeoutMs} ms and was stopped.`);
      }
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw busy();
      throw error;
    }
    if (!result.ok) throw engineError(result.error);
    return result.value as T;
  }

  return {
    diagnose: (input, who) => limited({ kind: 'diagnose', input }, who),
    build: (input, who) => limited({ kind: 'build', input }, who),
    simulate: (input) => run({ kind: 'simulate', input }),
    readStatement: (bytes) => run({ kind: 'statement', input: bytes }),
    close: async () => {
      await pool.destroy();
      await options.limiter.close();
    },
  };
}

/** The engine as configured (EA_WORKERS, EA_QUEUE_LIMIT, EA_JOB_TIMEOUT_MS), limiting public EA work through `limiter` (EA_RATE_LIMIT_PER_MINUTE). */
export function eaEngineFromConfig(config: Config, limiter: RateLimiter): EaEngine {
  return createEaEngine({
    workers: config.ea.workers || Math.max(1, Math.min(2, availableParallelism() - 1)),
    queueLimit: config.ea.queueLimit,
    jobTimeoutMs: config.ea.jobTimeoutMs,
    limiter,
  });
}
