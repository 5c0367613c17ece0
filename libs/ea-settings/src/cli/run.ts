import {
  backtestIni,
  buildSet,
  convertSet,
  diagnoseSet,
  EaSettingsError,
  explainParam,
  searchParams,
  type BacktestIniInput,
  type BuildBase,
  type Finding,
  type PropFirmRules,
} from '../index.js';
import { flag, option, parseArgs, UsageError, type ParsedArgs } from './args.js';

/** What the CLI needs from its host, so that it can be tested without a process. */
export interface CliIo {
  readFile(path: string): Uint8Array;
  writeFile(path: string, bytes: Uint8Array): void;
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

export const USAGE = `Usage: ea-settings <command> [options]
  diagnose <file.set> [--firm <name|rules.json>] [--format mt5|mt4|auto] [--purpose live|tester] [--json] [--all] [--full]
  build [--preset <id> | --base <file.set>] [--set <ref>=<value> ...] [--format mt5|mt4] [--out <file>]
  explain <ref>            e.g. explain 37-5, explain RiskPercent
  search <words...> [--group <n>] [--limit <n>]
  ini --symbol <s> --period <tf> --from <date> --to <date> [--expert <path>] [--model <0-4>] [--deposit <n>]
      [--currency <c>] [--leverage 1:100] [--report <path>] [--set-file <name.set>] [--platform mt5|mt4] [--out <file>]
  convert <file.set> --to mt4|mt5 [--out <file>]
--all also prints info findings; --full lists every missing input instead of one summary.
Exit codes: 0 fine, 1 error findings, 2 usage errors. Firm names are looked up as <name>.json in $EA_SETTINGS_FIRMS.`;

const FIRM_KEYS: Array<keyof PropFirmRules> = [
  'firm',
  'dailyLossPercent',
  'dailyLossBasis',
  'maxLossPercent',
  'maxLossType',
  'eaPolicy',
  'newsTrading',
  'newsWindowMinutes',
  'weekendHolding',
  'maxRiskPerTradePercent',
  'hedging',
];

function loadFirm(io: CliIo, ref: string): PropFirmRules {
  const dir = io.env['EA_SETTINGS_FIRMS'];
  const path = ref.endsWith('.json') ? ref : dir ? `${dir}/${ref}.json` : undefined;
  if (!path) throw new UsageError(`--firm ${ref}: give a rules .json file or set EA_SETTINGS_FIRMS to a folder of <firm>.json files`);
  const parsed = JSON.parse(new TextDecoder().decode(io.readFile(path))) as Record<string, unknown>;
  const missing = FIRM_KEYS.filter((k) => !(k in parsed));
  if (missing.length) throw new UsageError(`${path}: missing ${missing.join(', ')} (use null for unknown)`);
  return parsed as unknown as PropFirmRules;
}

function formatFinding(f: Finding): string {
  const where = f.line === null ? '' : `:${f.line}${f.column === null ? '' : `:${f.column}`}`;
  const fix = f.fix?.kind === 'set_value' ? ` → ${f.fix.name}=${f.fix.value}` : f.fix ? ` → ${f.fix.kind}` : '';
  return `${f.severity.padEnd(7)} ${f.code}${f.number ? ` [${f.number} ${f.name}]` : ''}${where} ${f.message.en}${fix}`;
}

function changesFrom(a: ParsedArgs): Array<{ ref: string; value: string }> {
  return (a.options.get('set') ?? []).map((s) => {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set ${s}: expected <ref>=<value>`);
    return { ref: s.slice(0, eq), value: s.slice(eq + 1) };
  });
}

function output(io: CliIo, a: ParsedArgs, bytes: Uint8Array, text: string): void {
  const out = option(a, 'out');
  if (out) io.writeFile(out, bytes);
  else io.stdout(text);
}

const formatOf = (a: ParsedArgs): 'mt5' | 'mt4' | undefined => {
  const f = option(a, 'format');
  if (f !== undefined && f !== 'mt5' && f !== 'mt4') throw new UsageError('--format must be mt5 or mt4');
  return f;
};

function need(a: ParsedArgs, index: number, what: string): string {
  const v = a.positionals[index];
  if (v === undefined) throw new UsageError(`missing ${what}`);
  return v;
}

function numberOption(a: ParsedArgs, key: string): number | undefined {
  const v = option(a, key);
  return v === undefined ? undefined : Number(v);
}

const commands: Record<string, (a: ParsedArgs, io: CliIo) => number> = {
  diagnose(a, io) {
    const file = need(a, 1, '<file.set>');
    const firm = option(a, 'firm');
    const format = option(a, 'format') ?? 'auto';
    const purpose = option(a, 'purpose') ?? 'live';
    const result = diagnoseSet({
      content: io.readFile(file),
      format: format as 'auto',
      purpose: purpose as 'live',
      detail: flag(a, 'full') ? 'full' : 'summary',
      ...(firm ? { firmRules: loadFirm(io, firm) } : {}),
    });
    if (flag(a, 'json')) io.stdout(JSON.stringify(result, null, 2));
    else {
      io.stdout(
        `${file}: ${result.format} ${result.encoding} — ${result.summary.errors} errors, ${result.summary.warnings} warnings, ${result.summary.infos} infos`,
      );
      for (const f of result.findings) if (f.severity !== 'info' || flag(a, 'all')) io.stdout(formatFinding(f));
    }
    return result.summary.errors > 0 ? 1 : 0;
  },
  build(a, io) {
    const preset = option(a, 'preset');
    const baseFile = option(a, 'base');
    const base: BuildBase | undefined = baseFile ? { content: io.readFile(baseFile) } : preset ? { preset } : undefined;
    const format = formatOf(a);
    const result = buildSet({ ...(base ? { base } : {}), changes: changesFrom(a), ...(format ? { format } : {}) });
    for (const c of result.changes) io.stderr(`${c.number} ${c.name}: ${c.from ?? '(missing)'} → ${c.to}`);
    output(io, a, result.bytes, result.text);
    return result.findings.some((f) => f.severity === 'error') ? 1 : 0;
  },
  explain(a, io) {
    const d = explainParam(need(a, 1, '<ref>'));
    if (flag(a, 'json')) io.stdout(JSON.stringify(d, null, 2));
    else {
      const range = d.min !== null || d.max !== null ? ` range ${d.min ?? ''}..${d.max ?? ''}` : '';
      io.stdout(
        `${d.number} ${d.name} (${d.type}, default ${String(d.default)}${range})\n${d.label.ja} / ${d.label.en}\n${d.description.ja}\n${d.description.en}`,
      );
      for (const e of d.enumValues ?? []) io.stdout(`  ${e.value}: ${e.label.ja} / ${e.label.en}`);
      for (const c of d.cautions) io.stdout(`! ${c.ja} / ${c.en}`);
    }
    return 0;
  },
  search(a, io) {
    const group = numberOption(a, 'group');
    const limit = numberOption(a, 'limit');
    const r = searchParams({
      q: a.positionals.slice(1).join(' '),
      ...(group !== undefined ? { group } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    if (flag(a, 'json')) io.stdout(JSON.stringify(r, null, 2));
    else for (const p of r.items) io.stdout(`${p.number.padEnd(6)} ${p.name.padEnd(28)} ${p.label.ja} / ${p.label.en}`);
    return 0;
  },
  ini(a, io) {
    const setFile = option(a, 'set-file');
    const input: BacktestIniInput = {
      symbol: option(a, 'symbol') ?? '',
      period: option(a, 'period') ?? '',
      fromDate: option(a, 'from') ?? '',
      toDate: option(a, 'to') ?? '',
      platform: (option(a, 'platform') ?? 'mt5') as 'mt5',
      ...(option(a, 'expert') !== undefined ? { expert: option(a, 'expert') } : {}),
      ...(numberOption(a, 'model') !== undefined ? { model: numberOption(a, 'model') } : {}),
      ...(numberOption(a, 'deposit') !== undefined ? { deposit: numberOption(a, 'deposit') } : {}),
      ...(option(a, 'currency') !== undefined ? { currency: option(a, 'currency') } : {}),
      ...(option(a, 'leverage') !== undefined ? { leverage: option(a, 'leverage') } : {}),
      ...(option(a, 'report') !== undefined ? { report: option(a, 'report'), replaceReport: flag(a, 'replace-report') } : {}),
      ...(flag(a, 'shutdown') ? { shutdownTerminal: true } : {}),
      ...(flag(a, 'portable') ? { portable: true } : {}),
      ...(option(a, 'config-path') !== undefined ? { configPath: option(a, 'config-path') } : {}),
      ...(setFile
        ? { inputs: { kind: 'file' as const, expertParameters: setFile } }
        : changesFrom(a).length
          ? { inputs: { kind: 'inline' as const, changes: changesFrom(a) } }
          : {}),
    };
    const r = backtestIni(input);
    output(io, a, r.bytes, r.text);
    io.stderr(`# ${r.commandLine}`);
    for (const p of r.pitfalls) io.stderr(`! ${p.message.en}`);
    return 0;
  },
  convert(a, io) {
    const to = option(a, 'to');
    if (to !== 'mt4' && to !== 'mt5') throw new UsageError('--to must be mt4 or mt5');
    const r = convertSet({ content: io.readFile(need(a, 1, '<file.set>')), to });
    output(io, a, r.bytes, r.text);
    return 0;
  },
};

/** Runs one CLI command and returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const a = parseArgs(argv);
    const name = a.positionals[0];
    const command = name === undefined ? undefined : commands[name];
    if (!command || flag(a, 'help')) {
      if (command) io.stdout(USAGE);
      else io.stderr(USAGE);
      return command ? 0 : 2;
    }
    return command(a, io);
  } catch (e) {
    if (e instanceof UsageError || e instanceof EaSettingsError || e instanceof SyntaxError) {
      io.stderr(`ea-settings: ${e.message}${e instanceof EaSettingsError && e.field ? ` (${e.field})` : ''}`);
      return 2;
    }
    if (e instanceof Error && 'code' in e && (e as { code?: unknown }).code === 'ENOENT') {
      io.stderr(`ea-settings: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
