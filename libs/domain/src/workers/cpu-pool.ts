import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError, type Config } from '@propfolio/core';
import { costLimit, costOf, expectedMs } from './cpu-cost.js';
import {
  engineError,
  joinResult,
  type CpuChildReady,
  type CpuJobAnswer,
  type CpuJobMessage,
  type CpuJobPart,
  type CpuPool,
  type CpuRequester,
  type CpuResult,
  type CpuTask,
  type CpuTaskKind,
} from './cpu-tasks.js';

export interface CpuPoolOptions {
  /** Child processes, each running one job at a time. */
  workers: number;
  /** Jobs that may wait for a child; beyond it 503. Anonymous callers together may hold at most half of it. */
  queueLimit: number;
  /** Most a job may run; a job whose cost does not fit is refused before it starts (422 too_costly). */
  jobTimeoutMs: number;
  /** A child leaves after this long without work (default a minute), so an idle instance holds no processes. */
  idleMs?: number;
  /** Extra Node options for the children: a test's `--import` hook that makes a child abort on purpose. */
  execArgv?: readonly string[];
}

/**
 * Lanes of work served in turn, so that a flood of one kind (public simulations) cannot starve another
 * (a signed-in import): a free child takes the next lane's oldest job after the lane it served last.
 */
const LANES = ['simulate', 'statement', 'ea'] as const;
type Lane = (typeof LANES)[number];
const LANE_OF: { readonly [K in CpuTaskKind]: Lane } = {
  simulate: 'simulate',
  replay: 'simulate',
  fit: 'simulate',
  statement: 'statement',
  tradeFile: 'statement',
  diagnose: 'ea',
  build: 'ea',
};

/** What a job is called in a person's sentence. */
const WHAT: { readonly [K in CpuTaskKind]: string } = {
  simulate: 'The simulation',
  replay: 'The replay',
  fit: 'Forward odds of the plans',
  statement: 'Reading the statement',
  tradeFile: 'Reading the trade file',
  diagnose: 'Checking the .set file',
  build: 'Building the .set file',
};

interface Job {
  id: number;
  task: CpuTask;
  lane: Lane;
  /** An anonymous caller's address; undefined for a signed-in caller (served first, not bounded per client). */
  anonymous: string | undefined;
  expectMs: number;
  /** The result's long lists as their parts arrive, by list (cpu-tasks.ts, RESULT_LISTS). */
  parts: Map<string, unknown[][]>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  /** May run anonymous work; such a child runs at a lower OS priority, so a signed-in job beside it gets the CPU first. */
  shared: boolean;
  child: ChildProcess | undefined;
  /** The child said it listens for jobs (a job given before waits for this). */
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
}

/** The compiled child next to the app bundle, else the TypeScript source run through tsx (tests, dev). */
function childEntry(): { filename: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'cpu-worker.js');
  if (existsSync(built)) return { filename: built, execArgv: [] };
  // tsx's package entry is its ESM loader (`node --import tsx`).
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return { filename: join(here, 'cpu-worker.ts'), execArgv: ['--import', pathToFileURL(tsx).href] };
}

// FUTURES_CONTRACTS_FILE: the child reads trade files with the operator's futures contract table too (a path, no secret).
const CHILD_ENV = ['PATH', 'NODE_OPTIONS', 'NODE_ENV', 'FUTURES_CONTRACTS_FILE'] as const;

function childEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(CHILD_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
}

/** How often a running job's CPU time is read. */
const CPU_POLL_MS = 100;
/** A job may wait (not compute) this many times its CPU budget by the clock before it is stopped. */
const WALL_FACTOR = 4;
/** Clock ticks per second of /proc's CPU times: USER_HZ, 100 on every Linux architecture Node runs on. */
const USER_HZ = 100;

/**
 * CPU time a child has used so far (user + system, ms), from /proc/<pid>/stat; null where the system has no /proc
 * (then the budget is the clock's). Fields 14 and 15 of the line, counted after the command name's closing parenthesis,
 * which may itself hold spaces.
 */
export function childCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : null;
  } catch {
    return null;
  }
}

/** The niceness of children that may run anonymous work (0 is normal, 19 the lowest priority). */
const SHARED_NICENESS = 10;

const SHUTTING_DOWN = new AppError('service_unavailable', 'The service is shutting down; retry in a moment.');

/** 429 for an anonymous caller over its share, with when to come back (Retry-After, from `resetSeconds`). */
function anonymousRefusal(what: string, limit: number, waitMs: number): AppError {
  const resetSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return AppError.rateLimited(what, { allowed: false, limit, remaining: 0, windowSeconds: resetSeconds, resetSeconds });
}

/**
 * One pool for the service's CPU-heavy work (the EA engine's diagnose and build, the coach's simulation,
 * statement parsing), in child processes: a fatal runtime error while parsing a crafted file ends that
 * child, not the service (a worker thread's V8 fatal error aborts the whole process), and costs that one
 * job a 422 job_aborted; the next job gets a new child. Every job's cost is known before it starts
 * (cpu-cost.ts), and one that cannot fit its time budget is refused up front (422 too_costly). The queue is
 * bounded (503 when full) and fair: signed-in callers are served first, lanes of work in turn, and anonymous
 * callers share a bounded slice (one job per client address, half the queue, half the children; 429 over it).
 */
export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const entry = childEntry();
  const idleMs = options.idleMs ?? 60_000;
  const workers = Math.max(1, options.workers);
  // Half the children (at least one) may take anonymous work; the others are kept for signed-in callers.
  const sharedChildren = Math.max(1, Math.floor(workers / 2));
  // Signed-in work tries the kept children first, so the shared ones stay free for anonymous work when they can.
  const slots: Slot[] = Array.from({ length: workers }, (_, index) => ({
    shared: index >= workers - sharedChildren,
    child: undefined,
    ready: false,
    job: undefined,
    timer: undefined,
    idle: undefined,
  }));
  const waiting = {
    member: new Map<Lane, Job[]>(LANES.map((lane) => [lane, []])),
    anonymous: new Map<Lane, Job[]>(LANES.map((lane) => [lane, []])),
  };
  const next = { member: 0, anonymous: 0 };
  /** Anonymous jobs waiting or running, by client address. */
  const anonymousJobs = new Map<string, Job>();
  const anonymousShare = Math.max(1, Math.floor(options.queueLimit / 2));
  let waitingCount = 0;
  let lastId = 0;
  let closed = false;

  function take(queues: Map<Lane, Job[]>, turn: 'member' | 'anonymous'): Job | undefined {
    for (let i = 0; i < LANES.length; i++) {
      const index = (next[turn] + i) % LANES.length;
      const job = queues.get(LANES[index] as Lane)?.shift();
      if (job) {
        next[turn] = (index + 1) % LANES.length;
        waitingCount--;
        return job;
      }
    }
    return undefined;
  }

  function dispatch(): void {
    // With one child the slice is that child: a signed-in job then waits for at most one anonymous job.
    for (const slot of slots) {
      if (slot.job) continue;
      const job = take(waiting.member, 'member') ?? (slot.shared ? take(waiting.anonymous, 'anonymous') : undefined);
      if (job) start(slot, job);
    }
  }

  function settle(slot: Slot, job: Job): void {
    clearInterval(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    if (job.anonymous !== undefined) anonymousJobs.delete(job.anonymous);
  }

  function spawn(slot: Slot): ChildProcess {
    const child = fork(entry.filename, [], {
      execArgv: [...entry.execArgv, ...(options.execArgv ?? [])],
      // Structured clone, so a statement's Uint8Array and the engines' results cross as they are.
      serialization: 'advanced',
      // A process that parses untrusted files gets none of the service's secrets (database URL, keys): only
      // what Node itself reads.
      env: childEnvironment(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (slot.shared && child.pid !== undefined) {
      try {
        // Lower only (any user may), once per child: the OS then gives a signed-in job's child the CPU first.
        setPriority(child.pid, SHARED_NICENESS);
      } catch {
        // A platform without priorities: the slice still bounds how many children anonymous work holds.
      }
    }
    // An idle child must not keep the process alive; a running job's timer does while it runs.
    child.unref();
    child.channel?.unref();
    slot.ready = false;
    child.on('message', (answer: CpuJobAnswer | CpuJobPart | CpuChildReady) => {
      if (slot.child !== child) return;
      if ('ready' in answer) {
        slot.ready = true;
        if (slot.job) send(slot, child, slot.job);
        return;
      }
      const job = slot.job;
      if (job?.id !== answer.id) return;
      if ('list' in answer) {
        const chunks = job.parts.get(answer.list) ?? [];
        chunks.push(answer.items);
        job.parts.set(answer.list, chunks);
        return;
      }
      settle(slot, job);
      const { outcome } = answer;
      if (outcome.ok) job.resolve(joinResult(outcome.value, job.parts));
      else if ('error' in outcome) job.reject(engineError(outcome.error));
      else job.reject(new Error(`CPU job ${job.task.kind} failed in its worker: ${outcome.bug}`));
      slot.idle = setTimeout(() => {
        // Let go of the child before it is told to leave: a job that arrives before its exit gets a new child, where
        // it would have been sent to the leaving one and answered job_aborted.
        slot.child = undefined;
        child.kill();
      }, idleMs).unref();
      dispatch();
    });
    const gone = (reason: string): void => {
      if (slot.child !== child) return;
      slot.child = undefined;
      clearTimeout(slot.idle);
      const job = slot.job;
      if (job) {
        settle(slot, job);
        job.reject(
          closed
            ? SHUTTING_DOWN
            : new AppError(
                'job_aborted',
                `${WHAT[job.task.kind]} stopped the process that ran it (${reason}) before it answered; nothing was changed and the ` +
                  'service goes on. The input is likely malformed in a way the reader cannot survive: sending it again will fail again.',
              ),
        );
      }
      dispatch();
    };
    child.on('exit', (code, signal) => gone(signal ?? `exit code ${String(code)}`));
    child.on('error', (error) => gone(error.message));
    return child;
  }

  function start(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    slot.job = job;
    const child = slot.child ?? spawn(slot);
    slot.child = child;
    if (slot.ready) send(slot, child, job);
  }

  /**
   * Hands `job` to a listening child; its time budget runs from here (a child's start is not the job's cost). The
   * budget is the child's CPU time where the system tells it (Linux): on a loaded machine a job that would fit gets
   * less of the CPU and takes longer by the clock, and a 4.75 MiB trade file was stopped at 10 s of wall time having
   * used a fraction of it. A job that waits without using the CPU is stopped by the clock at WALL_FACTOR × the budget.
   */
  function send(slot: Slot, child: ChildProcess, job: Job): void {
    const stop = (detail: string): void => {
      if (slot.job !== job) return;
      // The estimate was wrong: the child is stopped, this job answered, the next one gets a new child.
      slot.child = undefined;
      child.kill('SIGKILL');
      settle(slot, job);
      job.reject(new AppError('service_unavailable', detail));
      dispatch();
    };
    const cpuAtStart = child.pid === undefined ? null : childCpuMs(child.pid);
    if (cpuAtStart === null) {
      slot.timer = setTimeout(() => stop(`The job took longer than ${options.jobTimeoutMs} ms and was stopped.`), options.jobTimeoutMs);
    } else {
      const started = Date.now();
      slot.timer = setInterval(() => {
        const used = (child.pid === undefined ? null : childCpuMs(child.pid)) ?? Number.POSITIVE_INFINITY;
        if (used - cpuAtStart > options.jobTimeoutMs) stop(`The job used more than ${options.jobTimeoutMs} ms of CPU and was stopped.`);
        else if (Date.now() - started > options.jobTimeoutMs * WALL_FACTOR)
          stop(`The job took longer than ${options.jobTimeoutMs * WALL_FACTOR} ms and was stopped.`);
      }, CPU_POLL_MS);
    }
    child.send({ id: job.id, task: job.task } satisfies CpuJobMessage);
  }

  /** The checks a job passes before it is queued: its cost, and an anonymous caller's share. */
  function admit(task: CpuTask, who: CpuRequester): Pick<Job, 'anonymous' | 'expectMs'> {
    if (closed) throw SHUTTING_DOWN;
    const cost = costOf(task);
    const limit = costLimit(task.kind, options.jobTimeoutMs);
    if (cost.units > limit) {
      throw new AppError(
        'too_costly',
        `${WHAT[task.kind]} would cost ${cost.counted} = ${cost.units.toLocaleString('en-US')} ${cost.unit}; at most ` +
          `${limit.toLocaleString('en-US')} ${cost.unit} fit in the ${options.jobTimeoutMs} ms a job may run. Nothing was started: ask for less.`,
        undefined,
        { cost: cost.units, limit, unit: cost.unit },
      );
    }
    const expectMs = expectedMs(task.kind, cost.units);
    if (who.caller) return { anonymous: undefined, expectMs };
    const address = who.clientAddress ?? 'unknown';
    const own = anonymousJobs.get(address);
    if (own) {
      throw anonymousRefusal('Without an API key, one CPU job per client address may run at a time', 1, own.expectMs);
    }
    if (anonymousJobs.size >= anonymousShare) {
      const soonest = Math.min(...[...anonymousJobs.values()].map((job) => job.expectMs));
      throw anonymousRefusal(
        `Without an API key, callers together may have ${anonymousShare} CPU jobs in the pool`,
        anonymousShare,
        soonest,
      );
    }
    return { anonymous: address, expectMs };
  }

  return {
    // async: a refusal is a rejected promise like every other failure, never a throw at the call.
    async run<K extends CpuTaskKind>(task: CpuTask<K>, who: CpuRequester = { caller: null }): Promise<CpuResult<K>> {
      // One job of the union from here on: kind and input stay together, the result type is K's again at resolve.
      const job = task as CpuTask;
      const { anonymous, expectMs } = admit(job, who);
      const free = slots.some((slot) => !slot.job);
      if (!free && waitingCount >= options.queueLimit) {
        throw new AppError('service_unavailable', `The service is busy (${options.queueLimit} jobs waiting); retry in a few seconds.`);
      }
      return new Promise<CpuResult<K>>((resolve, reject) => {
        const queued: Job = {
          id: ++lastId,
          task: job,
          lane: LANE_OF[job.kind],
          anonymous,
          expectMs,
          parts: new Map(),
          resolve: resolve,
          reject,
        };
        if (anonymous !== undefined) anonymousJobs.set(anonymous, queued);
        waiting[anonymous === undefined ? 'member' : 'anonymous'].get(queued.lane)?.push(queued);
        waitingCount++;
        dispatch();
      });
    },
    close: async () => {
      closed = true;
      for (const queues of [waiting.member, waiting.anonymous]) {
        for (const jobs of queues.values()) for (const job of jobs.splice(0)) job.reject(SHUTTING_DOWN);
      }
      waitingCount = 0;
      const exits = slots.flatMap((slot) => {
        const child = slot.child;
        clearTimeout(slot.idle);
        if (!child || child.exitCode !== null || child.signalCode !== null) return [];
        return [new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => undefined)];
      });
      for (const slot of slots) slot.child?.kill();
      await Promise.all(exits);
    },
  };
}

/**
 * The pool as configured (CPU_WORKERS, CPU_QUEUE_LIMIT, CPU_JOB_TIMEOUT_MS). Automatic sizing keeps at least
 * two children even on a small machine: anonymous work may take half of them, so a signed-in caller always
 * finds one that a flood of public simulations cannot hold.
 */
export function cpuPoolFromConfig(config: Config): CpuPool {
  return createCpuPool({
    workers: config.cpu.workers || Math.max(2, Math.min(4, availableParallelism() - 1)),
    queueLimit: config.cpu.queueLimit,
    jobTimeoutMs: config.cpu.jobTimeoutMs,
  });
}
