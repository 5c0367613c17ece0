/**
 * The package as its users receive it: `npm pack` (which builds and writes the published manifest),
 * installed from the tarball into a scratch project outside the workspace, then required, imported,
 * type-checked (node16 and bundler resolution), run as a CLI, linted (publint, attw), and bundled for a
 * browser whose findings must equal Node's for the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { fixtures } from '../src/__fixtures__/fixtures.js';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspace = resolve(pkgDir, '../..');
const bin = (name: string): string => join(workspace, 'node_modules/.bin', name);
// Jest's --experimental-vm-modules must not leak into the tools and consumers started here.
const env = { ...process.env, NODE_OPTIONS: '', npm_config_update_notifier: 'false' };

function run(cmd: string, args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function ok(cmd: string, args: string[], cwd: string): string {
  const r = run(cmd, args, cwd);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The same calls in every environment; the result is compared as JSON. */
const PROBE = `(api, inputs) => inputs.map((bytes) => {
  const d = api.diagnoseSet({ content: Uint8Array.from(bytes) });
  return { format: d.format, encoding: d.encoding, findings: d.findings };
}).concat([Array.from(api.buildSet({ changes: [{ ref: '37-5', value: 255 }, { ref: 'トレーリング開始幅', value: 30 }] }).bytes.slice(0, 64))])`;

const samples = ['mt5TesterUtf16Bom', 'mt5Utf16NoBom', 'mt4ShiftJis', 'mt4Cp1252', 'invalidCp1252Bytes', 'mt4AnsiCrlf'].map((n) =>
  Array.from(fixtures[n] as Uint8Array),
);

describe('@propfolio/ea-settings as packed and installed', () => {
  let scratch: string;
  let tarball: string;
  let installed: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ea-settings-consumer-'));
    ok('npm', ['pack', '--pack-destination', scratch], pkgDir);
    tarball = join(scratch, readdirSync(scratch).find((f) => f.endsWith('.tgz')) ?? 'no-tarball');
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    ok('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], scratch);
    installed = join(scratch, 'node_modules/@propfolio/ea-settings');
  }, 300_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('packs a published manifest, not the workspace one, and leaves the workspace manifest as it was', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).not.toHaveProperty('private');
    expect(manifest).not.toHaveProperty('scripts');
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(manifest).toMatchObject({
      main: './dist/index.cjs',
      types: './dist/index.d.ts',
      bin: { 'ea-settings': './dist/cli.js' },
      license: 'MIT',
      engines: { node: '>=20.19' },
    });
    expect(manifest['dependencies'] ?? {}).toEqual({});
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(
      expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'cli.js']),
    );
    expect(readdirSync(installed).sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'package.json']);
    const workspaceManifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(workspaceManifest).toMatchObject({ main: './src/index.ts', private: true });
  });

  it('is required (CJS) and imported (ESM) from outside the workspace', () => {
    const script = `const bytes = Uint8Array.from(${JSON.stringify(samples[0])});`;
    const cjs = ok(
      'node',
      [
        '-e',
        `${script} const m = require('@propfolio/ea-settings'); console.log(m.diagnoseSet({ content: bytes }).encoding, typeof m.EaSettingsError)`,
      ],
      scratch,
    );
    expect(cjs.trim()).toBe('utf-16le-bom function');
    const esm = ok(
      'node',
      [
        '--input-type=module',
        '-e',
        `${script} const m = await import('@propfolio/ea-settings'); console.log(m.diagnoseSet({ content: bytes }).encoding, typeof m.EaSettingsError)`,
      ],
      scratch,
    );
    expect(esm.trim()).toBe('utf-16le-bom function');
  });

  it.each(['node16', 'bundler'])(
    'type-checks a TypeScript consumer with moduleResolution %s',
    (resolution) => {
      const consumer = [
        "import { diagnoseSet, buildSet, EaSettingsError, type Finding, type DiagnoseSetResult } from '@propfolio/ea-settings';",
        'const result: DiagnoseSetResult = diagnoseSet({ content: new Uint8Array([0xff, 0xfe]), detail: "full" });',
        'const codes: string[] = result.findings.map((f: Finding) => f.code);',
        'const bytes: Uint8Array = buildSet({ changes: [{ ref: "37-5", value: 255 }] }).bytes;',
        'const isError = (e: unknown): boolean => e instanceof EaSettingsError && e.code === "unknown_param";',
        '// @ts-expect-error severity is a closed union',
        'const wrong: Finding["severity"] = "fatal";',
        'export { codes, bytes, isError, wrong };',
      ].join('\n');
      const dir = mkdtempSync(join(scratch, `ts-${resolution}-`));
      writeFileSync(join(dir, 'consumer.ts'), consumer);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: resolution === 'node16' ? 'module' : 'commonjs' }));
      const module = resolution === 'node16' ? 'node16' : 'preserve';
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module,
            moduleResolution: resolution,
            target: 'es2022',
            lib: ['es2022', 'dom'],
            types: [],
            skipLibCheck: false,
          },
          files: ['consumer.ts'],
        }),
      );
      const r = run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], scratch);
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
    120_000,
  );

  it('runs the CLI with npx ea-settings diagnose', () => {
    writeFileSync(join(scratch, 'broken.set'), 'RiskPercent=2,5\r\n');
    writeFileSync(join(scratch, 'mt5.set'), Uint8Array.from(samples[0] as number[]));
    const broken = run('npx', ['--no-install', 'ea-settings', 'diagnose', 'broken.set'], scratch);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('decimal_comma');
    const clean = run('npx', ['--no-install', 'ea-settings', 'diagnose', 'mt5.set', '--json'], scratch);
    expect(JSON.parse(clean.stdout)).toMatchObject({ format: 'mt5', encoding: 'utf-16le-bom' });
    expect(run('npx', ['--no-install', 'ea-settings', 'frobnicate'], scratch).status).toBe(2);
  });

  it('passes publint and @arethetypeswrong/cli', () => {
    expect(ok(bin('publint'), [installed], scratch)).toMatch(/All good/);
    const attw = run(bin('attw'), ['--pack', installed, '--format', 'json'], scratch);
    const report = JSON.parse(attw.stdout) as { analysis: { problems: unknown[] } };
    expect(report.analysis.problems).toEqual([]);
    expect(attw.status).toBe(0);
  }, 120_000);

  it('gives the same findings in Chromium (esbuild browser bundle) as in Node for the same bytes, UTF-16LE included', async () => {
    const bundle = await build({
      stdin: { contents: "export * from '@propfolio/ea-settings';", resolveDir: scratch },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'EaSettings',
      platform: 'browser',
      target: 'es2022',
    });
    const code = bundle.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/require\(["']node:|\bBuffer\./);
    const inNode = JSON.parse(
      ok(
        'node',
        ['-e', `const api = require('@propfolio/ea-settings'); console.log(JSON.stringify((${PROBE})(api, ${JSON.stringify(samples)})))`],
        scratch,
      ),
    ) as unknown[];
    const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addScriptTag({ content: code });
      const inBrowser = await page.evaluate(`(${PROBE})(globalThis.EaSettings, ${JSON.stringify(samples)})`);
      expect(errors).toEqual([]);
      expect(inBrowser).toEqual(inNode);
      expect((inNode[0] as { encoding: string }).encoding).toBe('utf-16le-bom');
      expect((inNode[2] as { encoding: string }).encoding).toBe('shift_jis');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
