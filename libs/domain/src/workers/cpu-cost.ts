import { DEFAULT_HORIZON_DAYS, DEFAULT_PATHS } from '@propfolio/coach';
import type { CpuTask, CpuTaskKind, CpuTaskTypes } from './cpu-tasks.js';

/** What a job will cost, known before it starts: an upper bound in the kind's own unit. */
interface CpuCost {
  units: number;
  unit: 'path-days' | 'attempt-days' | 'path-plans' | 'bytes';
  /** For a person: what was counted, e.g. "100,000 paths × 1,000 days × 11 runs". */
  counted: string;
}

/**
 * How much of each unit one pool worker gets through per millisecond, at the slow end of what was measured
 * on a shared 2-core machine (docs/performance.md, "CPU pool"): a simulation's path-day (one simulated day of
 * one path, for each risk scale; paths that pass or breach early cost less, so this bounds from above), a
 * statement's byte, a `.set` file's byte. A job's limit is what fits in CPU_JOB_TIMEOUT_MS at this rate.
 */
const UNITS_PER_MS: { readonly [K in CpuTaskKind]: number } = {
  simulate: 10_000,
  // A replay's attempt-day: one history day walked by one start date of one plan (an attempt that ends sooner costs less).
  replay: 5_000,
  // fit_plans' path-plan: one plan's phases, funded stage and scale search for one path (measured with `npm run bench -- planfit`).
  fit: 150,
  statement: 600,
  // CSV is simpler than HTML; costed at the statement's rate until measured on its own.
  tradeFile: 600,
  diagnose: 1_000,
  build: 1_000,
};

/** A `.set` built from the defaults or a preset: about the size of the EA's default file. */
const DEFAULT_SET_BYTES = 64 * 1024;

const count = (n: number): string => n.toLocaleString('en-US');
// Text is costed by its UTF-16 units: the engine reads decoded text about as fast as bytes.
const byteSize = (input: string | Uint8Array): number => input.length;

const COSTS: { [K in CpuTaskKind]: (input: CpuTaskTypes[K]['input']) => CpuCost } = {
  simulate: (input) => {
    const paths = input.paths ?? DEFAULT_PATHS;
    const days = input.state.daysLeft ?? input.horizonDays ?? DEFAULT_HORIZON_DAYS;
    const runs = 1 + (input.riskScale?.length ?? 0);
    return {
      units: paths * days * runs,
      unit: 'path-days',
      counted: `${count(paths)} paths × ${count(days)} days × ${count(runs)} run${runs === 1 ? '' : 's'}`,
    };
  },
  replay: (input) => {
    const plans = input.plans.length;
    // Dates the engine will refuse cost nothing here: it answers them with its own error at once.
    const span = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
    const starts = Number.isFinite(span) ? Math.max(0, Math.round(span) + 1) : 0;
    const days = input.history.days.length;
    return {
      units: plans * starts * days,
      unit: 'attempt-days',
      counted: `${count(plans)} plans × ${count(starts)} start dates × ${count(days)} days`,
    };
  },
  fit: (input) => {
    const paths = input.paths ?? DEFAULT_PATHS;
    const plans = Array.isArray(input.plans) ? input.plans.length : 0;
    return { units: paths * plans, unit: 'path-plans', counted: `${count(paths)} paths × ${count(plans)} plans` };
  },
  statement: (bytes) => ({ units: bytes.length, unit: 'bytes', counted: `a ${count(bytes.length)}-byte statement` }),
  tradeFile: ({ bytes }) => ({ units: bytes.length, unit: 'bytes', counted: `a ${count(bytes.length)}-byte trade file` }),
  diagnose: (input) => {
    const bytes = byteSize(input.content);
    return { units: bytes, unit: 'bytes', counted: `a ${count(bytes)}-byte .set file` };
  },
  build: (input) => {
    const bytes = input.base && 'content' in input.base ? byteSize(input.base.content) : DEFAULT_SET_BYTES;
    return { units: bytes, unit: 'bytes', counted: `a ${count(bytes)}-byte .set file` };
  },
};

export function costOf<K extends CpuTaskKind>(task: CpuTask<K>): CpuCost {
  // As in runCpuTask: the mapped table keeps kind and input together.
  const cost = COSTS[task.kind];
  return cost(task.input);
}

/** The most of `kind`'s unit that fits in a job's time budget. */
export const costLimit = (kind: CpuTaskKind, jobTimeoutMs: number): number => Math.floor(UNITS_PER_MS[kind] * jobTimeoutMs);

/** Milliseconds a job of `units` is expected to take at most (for Retry-After and the detail). */
export const expectedMs = (kind: CpuTaskKind, units: number): number => units / UNITS_PER_MS[kind];
