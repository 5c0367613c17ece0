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
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited, url: (path) => `http://127.0.0.1:${port}${path}` };
}

/**
 * A generous outer bound for a start-up on a loaded machine. Tests never measure against it: they wait
 * for the event (the "listening" log line, then one 200), and this only stops a hung process.
 */
export const START_TIMEOUT_MS = 300_000;

/** Resolves when the app's output matches `pattern` (now or later); rejects if the app exits first. */
export function waitForOutput(app: RunningApp, pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!pattern.test(app.output())) return;
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms. Output:\n${app.output()}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the app exited (${code}) before printing ${pattern}. Output:\n${app.output()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      app.child.stdout?.off('data', onData);
      app.child.stderr?.off('data', onData);
      app.child.off('exit', onExit);
    };
    app.child.stdout?.on('data', onData);
    app.child.stderr?.on('data', onData);
    app.child.on('exit', onExit);
    onData();
  });
}

/**
 * Resolves once the app has logged that it listens and `path` then answers 200; returns the
 * milliseconds it took (for information only: no test may depend on a wall-clock budget).
 */
export async function waitForHealthy(app: RunningApp, path = '/healthz'): Promise<number> {
  const started = Date.now();
  await waitForOutput(app, /"msg":"[a-z-]+ listening"/);
  const res = await fetch(app.url(path));
  if (res.status !== 200) throw new Error(`${path} answered ${res.status} after start. Output:\n${app.output()}`);
  return Date.now() - started;
}

export async function stopApp(app: RunningApp, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill(signal);
  return app.exited;
}
