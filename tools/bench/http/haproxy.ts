/**
 * HAProxy (Debian's package) in front of the benchmark's instances, bound to 127.0.0.1, run in the
 * foreground as a child process. /mcp goes to the MCP servers, everything else to the REST API; both
 * backends health-check /healthz every 500 ms and take a server out after 2 failed checks (refused or
 * 5 s without an answer).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from './server-process.ts';

/** One server's row of `show stat`; the counters are cumulative since HAProxy started. */
export interface ServerStats {
  backend: string;
  server: string;
  /** UP, DOWN, … (with a transition, e.g. "UP 1/2"). */
  status: string;
  /** Requests HAProxy sent to this server (req_tot; health checks are not counted). */
  requests: number;
  /** How many times the health checks took it out (chkdown). */
  downs: number;
}

export interface Balancer {
  base: string;
  servers(): Promise<ServerStats[]>;
  stop(): Promise<void>;
}

/** Installs Debian's haproxy when it is missing (the container runs as root; otherwise through sudo). */
export function ensureHaproxy(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy 2>/dev/null'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[0];
  if (found) return found;
  console.log('haproxy not found: apt-get install -y haproxy');
  const command = [...(process.getuid?.() === 0 ? [] : ['sudo', '-n']), 'apt-get', 'install', '-y', 'haproxy'];
  spawnSync(command[0] as string, command.slice(1), { stdio: 'inherit' });
  return '/usr/sbin/haproxy';
}

function serverLines(bases: string[]): string {
  return bases.map((base, i) => `  server s${i + 1} ${base.replace('http://', '')} check`).join('\n');
}

export async function startHaproxy(workDir: string, rest: string[], mcp: string[]): Promise<Balancer> {
  const binary = ensureHaproxy();
  const port = await freePort();
  const socket = join(workDir, `haproxy-${port}.sock`);
  const config = join(workDir, `haproxy-${port}.cfg`);
  writeFileSync(
    config,
    `global
  maxconn 4096
  stats socket ${socket} mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout queue 30s
  # A busy instance answers /healthz late, not never: only a dead one (refused, or 5 s silent) goes out.
  timeout check 5s
  # Only a connection that never reached a server is retried elsewhere: a POST that did reach one is not replayed.
  retries 2
  option redispatch
  retry-on conn-failure
  option httpchk GET /healthz
  # The instances run with TRUST_PROXY: they take the client's address from the entry appended here.
  option forwardfor
  # maxconn: HAProxy queues beyond 32 requests per instance rather than piling them into one event loop.
  default-server inter 500ms fall 2 rise 2 maxconn 32
frontend propfolio
  bind 127.0.0.1:${port}
  acl is_mcp path_beg /mcp
  use_backend mcp if is_mcp
  default_backend rest
backend rest
  balance roundrobin
${serverLines(rest)}
backend mcp
  balance roundrobin
${serverLines(mcp)}
`,
  );
  const child: ChildProcess = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const command = (text: string) =>
    new Promise<string>((resolve, reject) => {
      let out = '';
      const conn = connect(socket, () => conn.end(`${text}\n`));
      conn.on('data', (d) => (out += d.toString()));
      conn.on('end', () => resolve(out));
      conn.on('error', reject);
    });
  return {
    base,
    servers: async () => {
      const [header = '', ...lines] = (await command('show stat')).trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      return lines
        .map((line) => {
          const fields = line.split(',');
          return (name: string) => fields[names.indexOf(name)] ?? '';
        })
        .filter((field) => field('svname') !== 'FRONTEND' && field('svname') !== 'BACKEND')
        .map((field) => ({
          backend: field('pxname'),
          server: field('svname'),
          status: field('status'),
          requests: Number(field('req_tot')),
          downs: Number(field('chkdown')),
        }));
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
