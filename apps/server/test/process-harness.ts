import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningApp {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  url: (path: string) => string;
}

/** Starts a built app bundle (`apps/<name>/dist/main.js`) as its own process on a free port. */
export async function startApp(name: string, env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'apps', name, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited, url: (path) => `http://127.0.0.1:${port}${path}` };
}

/** Resolves once `path` answers 200, within `timeoutMs`; rejects with the app's output otherwise. */
export async function waitForHealthy(app: RunningApp, path = '/healthz', timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  let exitedEarly = false;
  void app.exited.then(() => (exitedEarly = true));
  while (Date.now() - started < timeoutMs && !exitedEarly) {
    try {
      const res = await fetch(app.url(path));
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not answer 200 within ${timeoutMs} ms. Output:\n${app.output()}`);
}

export async function stopApp(app: RunningApp, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill(signal);
  return app.exited;
}
