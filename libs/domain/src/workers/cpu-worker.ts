/**
 * A child process of the CPU pool (cpu-pool.ts): runs one job at a time, as the parent sends them, and
 * answers plain data. Each engine's own error crosses as data so that the parent throws the same error an
 * in-process call would; anything else is a bug, sent as its message. A fatal runtime error (V8 aborting
 * on an invalid size, heap exhaustion) ends this process only: the parent answers that job and starts
 * another child.
 */
import { runCpuTask, taskErrorOf, type CpuChildReady, type CpuJobAnswer, type CpuJobMessage } from './cpu-tasks.js';
import { loadFuturesContracts } from './futures-contracts.js';

// The operator's futures contract table, as the service installed it at start (the service checked it first).
loadFuturesContracts();

function answer({ id, task }: CpuJobMessage): CpuJobAnswer {
  try {
    return { id, outcome: { ok: true, value: runCpuTask(task) } };
  } catch (error) {
    const known = taskErrorOf(error);
    if (known) return { id, outcome: { ok: false, error: known } };
    return { id, outcome: { ok: false, bug: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
}

process.on('message', (message: CpuJobMessage) => {
  process.send?.(answer(message));
});
// Jobs are sent only after this: a message that arrives before the listener above exists (a preloaded module
// may start the channel early) would be dropped.
process.send?.({ ready: true } satisfies CpuChildReady);
// The parent's channel closing (it exited or was killed) leaves this process nothing to do.
process.on('disconnect', () => process.exit(0));
