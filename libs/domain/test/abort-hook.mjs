// Tests only, never in the service: loaded with `--import` into a CPU pool child (the pool's execArgv, or
// NODE_OPTIONS of a server under test), it makes the child abort the way V8 does on a fatal error (SIGABRT,
// no JavaScript exception to catch) when a statement starting with the marker arrives, before the child's own
// handler sees it. It is how a parser crash is reproduced without a crashing input.
import { basename } from 'node:path';

const ABORT = new TextEncoder().encode('PROPFOLIO-TEST-ABORT');
// A job that never ends, for the time budget: the child is killed, not asked.
const HANG = new TextEncoder().encode('PROPFOLIO-TEST-HANG');
const startsWith = (bytes, marker) => bytes instanceof Uint8Array && marker.every((byte, i) => bytes[i] === byte);

if (/^cpu-worker\.(js|ts)$/.test(basename(process.argv[1] ?? ''))) {
  process.on('message', (message) => {
    if (message?.task?.kind !== 'statement') return;
    if (startsWith(message.task.input, ABORT)) process.abort();
    if (startsWith(message.task.input, HANG)) for (;;);
  });
}
