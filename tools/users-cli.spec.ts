import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'pf-users-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_OPTIONS: '' };

function users(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'tools/users.ts', ...args], { cwd: root, env }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

describe('npm run users', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates (password from stdin, never echoed), lists, disables, resets a password, and exits 2 on usage errors', async () => {
    const created = await users(['create', '--email', 'Ops@Example.com', '--name', 'Ops', '--admin'], 'a long enough password\n');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created admin user Ops@Example.com');
    expect(created.stdout).not.toContain('a long enough password');

    const disabled = await users(['disable', 'ops@example.com']);
    expect(disabled.stdout).toContain('Disabled Ops@Example.com');
    const listed = await users(['list']);
    expect(listed.stdout).toMatch(/Ops@Example\.com {2}name=Ops {2}admin {2}disabled /);

    const reset = await users(['reset-password', 'OPS@example.com']);
    expect(reset.code).toBe(0);
    expect(reset.stdout.trim().split('\n').pop()).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await users(['disable', 'nobody@example.com'])).code).toBe(1);
    const usage = await users(['frobnicate']);
    expect([usage.code, usage.stderr.includes('Usage:')]).toEqual([2, true]);
  }, 180_000);

  it('says clearly that the service must be stopped (or the dashboard used) while the embedded database is held', async () => {
    writeFileSync(join(dataDir, 'propfolio.lock'), String(process.pid));
    try {
      const locked = await users(['list']);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('in use by the running service');
      expect(locked.stderr).toContain('stop the service');
      expect(locked.stderr).toContain('web dashboard');
    } finally {
      rmSync(join(dataDir, 'propfolio.lock'), { force: true });
    }
  }, 60_000);
});
