import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createScratchDatabase } from '@propfolio/db/testing';
import { startApp, stopApp, waitForHealthy } from './process-harness.js';

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
