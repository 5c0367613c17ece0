// Tests only, never in the service: loaded with `--import` into a CPU pool child (the pool's execArgv, or
// NODE_OPTIONS of a server under test), it makes the child abort the way V8 does on a fatal error (SIGABRT,
// no JavaScript exception to catch) when a statement starting with the marker arrives, before the child's own
// handler sees it. It is how a parser crash is reproduced without a crashing input.
import { basename } from 'node:path';

const ABORT = new TextEncoder().encode('PROPFOLIO-TEST-ABORT');
// A job that never ends, for the time budget: the child is killed, not asked.
const HANG = new TextEncoder().encode('PROPFOLIO-TEST-HANG');
// A job that waits without using the CPU: for ever (WAIT), or PAUSE_MS before the child reads it as usual (PAUSE).
const WAIT = new TextEncoder().encode('PROPFOLIO-TEST-WAIT');
const PAUSE = new TextEncoder().encode('PROPFOLIO-TEST-PAUSE');
const PAUSE_MS = 2_500;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const startsWith = (bytes, marker) => bytes instanceof Uint8Array && marker.every((byte, i) => bytes[i] === byte);

if (/^cpu-worker\.(js|ts)$/.test(basename(process.argv[1] ?? ''))) {
  process.on('message', (message) => {
    if (message?.task?.kind !== 'statement') return;
    if (startsWith(message.task.input, ABORT)) process.abort();
    if (startsWith(message.task.input, HANG)) for (;;);
    if (startsWith(message.task.input, WAIT)) for (;;) sleep(60_000);
    if (startsWith(message.task.input, PAUSE)) sleep(PAUSE_MS);
  });
}
