import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, type Config } from '@propfolio/core';
import { engineError, type CpuPool, type CpuTaskOutcome } from './cpu-tasks.js';

interface CpuPoolOptions {
  workers: number;
  queueLimit: number;
  jobTimeoutMs: number;
}

/** The compiled worker next to the app bundle, else the TypeScript source run through tsx (tests, dev). */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'cpu-worker.js');
  if (existsSync(built)) return { filename: pathToFileURL(built).href, execArgv: [] };
  const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs');
  return { filename: pathToFileURL(join(here, 'cpu-worker.ts')).href, execArgv: ['--import', pathToFileURL(tsx).href] };
}

/**
 * One pool for the service's CPU-heavy work (the EA engine's diagnose and build, the coach's simulation,
 * statement parsing), off the event loop: a bounded queue (503 when full) and a time budget per job (503
 * when exceeded, and the worker is replaced).
 */
export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const { filename, execArgv } = workerEntry();
  // Workers are started on first use and leave after a minute idle, so an instance that serves no CPU work
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
    new AppError('service_unavailable', `The service is busy (${options.queueLimit} jobs waiting); retry in a few seconds.`);

  return {
    async run(task) {
      if (pool.queueSize >= options.queueLimit) throw busy();
      let outcome: CpuTaskOutcome<typeof task.kind>;
      try {
        outcome = (await pool.run(task, { signal: AbortSignal.timeout(options.jobTimeoutMs) })) as typeof outcome;
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') {
          throw new AppError('service_unavailable', `The job took longer than ${options.jobTimeoutMs} ms and was stopped.`);
        }
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw busy();
        throw error;
      }
      if (!outcome.ok) throw engineError(outcome.error);
      return outcome.value;
    },
    close: () => pool.destroy(),
  };
}

/** The pool as configured (CPU_WORKERS, CPU_QUEUE_LIMIT, CPU_JOB_TIMEOUT_MS). */
export function cpuPoolFromConfig(config: Config): CpuPool {
  return createCpuPool({
    workers: config.cpu.workers || Math.max(1, Math.min(2, availableParallelism() - 1)),
    queueLimit: config.cpu.queueLimit,
    jobTimeoutMs: config.cpu.jobTimeoutMs,
  });
}
