import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createScratchDatabase } from '@propfolio/db/testing';
import { freePort, startApp, stopApp, waitForHealthy } from './process-harness.js';

const dirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pf-server-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the combined server on the embedded database', () => {
  it('starts, serves /healthz, /readyz and both front doors, and restarts without migrating again', async () => {
    const dataDir = freshDataDir();
    const first = await startApp('server', { DATA_DIR: dataDir });
    try {
      await waitForHealthy(first);
      expect((await fetch(first.url('/readyz'))).status).toBe(200);
      expect((await fetch(first.url('/api/v1/openapi.json'))).status).toBe(200);
      const mcp = await fetch(first.url('/mcp'), { method: 'GET' });
      expect(mcp.status).toBe(405);
    } finally {
      expect(await stopApp(first)).toBe(0);
    }
    expect(first.output()).toContain('"msg":"migrations applied"');
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await startApp('server', { DATA_DIR: dataDir });
    try {
      await waitForHealthy(second);
    } finally {
      await stopApp(second);
    }
    expect(second.output()).not.toContain('"msg":"migrations applied"');
  });

  it('refuses to open a data directory that another running process holds', async () => {
    const dataDir = freshDataDir();
    const owner = await startApp('server', { DATA_DIR: dataDir });
    try {
      await waitForHealthy(owner);
      const intruder = await startApp('server', { DATA_DIR: dataDir });
      expect(await intruder.exited).toBe(1);
      expect(intruder.output()).toContain('is in use by another process');
      expect(intruder.output()).toContain('DATABASE_URL');
    } finally {
      await stopApp(owner);
    }
  });

  it('keeps every acknowledged write through kill -9, and prints the first key once', async () => {
    const dataDir = freshDataDir();
    const first = await startApp('server', { DATA_DIR: dataDir });
    await waitForHealthy(first);
    const key = /eakey_[A-Za-z0-9]+/.exec(first.output())?.[0];
    expect(first.output()).toContain('will not be shown again');
    expect(key).toBeDefined();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    const writer = async () => {
      for (let i = 0; ; i++) {
        try {
          const res = await fetch(first.url('/api/v1/challenges'), {
            method: 'POST',
            headers,
            body: JSON.stringify({ firm: 'FTMO', plan: `crash ${i}`, price: 100 }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // the process is gone
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer()]);
    // Kill once writes are really flowing (an event, not a fixed delay that a loaded machine could miss).
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    await writers;
    await first.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const second = await startApp('server', { DATA_DIR: dataDir });
    try {
      await waitForHealthy(second);
      expect(second.output()).not.toContain('will not be shown again');
      for (const id of acknowledged) {
        const res = await fetch(second.url(`/api/v1/challenges/${id}`), { headers });
        expect(res.status).toBe(200);
      }
    } finally {
      await stopApp(second);
    }
  });

  it('on a busy port exits with one line naming PORT before creating anything; the next start prints the first key and setup link', async () => {
    const dataDir = freshDataDir();
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const busy = await startApp('server', { DATA_DIR: dataDir, PORT: String(port) });
      expect(await busy.exited).toBe(1);
      expect(busy.output().trim().split('\n')).toEqual([
        `Port ${port} is already in use on 127.0.0.1: stop what listens there, or choose another with PORT (e.g. PORT=${port + 1}).`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const next = await startApp('server', { DATA_DIR: dataDir });
    try {
      await waitForHealthy(next);
      expect(next.output()).toContain('will not be shown again');
      expect(next.output()).toMatch(/\/setup\?token=/);
    } finally {
      await stopApp(next);
    }
  });

  it('answers 503 with Retry-After while it opens the database, not a refused connection', async () => {
    const app = await startApp('server', { DATA_DIR: freshDataDir() });
    try {
      let first: Response | undefined;
      while (!first) {
        first = await fetch(app.url('/healthz')).catch(() => undefined);
        if (!first) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (first.status !== 200) {
        expect(first.status).toBe(503);
        expect(first.headers.get('retry-after')).toBe('1');
        expect(await first.json()).toMatchObject({ code: 'service_unavailable' });
      }
      await waitForHealthy(app);
    } finally {
      await stopApp(app);
    }
  });

  it('sends the page headers with every HTML answer (/index.html, any .html, /api/docs), nosniff on all, HSTS over HTTPS', async () => {
    const web = freshDataDir();
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Propfolio</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(web, 'offline.html'), '<!doctype html><title>Offline</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    const app = await startApp('server', { DATA_DIR: freshDataDir(), WEB_DIST_DIR: web, TRUST_PROXY: 'true' });
    try {
      await waitForHealthy(app);
      const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url(path), { headers });
      const page = await get('/', { accept: 'text/html' });
      const policy = page.headers.get('content-security-policy');
      expect(policy).toContain("frame-ancestors 'none'");
      for (const path of ['/index.html', '/offline.html']) {
        const res = await get(path);
        expect([res.status, res.headers.get('content-type')?.split(';')[0]]).toEqual([200, 'text/html']);
        expect(res.headers.get('content-security-policy')).toBe(policy);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      const docs = await get('/api/docs');
      expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(docs.headers.get('x-frame-options')).toBe('DENY');
      for (const path of ['/assets/app.js', '/api/v1/openapi.json', '/api/v1/me/summary', '/app/api/setup', '/healthz']) {
        expect([path, (await get(path)).headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
      }
      expect((await get('/healthz')).headers.get('strict-transport-security')).toBeNull();
      expect((await get('/', { accept: 'text/html', 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(
        'max-age=31536000',
      );
    } finally {
      await stopApp(app);
    }
  });

  it('fails fast with a clear message on invalid configuration', async () => {
    const app = await startApp('server', { DATA_DIR: freshDataDir(), LOG_LEVEL: 'chatty' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('LOG_LEVEL must be one of');
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
(serverUrl ? describe : describe.skip)('each app alone against PostgreSQL [postgres]', () => {
  it('runs rest-api and mcp-server as two processes on one database', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    const rest = await startApp('rest-api', { DATABASE_URL: scratch.url });
    const mcp = await startApp('mcp-server', { DATABASE_URL: scratch.url });
    try {
      await Promise.all([waitForHealthy(rest, '/readyz'), waitForHealthy(mcp, '/readyz')]);
      expect((await fetch(rest.url('/api/v1/openapi.json'))).status).toBe(200);
      expect((await fetch(mcp.url('/mcp'), { method: 'DELETE' })).status).toBe(405);
    } finally {
      await Promise.all([stopApp(rest), stopApp(mcp)]);
      await scratch.drop();
    }
  });
});
