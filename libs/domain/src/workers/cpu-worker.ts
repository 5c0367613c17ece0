/**
 * The pool's worker for CPU-heavy work (see cpu-tasks.ts). It returns plain data; each engine's own error
 * crosses the boundary as data so that the sending side can throw the same error as an in-process call would.
 */
import { runCpuTask, taskErrorOf, type CpuTask, type CpuTaskOutcome } from './cpu-tasks.js';

export default function runTask(task: CpuTask): CpuTaskOutcome {
  try {
    return { ok: true, value: runCpuTask(task) };
  } catch (error) {
    const known = taskErrorOf(error);
    if (known) return { ok: false, error: known };
    throw error;
  }
}
