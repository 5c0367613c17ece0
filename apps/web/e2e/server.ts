import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';

const MAIN = resolve(import.meta.dirname, '../../server/dist/main.js');

export interface RunningServer {
  origin: string;
  /** The one-time setup link the server printed at first start. */
  setupUrl: string;
  /** The local owner's API key printed at first start. */
  ownerKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * Starts the built server on a fresh PGlite directory, or on `dataDir` to start again on the database a
 * previous run left (the caller then owns and removes it); resolves on its "listening" log line, not a timer.
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'propfolio-web-e2e-')));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"propfolio listening"')) resolveReady();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  await ready;
  const setupUrl = /(http:\/\/\S+\/setup\?token=\S+)/.exec(out)?.[1] ?? '';
  const ownerKey = /(eakey_\w+)/.exec(out)?.[1] ?? '';
  return {
    origin: `http://127.0.0.1:${port}`,
    setupUrl,
    ownerKey,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
