// A compile check of the cTrader cBot with Mono's C# compiler (Debian package mono-mcs) against our own stub of the
// cTrader Automate API (cAlgo.API.stub.cs beside this file), the way tools/mql-check checks the EAs with clang.
// README.md beside this file says what the stub holds and how to add a member.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CbotCheckResult {
  /** true when mcs reported no error (warnings count as errors: -warnaserror+). */
  ok: boolean;
  /** mcs's diagnostics, `<fileName>(line,column): error CSxxxx: …`, one per line. */
  output: string;
}

const STUB = fileURLToPath(new URL('./cAlgo.API.stub.cs', import.meta.url));

const mcsCommand = () => process.env.MCS ?? 'mcs';

/** Whether Mono's C# compiler can be run here. */
export function mcsAvailable(mcs = mcsCommand()): boolean {
  return spawnSync(mcs, ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Whether the Mono runtime can run what mcs builds (Debian's mono-mcs depends on it). */
export function monoAvailable(mono = process.env.MONO ?? 'mono'): boolean {
  return spawnSync(mono, ['--version'], { encoding: 'utf8' }).status === 0;
}

/**
 * Compiles `source` (read from `fileName`) with the stub and any `extra` C# sources in a scratch folder, and gives
 * mcs's diagnostics with the scratch path replaced by `fileName`, so that they name the cBot's own lines.
 */
function compile(source: string, fileName: string, target: 'library' | 'exe', extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ctrader-check-'));
  const name = basename(fileName);
  const sourcePath = join(dir, name);
  writeFileSync(sourcePath, source);
  const stubPath = join(dir, 'cAlgo.API.stub.cs');
  copyFileSync(STUB, stubPath);
  const extraPaths = Object.entries(extra).map(([file, text]) => {
    const path = join(dir, file);
    writeFileSync(path, text);
    return path;
  });
  const output = join(dir, target === 'exe' ? 'cbot.exe' : 'cbot.dll');
  const run = spawnSync(
    mcsCommand(),
    [`-target:${target}`, '-nologo', '-warnaserror+', `-out:${output}`, stubPath, sourcePath, ...extraPaths],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.error) {
    rmSync(dir, { recursive: true, force: true });
    throw run.error;
  }
  // mcs writes its diagnostics to stdout; the compilation summary line is noise.
  const diagnostics = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.split(sourcePath).join(fileName).trimEnd())
    .filter((line) => line !== '' && !/^Compilation (succeeded|failed)/.test(line))
    .join('\n');
  return { dir, output, ok: run.status === 0, diagnostics };
}

/** Checks one cBot source against the stub of the Automate API. */
export function checkCbot(source: string, fileName: string): CbotCheckResult {
  const built = compile(source, fileName, 'library');
  rmSync(built.dir, { recursive: true, force: true });
  return { ok: built.ok, output: built.diagnostics };
}

/**
 * Runs the cBot's own pure code on Linux: the cBot and `driver` (C# with a `static void Main`, calling the cBot's
 * static helpers) are built into one program and run with Mono. Nothing of the platform runs: every stub member throws.
 * Throws with mcs's messages when the build fails.
 */
export function runCbot(source: string, fileName: string, driver: string): string {
  const built = compile(source, fileName, 'exe', { 'Driver.cs': driver });
  try {
    if (!built.ok) throw new Error(`the cBot did not build:\n${built.diagnostics}`);
    const run = spawnSync(process.env.MONO ?? 'mono', [built.output], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`the cBot's code failed (${run.status ?? run.signal ?? '?'}):\n${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(built.dir, { recursive: true, force: true });
  }
}
