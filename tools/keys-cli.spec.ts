import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { isWellFormedKey } from '@propfolio/domain/keys';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'pf-keys-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_OPTIONS: '' };

async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/keys.ts', ...args], {
      cwd: root,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run keys', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates (key on the last line), lists, revokes, and exits 2 on usage errors', async () => {
    const created = await keys('create', '--user', 'dana');
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    const key = lines[lines.length - 1] ?? '';
    expect(isWellFormedKey(key)).toBe(true);
    expect(created.stdout).toContain('will not be shown again');
    const prefix = key.slice(0, 14);

    const listed = await keys('list');
    expect(listed.stdout).toContain(`${prefix}  user=dana  scope=full  active`);
    expect(listed.stdout).not.toContain(key);

    expect((await keys('revoke', prefix)).stdout).toContain(`Revoked ${prefix}`);
    expect((await keys('list')).stdout).toContain(`${prefix}  user=dana  scope=full  revoked`);

    const usage = await Promise.all([[], ['create'], ['revoke'], ['frobnicate']].map((args) => keys(...args)));
    expect(usage.map((u) => [u.code, u.stderr.includes('Usage:')])).toEqual(usage.map(() => [2, true]));
  }, 180_000);
});
