import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readmeBlocks, type ReadmeBlock } from './blocks.js';

/**
 * Every command block of the README and of the pages in docs/, pasted as a reader would: ```bash blocks run in
 * order (the README first, then the pages by name) against one freshly started `npm start` server (built
 * apps/server, embedded database in a temp folder), with `eakey_…` standing for the key it printed and
 * http://127.0.0.1:3000 for its address. curl fails on an HTTP error here, so a block that answers 4xx or 5xx
 * fails its test. ```json blocks must parse, and the first-start block must match what the server really
 * printed. See docs/testing.md "The documentation test" for the markers.
 */
const root = resolve(import.meta.dirname, '../..');
const README = 'README.md';
const PAGES = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);
const read = (file: string) => readFileSync(join(root, file), 'utf8');
type DocBlock = ReadmeBlock & { file: string };
const blocks: DocBlock[] = [README, ...PAGES].flatMap((file) => readmeBlocks(read(file), file).map((b) => ({ ...b, file })));
const SHOWN_ONLY = new Set(['text', 'http', 'mql5', 'ts', 'jsonc', 'nginx']);
const README_MAX_LINES = 300;
const title = (b: DocBlock) => `${b.lang} block at ${b.file} line ${b.line}: ${b.code.split('\n')[0]?.slice(0, 60) ?? ''}`;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

describe('README and docs/', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pf-readme-'));
  let server: ChildProcess | undefined;
  let output = '';
  let base = '';
  let key = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const dropped = ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS'];
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropped.includes(name))),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Wait for the event (the listening log line), not for a fixed time.
    await new Promise<void>((ready, fail) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('propfolio listening')) ready();
      };
      server?.stdout?.on('data', onData);
      server?.stderr?.on('data', onData);
      server?.on('exit', (code) => fail(new Error(`the server exited with ${code} before listening:\n${output}`)));
    });
    key = /eakey_[0-9A-Za-z]+/.exec(output)?.[0] ?? '';
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.on('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads a marker above its fence, also across the blank line Prettier puts between them', () => {
    const parsed = readmeBlocks(
      [
        '<!-- readme-test: skip needs X -->',
        '',
        '```bash',
        'a',
        '```',
        '',
        '<!-- readme-test: first-start -->',
        '```text',
        'b',
        '```',
        '',
        '```bash',
        'c',
        '```',
      ].join('\n'),
    );
    expect(parsed.map((b) => b.marker)).toEqual([{ kind: 'skip', reason: 'needs X' }, { kind: 'first-start', reason: '' }, null]);
  });

  it('gives every fenced block a language, so that this test knows what to do with it', () => {
    const unknown = blocks.filter((b) => !['bash', 'json', ...SHOWN_ONLY].includes(b.lang)).map(title);
    expect(unknown).toEqual([]);
    expect(blocks.filter((b) => b.file === README && b.lang === 'bash' && !b.marker).length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.lang === 'bash' && !b.marker).length).toBeGreaterThan(1);
  });

  it(`keeps the README within ${README_MAX_LINES} lines, for a newcomer reading it in ten minutes`, () => {
    expect(read(README).trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("links every page in docs/ from the README's documentation map", () => {
    const readme = read(README);
    expect(PAGES.length).toBeGreaterThan(0);
    expect(PAGES.filter((page) => !readme.includes(`](${page})`))).toEqual([]);
  });

  it('finds every fence: none is indented (an indented fence, e.g. in a list item, would escape this test)', () => {
    const indented = [README, ...PAGES].flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (/^\s+```/.test(line) ? [`${file} line ${i + 1}`] : [])),
    );
    expect(indented).toEqual([]);
  });

  it('prints on the first start what the README shows', () => {
    const shown = blocks.filter((b) => b.marker?.kind === 'first-start');
    expect(shown.map((b) => b.file)).toEqual([README]);
    expect(key).toMatch(/^eakey_/);
    for (const line of (shown[0]?.code ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const pattern = new RegExp(
        line
          .split('…')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*'),
      );
      expect(`${line} → ${pattern.test(output) ? 'printed' : 'not printed'}`).toBe(`${line} → printed`);
    }
  });

  for (const block of blocks.filter((b) => b.lang === 'json')) {
    it(`parses the ${title(block)}`, () => {
      expect(() => JSON.parse(block.code) as unknown).not.toThrow();
    });
  }

  it('says, for every bash block it does not run, why and what covers it instead', () => {
    const unexplained = blocks
      .filter((b) => b.lang === 'bash' && b.marker?.kind === 'skip' && b.marker.reason.trim().length < 20)
      .map(title);
    expect(unexplained).toEqual([]);
  });

  for (const block of blocks.filter((b) => b.lang === 'bash' && b.marker?.kind !== 'skip')) {
    it(`runs the ${title(block)}`, async () => {
      const script = block.code
        .replaceAll('http://127.0.0.1:3000', base)
        .replaceAll('http://localhost:3000', base)
        .replaceAll('eakey_…', key);
      const prelude = 'set -euo pipefail\ncurl() { command curl --fail-with-body --show-error --max-time 120 "$@"; }\n';
      const result = await new Promise<{ code: number; out: string }>((done) => {
        execFile('bash', ['-c', prelude + script], { cwd: root, timeout: 300_000 }, (error, stdout, stderr) =>
          done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
        );
      });
      expect(`exit ${result.code}\n${result.out}`).toMatch(/^exit 0\n/);
    }, 300_000);
  }
});
