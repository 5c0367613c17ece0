/**
 * A child process of the CPU pool (cpu-pool.ts): runs one job at a time, as the parent sends them, and
 * answers plain data. Each engine's own error crosses as data so that the parent throws the same error an
 * in-process call would; anything else is a bug, sent as its message. A fatal runtime error (V8 aborting
 * on an invalid size, heap exhaustion) ends this process only: the parent answers that job and starts
 * another child.
 */
import {
  PART_ITEMS,
  runCpuTask,
  splitResult,
  taskErrorOf,
  type CpuChildReady,
  type CpuJobAnswer,
  type CpuJobMessage,
  type CpuJobPart,
} from './cpu-tasks.js';
import { loadFuturesContracts } from './futures-contracts.js';

// The operator's futures contract table, as the service installed it at start (the service checked it first).
loadFuturesContracts();

/** Sends one message and resolves once it has left this process (so the parent reads each part before the next). */
function sent(message: CpuJobAnswer | CpuJobPart): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      resolve();
      return;
    }
    process.send(message, undefined, {}, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

async function answer({ id, task }: CpuJobMessage): Promise<void> {
  let outcome: CpuJobAnswer['outcome'];
  try {
    const { rest, lists } = splitResult(task.kind, runCpuTask(task));
    // The long lists first, a part at a time, then the answer with them emptied (cpu-tasks.ts, RESULT_LISTS).
    for (const [list, items] of lists) {
      for (let from = 0; from < items.length; from += PART_ITEMS) await sent({ id, list, items: items.slice(from, from + PART_ITEMS) });
    }
    outcome = { ok: true, value: rest as never };
  } catch (error) {
    const known = taskErrorOf(error);
    if (known) outcome = { ok: false, error: known };
    else outcome = { ok: false, bug: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  await sent({ id, outcome });
}

process.on('message', (message: CpuJobMessage) => {
  // One job at a time: the parent sends the next only after this one's answer.
  void answer(message).catch(() => process.exit(1));
});
// Jobs are sent only after this: a message that arrives before the listener above exists (a preloaded module
// may start the channel early) would be dropped.
process.send?.({ ready: true } satisfies CpuChildReady);
// The parent's channel closing (it exited or was killed) leaves this process nothing to do.
process.on('disconnect', () => process.exit(0));
