// What the deployment files are checked against: the app's real settings (read by running libs/core's
// loadConfig), the roles of the image's entrypoint, the port of the image, and the built role bundles started
// on 127.0.0.1 to answer the paths the files name.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@propfolio/core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every environment variable the app reads: loadConfig run on an environment that records each name asked. */
export function appSettings(): Set<string> {
  const names = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') names.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return names;
}

/** The roles deploy/entrypoint.sh declares (its ROLES line), each checked to have a branch that runs it. */
export function entrypointRoles(): string[] {
  const script = read('deploy/entrypoint.sh');
  const roles = /^ROLES="([^"]+)"/m.exec(script)?.[1]?.split(/\s+/) ?? [];
  const branches = [...script.matchAll(/^\s+([\w|\s-]+)\)\s+exec /gm)].flatMap((m) => (m[1] ?? '').split('|').map((r) => r.trim()));
  for (const role of roles)
    if (!branches.includes(role)) throw new Error(`deploy/entrypoint.sh declares ${role} but runs no command for it`);
  return roles;
}

/** Roles that serve HTTP (the others run a command and exit). */
export const SERVING_ROLES = ['server', 'rest-api', 'mcp-server', 'dashboard-api'] as const;
export type ServingRole = (typeof SERVING_ROLES)[number];
export const isServingRole = (role: string): role is ServingRole => (SERVING_ROLES as readonly string[]).includes(role);

/** The port the image's processes listen on (the Containerfile's ENV PORT). */
export function imagePort(): number {
  const match = /^ENV .*\bPORT=(\d+)/m.exec(read('deploy/Containerfile'));
  if (!match?.[1]) throw new Error('deploy/Containerfile sets no ENV PORT');
  return Number(match[1]);
}

export interface Answer {
  status: number;
  body: string;
}
export function http(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        agent: false,
        headers: { 'User-Agent': 'propfolio-deploy-test/1.0', ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${path} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

const MCP_LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
/** The four front doors: the path prefix a proxy routes, and a request that only the right role answers 200. */
export const FRONT_DOORS: { prefix: string; what: string; ask: (port: number) => Promise<Answer> }[] = [
  { prefix: '/api', what: 'GET /api/v1/plans?firm=ftmo', ask: (port) => http(port, '/api/v1/plans?firm=ftmo') },
  {
    prefix: '/mcp',
    what: 'POST /mcp tools/list',
    ask: (port) =>
      http(port, '/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: MCP_LIST,
      }),
  },
  { prefix: '/app', what: 'GET /app/api/setup', ask: (port) => http(port, '/app/api/setup') },
  { prefix: '/', what: 'GET / (the dashboard page)', ask: (port) => http(port, '/', { headers: { Accept: 'text/html' } }) },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface RunningRole {
  role: ServingRole;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts a role's built bundle (apps/<role>/dist/main.js, as the image runs it) on 127.0.0.1 with a fresh
 * embedded database, and resolves once /healthz answers.
 */
export async function startRole(role: ServingRole): Promise<RunningRole> {
  const bundle = join(ROOT, 'apps', role, 'dist', 'main.js');
  const dataDir = mkdtempSync(join(tmpdir(), `propfolio-deploy-${role}-`));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Until it answers or exits: no deadline of our own. Four roles migrating fresh embedded databases at once took
  // longer than the 120 s this loop once allowed on a loaded 2-core machine, with nothing wrong; a start that hangs
  // is left to the suite's hook timeout (deployment.spec.ts).
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if ((await http(port, '/healthz')).status === 200) return { role, port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(
    `${role} (${bundle}) exited before it answered /healthz (${String(child.exitCode ?? child.signalCode)}): ${stderr.slice(-2000)}`,
  );
}

/** A command's path, or null (after trying `apt-get install` as root, as the scale bench does for HAProxy). */
export function ensureCommand(command: string, aptPackage: string): string | null {
  const which = () => spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || null;
  const found = which();
  if (found || process.getuid?.() !== 0) return found;
  spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${aptPackage}`], {
    stdio: 'ignore',
    timeout: 300_000,
  });
  return which();
}
