#!/usr/bin/env node
// Starts every role of a built image from its own file system with chroot, as the image's user, with the
// image's entrypoint, working directory and environment (its OCI config), and checks what a container
// runtime would see. deploy/test/image.sh builds the image, mounts it and calls this:
//
//   node deploy/test/image-roles.mjs <rootfs> <image-config.json>
//   DATABASE_URL=postgresql://…/<scratch db>   REDIS_URL=redis://127.0.0.1:6379   (required)
//
// Checks (each printed PASS/FAIL; exit 1 on any failure):
// - `migrate` exits 0 on PostgreSQL, and again (idempotent: nothing applied, catalog up to date);
// - `keys create`, `users list`, `fx import` exit 0 on PostgreSQL;
// - `server` on PostgreSQL and Redis runs as the image's user, /readyz answers 200, and it serves `/` (the
//   dashboard's page), `/api/v1` (public and with the new key), `/mcp` and `/app/api`; the rate-limit window is
//   counted in Redis;
// - SIGTERM drains: a request whose body is still arriving when the signal lands (seen in the log) completes
//   with 200, then the process exits 0 (its exit event, within a bound);
// - `rest-api`, `mcp-server` and `dashboard-api` each answer /healthz, /readyz and their front door, then exit 0
//   on SIGTERM;
// - the one-container trial: `migrate` twice then `server` on the embedded database in the image's /data volume.
// Every server binds to 127.0.0.1. Processes still running when a check fails are killed before exiting.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

const [rootfs, configFile] = process.argv.slice(2);
const { DATABASE_URL, REDIS_URL } = process.env;
if (!rootfs || !configFile || !DATABASE_URL || !REDIS_URL) {
  console.error('usage: DATABASE_URL=… REDIS_URL=… node deploy/test/image-roles.mjs <rootfs> <image-config.json>');
  process.exit(2);
}
const image = JSON.parse(readFileSync(configFile, 'utf8'));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
const UA = { 'User-Agent': 'propfolio-image-test/1.0' };
const MCP_HEADERS = { ...UA, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

let failures = 0;
const running = new Set();
function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
  if (!ok) failures++;
  return ok;
}

/** The image's environment with the test's overrides (later entries win, as `env` applies them in order). */
function environment(overrides) {
  const env = new Map(image.Env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  // tini warns when it is not PID 1 (it is in a container); as a subreaper it behaves the same here.
  for (const [key, value] of Object.entries({ TINI_SUBREAPER: '1', HOST: '127.0.0.1', ...overrides })) {
    if (value === undefined) env.delete(key);
    else env.set(key, value);
  }
  return [...env].map(([key, value]) => `${key}=${value}`);
}

/** Runs the image's entrypoint with `args` (its CMD when empty) inside the root file system, as its user. */
function start(label, args, overrides = {}) {
  const command = [...image.Entrypoint, ...(args.length > 0 ? args : image.Cmd)];
  const child = spawn(
    'chroot',
    [`--userspec=${image.User}`, rootfs, '/usr/bin/env', '-i', '-C', image.WorkingDir || '/', ...environment(overrides), ...command],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const proc = { label, child, output: '', exited: undefined };
  const collect = (chunk) => {
    proc.output += chunk;
    child.emit('output');
  };
  child.stdout.setEncoding('utf8').on('data', collect);
  child.stderr.setEncoding('utf8').on('data', collect);
  proc.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  running.add(proc);
  proc.exited.then(() => running.delete(proc));
  return proc;
}

/** The process's exit, or a rejection after `ms` (the process is then killed). */
function exitWithin(proc, ms) {
  let timer;
  return Promise.race([
    proc.exited,
    new Promise((_, reject) => {
      timer = setTimeout(() => {
        proc.child.kill('SIGKILL');
        reject(new Error(`${proc.label} did not exit within ${ms} ms`));
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Resolves when the process has printed `text`, rejects if it exits first or after `ms`. */
function printed(proc, text, ms) {
  return new Promise((resolve, reject) => {
    const done = (fn, value) => {
      clearTimeout(timer);
      proc.child.off('output', look);
      fn(value);
    };
    const look = () => proc.output.includes(text) && done(resolve);
    const timer = setTimeout(() => done(reject, new Error(`${proc.label} did not print "${text}" within ${ms} ms`)), ms);
    proc.child.on('output', look);
    proc.exited.then(() => done(reject, new Error(`${proc.label} exited before printing "${text}"`)));
    look();
  });
}

async function runToEnd(label, args, overrides = {}) {
  const proc = start(label, args, overrides);
  const { code } = await exitWithin(proc, START_TIMEOUT_MS);
  return { code, output: proc.output };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function http(port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false, headers: { ...UA, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls /readyz until 200 (the start itself is what is waited for; the bound is START_TIMEOUT_MS). */
async function ready(proc, port) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  proc.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await http(port, '/readyz');
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** The process's real user id, read from /proc (chroot execs, so the child's pid is the entrypoint's). */
function uidOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return status.match(/^Uid:\s+(\d+)/m)?.[1];
}

/** SIGTERM, then the exit event: code 0 within the bound, with the graceful-stop log lines. */
async function stopsCleanly(proc, name) {
  const t0 = Date.now();
  proc.child.kill('SIGTERM');
  try {
    const { code, signal } = await exitWithin(proc, STOP_TIMEOUT_MS);
    return check(
      `${name}: SIGTERM → exit 0`,
      code === 0 && proc.output.includes('"shutting down"') && proc.output.includes('"stopped"'),
      `code ${code ?? signal} after ${Date.now() - t0} ms`,
    );
  } catch (error) {
    return check(`${name}: SIGTERM → exit 0`, false, error.message);
  }
}

async function serve(name, args, overrides) {
  const port = await freePort();
  const proc = start(name, args, { PORT: String(port), ...overrides });
  const t0 = Date.now();
  const ok = await ready(proc, port);
  check(`${name}: /readyz 200`, ok, ok ? `${Date.now() - t0} ms to ready` : proc.output.slice(-2000));
  return { proc, port, ok };
}

const pg = { DATABASE_URL, REDIS_URL };

async function main() {
  // ---- migrate (PostgreSQL), twice ----
  const first = await runToEnd('migrate', ['migrate'], pg);
  check('migrate (PostgreSQL): exit 0', first.code === 0, first.code === 0 ? '' : first.output.slice(-2000));
  const second = await runToEnd('migrate', ['migrate'], pg);
  check(
    'migrate (PostgreSQL) again: exit 0, nothing to apply',
    second.code === 0 && second.output.includes('database is up to date') && second.output.includes('catalog up to date'),
    second.code === 0 ? '' : second.output.slice(-2000),
  );

  // ---- operator commands ----
  const keys = await runToEnd('keys', ['keys', 'create', '--user', 'image-ci'], pg);
  const key = keys.output.trim().split('\n').at(-1) ?? '';
  check('keys create: exit 0, key printed', keys.code === 0 && key.startsWith('eakey_'), keys.code === 0 ? '' : keys.output);
  const users = await runToEnd('users', ['users', 'list'], pg);
  check('users list: exit 0', users.code === 0, users.code === 0 ? '' : users.output);
  writeFileSync(join(rootfs, 'tmp/image-ci-rates.csv'), 'date,base,quote,rate\n2026-11-20,EUR,USD,1.0412\n');
  const fx = await runToEnd('fx', ['fx', 'import', '/tmp/image-ci-rates.csv', '--user', 'image-ci'], pg);
  check('fx import: exit 0', fx.code === 0, fx.code === 0 ? '' : fx.output);
  const unknown = await runToEnd('unknown', ['no-such-role'], pg);
  check(
    'unknown role: exit 2 with the roles listed',
    unknown.code === 2 && unknown.output.includes('roles: server'),
    `code ${unknown.code}`,
  );

  // ---- server: every front door on PostgreSQL and Redis ----
  const server = await serve('server (default CMD)', [], pg);
  if (server.ok) {
    const { port, proc } = server;
    check("server: runs as the image's user", uidOf(proc.child.pid) === image.User.split(':')[0], `uid ${uidOf(proc.child.pid)}`);
    const page = await http(port, '/', { headers: { Accept: 'text/html' } });
    check('server: GET / is the dashboard page', page.status === 200 && /<html/i.test(page.text), `${page.status}`);
    const plans = await http(port, '/api/v1/plans?firm=ftmo');
    check('server: GET /api/v1/plans?firm=ftmo', plans.status === 200 && plans.text.includes('FTMO'), `${plans.status}`);
    const summary = await http(port, '/api/v1/me/summary', { headers: { Authorization: `Bearer ${key}` } });
    check('server: GET /api/v1/me/summary with the new key', summary.status === 200, `${summary.status}`);
    const before = redisKeys();
    const mcp = await http(port, '/mcp', { method: 'POST', headers: MCP_HEADERS, body: TOOLS_LIST });
    check('server: POST /mcp tools/list', mcp.status === 200 && mcp.text.includes('"tools"'), `${mcp.status}`);
    const setup = await http(port, '/app/api/setup');
    check('server: GET /app/api/setup', setup.status === 200, `${setup.status}`);
    check('server: rate-limit windows counted in Redis', redisKeys() > 0 || before > 0, `${redisKeys()} propfolio:rl:* keys`);

    // A request in flight when SIGTERM lands: its body is still arriving; the server logs "shutting down",
    // the rest of the body is sent, and the answer must still be 200 before the process exits 0.
    const inflight = new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          agent: false, // a connection of its own (a kept-alive one would emit no 'connect')
          headers: { ...MCP_HEADERS, 'Content-Length': Buffer.byteLength(TOOLS_LIST) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', reject);
      req.write(TOOLS_LIST.slice(0, 10));
      req.on('socket', (socket) =>
        socket.on('connect', async () => {
          // Before signalling, let the server read this request's headers: a /healthz asked afterwards on another
          // connection is accepted and answered after this one's bytes have been read (one event loop, in order).
          await http(port, '/healthz');
          proc.child.kill('SIGTERM');
          try {
            await printed(proc, '"shutting down"', STOP_TIMEOUT_MS);
          } catch (error) {
            reject(error);
            return;
          }
          req.end(TOOLS_LIST.slice(10));
        }),
      );
    });
    const t0 = Date.now();
    try {
      const res = await inflight;
      check('server: request in flight at SIGTERM completes', res.status === 200 && res.text.includes('"tools"'), `${res.status}`);
    } catch (error) {
      check('server: request in flight at SIGTERM completes', false, error.message);
    }
    try {
      const { code, signal } = await exitWithin(proc, STOP_TIMEOUT_MS);
      check(
        'server: SIGTERM → exit 0',
        code === 0 && proc.output.includes('"stopped"'),
        `code ${code ?? signal} ${Date.now() - t0} ms after the signal`,
      );
    } catch (error) {
      check('server: SIGTERM → exit 0', false, error.message);
    }
  }

  // ---- the separately deployable roles, side by side on the same database ----
  const roles = [
    { role: 'rest-api', probe: (port) => http(port, '/api/v1/plans?firm=ftmo'), what: 'GET /api/v1/plans?firm=ftmo' },
    {
      role: 'mcp-server',
      probe: (port) => http(port, '/mcp', { method: 'POST', headers: MCP_HEADERS, body: TOOLS_LIST }),
      what: 'POST /mcp tools/list',
    },
    { role: 'dashboard-api', probe: (port) => http(port, '/app/api/setup'), what: 'GET /app/api/setup' },
  ];
  await Promise.all(
    roles.map(async ({ role, probe, what }) => {
      const { proc, port, ok } = await serve(role, [role], pg);
      if (!ok) return;
      const health = await http(port, '/healthz');
      check(`${role}: /healthz 200`, health.status === 200, `${health.status}`);
      const res = await probe(port);
      check(`${role}: ${what}`, res.status === 200, `${res.status}`);
      await stopsCleanly(proc, role);
    }),
  );

  // ---- the one-container trial: the embedded database in the image's /data volume ----
  const trial = { DATABASE_URL: undefined, REDIS_URL: undefined };
  const m1 = await runToEnd('migrate (PGlite)', ['migrate'], trial);
  check('migrate (embedded, /data): exit 0', m1.code === 0, m1.code === 0 ? '' : m1.output.slice(-2000));
  const m2 = await runToEnd('migrate (PGlite)', ['migrate'], trial);
  check(
    'migrate (embedded) again: exit 0, nothing to apply',
    m2.code === 0 && m2.output.includes('database is up to date'),
    m2.code === 0 ? '' : m2.output.slice(-2000),
  );
  const embedded = await serve('server (embedded)', [], trial);
  if (embedded.ok) {
    const page = await http(embedded.port, '/', { headers: { Accept: 'text/html' } });
    check('server (embedded): GET /', page.status === 200, `${page.status}`);
    const plans = await http(embedded.port, '/api/v1/plans?firm=ftmo');
    check('server (embedded): GET /api/v1/plans?firm=ftmo', plans.status === 200, `${plans.status}`);
    await stopsCleanly(embedded.proc, 'server (embedded)');
  }
}

function redisKeys() {
  const url = new URL(REDIS_URL);
  try {
    const out = execFileSync('redis-cli', ['-h', url.hostname, '-p', url.port || '6379', '--scan', '--pattern', 'propfolio:rl:*'], {
      encoding: 'utf8',
    });
    return out.split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

try {
  await main();
} catch (error) {
  check('image roles', false, error instanceof Error ? error.stack : String(error));
} finally {
  for (const proc of running) proc.child.kill('SIGKILL');
}
console.log(failures === 0 ? 'image roles: all checks passed' : `image roles: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
