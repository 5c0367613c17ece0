import { defaultCatalog } from '../catalog/default.js';
import type { Catalog } from '../catalog/types.js';
import { buildSet, type BuildBase, type BuildChange } from '../build/build-set.js';
import { explainParam } from '../explore/explain.js';
import { EaSettingsError } from '../errors.js';
import { encodeText, bomBytes, concatBytes, type TextEncodingName } from '../text/encoding.js';
import {
  iniCurrency,
  iniDate,
  iniExpert,
  iniFileName,
  iniInt,
  iniLeverage,
  iniPeriod,
  iniPositive,
  iniReport,
  iniSymbol,
  iniText,
} from './fields.js';
import { pitfallsFor, type Pitfall } from './pitfalls.js';

/** An inline tester input: its value, and for an optimisation its range (written as `||start||step||stop||Y`). */
export interface TesterChange extends BuildChange {
  start?: number;
  step?: number;
  stop?: number;
}

export type TesterInputs =
  /** Inputs written into `[TesterInputs]` (MT5 only), built like `buildSet`. */
  | { kind: 'inline'; base?: BuildBase; changes?: TesterChange[] }
  /** A `.set` in MQL5\Profiles\Tester (MT4: the tester folder) named by ExpertParameters. */
  | { kind: 'file'; expertParameters: string };

export interface BacktestIniInput {
  platform?: 'mt5' | 'mt4';
  /** EA path inside the Experts folder, e.g. `PropfolioAssist` or `Propfolio\PropfolioAssist.ex5`; defaults to the catalog EA. */
  expert?: string;
  symbol: string;
  /** One of the 21 timeframes; `Daily`, `Weekly`, `Monthly` are accepted. */
  period: string;
  /** 0 every tick, 1 1-minute OHLC, 2 open prices, 3 math, 4 real ticks (MT4: 0–2). */
  model?: number;
  /** 0 off, 1 slow complete, 2 genetic, 3 all Market Watch symbols. */
  optimization?: number;
  /** 0–7, see the MT5 docs (7 = complex criterion). */
  optimizationCriterion?: number;
  fromDate: string;
  /** Exclusive: testing stops at 00:00 of this day. */
  toDate: string;
  /** 0 off, 1 = 1/2, 2 = 1/3, 3 = 1/4, 4 custom (needs forwardDate). */
  forwardMode?: number;
  forwardDate?: string;
  deposit?: number;
  currency?: string;
  /** `1:100` or `100`. */
  leverage?: string | number;
  executionMode?: number;
  visual?: boolean;
  report?: string;
  replaceReport?: boolean;
  shutdownTerminal?: boolean;
  /** MT4 only: spread in points, 0 = current. */
  spread?: number;
  inputs?: TesterInputs;
  /** `[Common]` section; the password is written only with `includePassword: true`. */
  common?: { login?: string | number; server?: string; password?: string; includePassword?: boolean };
  /** Absolute path where the caller will save the .ini, used in the command line. */
  configPath?: string;
  terminalPath?: string;
  portable?: boolean;
}

export interface BacktestIniResult {
  fileName: string;
  encoding: TextEncodingName;
  text: string;
  bytes: Uint8Array;
  commandLine: string;
  pitfalls: Pitfall[];
}

interface Checked {
  mt4: boolean;
  lines: string[];
  fileName: string;
}

const bool01 = (b: boolean | undefined): string => (b ? '1' : '0');
const stem = (expert: string): string => (expert.split('\\').pop() ?? expert).replace(/\.ex[45]$/i, '');

function checkDates(input: BacktestIniInput): { from: string; to: string; forward: string | null } {
  const from = iniDate(input.fromDate, 'fromDate');
  const to = iniDate(input.toDate, 'toDate');
  if (from >= to) throw new EaSettingsError('invalid_ini_field', 'fromDate must be before toDate', 'toDate');
  const mode = input.forwardMode ?? 0;
  if (mode !== 4) {
    if (input.forwardDate !== undefined)
      throw new EaSettingsError('invalid_ini_field', 'forwardDate is only used with forwardMode 4', 'forwardDate');
    return { from, to, forward: null };
  }
  const forward = iniDate(input.forwardDate, 'forwardDate');
  if (forward <= from || forward >= to)
    throw new EaSettingsError('invalid_ini_field', 'forwardDate must lie between fromDate and toDate', 'forwardDate');
  return { from, to, forward };
}

const isRanged = (c: TesterChange): boolean => c.start !== undefined || c.step !== undefined || c.stop !== undefined;

function rangeOf(c: TesterChange, i: number): { start: number; step: number; stop: number } {
  const field = (k: 'start' | 'step' | 'stop'): number => {
    const v = c[k];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new EaSettingsError(
        'invalid_ini_field',
        `${k} must be a number when a range is given (start, step and stop)`,
        `inputs.changes[${i}].${k}`,
      );
    return v;
  };
  const range = { start: field('start'), step: field('step'), stop: field('stop') };
  if (range.step <= 0) throw new EaSettingsError('invalid_ini_field', 'step must be above 0', `inputs.changes[${i}].step`);
  if (range.stop < range.start) throw new EaSettingsError('invalid_ini_field', 'stop must not be below start', `inputs.changes[${i}].stop`);
  return range;
}

/** `[TesterInputs]` lines: the values as `buildSet` writes them, with `||start||step||stop||Y` on ranged inputs. */
function inlineInputs(input: BacktestIniInput, catalog: Catalog): string[] {
  if (input.inputs?.kind !== 'inline') return [];
  const changes = input.inputs.changes ?? [];
  let built;
  try {
    built = buildSet(
      {
        ...(input.inputs.base ? { base: input.inputs.base } : {}),
        changes: changes.map(({ ref, value }) => ({ ref, value })),
        format: 'mt5',
      },
      catalog,
    );
  } catch (error) {
    // Name the field the caller sent: inputs.changes[i], not the build's own changes[i].
    if (error instanceof EaSettingsError && error.field?.startsWith('changes'))
      throw new EaSettingsError(error.code, error.message, `inputs.${error.field}`);
    throw error;
  }
  const ranges = new Map<string, { start: number; step: number; stop: number }>();
  changes.forEach((c, i) => {
    if (!isRanged(c)) return;
    const name = built.changes.find((a) => a.number === c.ref || a.name === c.ref)?.name ?? explainParam(c.ref, catalog).name;
    ranges.set(name, rangeOf(c, i));
  });
  const lines = built.text
    .split(/\r?\n/)
    .filter((l) => l !== '')
    .map((line) => {
      const eq = line.indexOf('=');
      const range = eq > 0 ? ranges.get(line.slice(0, eq)) : undefined;
      if (!range) return line;
      const value = line.slice(eq + 1).split('||')[0];
      return `${line.slice(0, eq)}=${value}||${range.start}||${range.step}||${range.stop}||Y`;
    });
  return ['[TesterInputs]', ...lines];
}

function commonSection(input: BacktestIniInput): string[] {
  const c = input.common;
  if (!c) return [];
  const lines = ['[Common]'];
  if (c.login !== undefined) lines.push(`Login=${iniText(c.login, 'common.login')}`);
  if (c.server !== undefined) lines.push(`Server=${iniText(c.server, 'common.server')}`);
  if (c.includePassword && c.password !== undefined) lines.push(`Password=${iniText(c.password, 'common.password')}`);
  return lines;
}

function mt5Lines(input: BacktestIniInput, catalog: Catalog): Checked {
  const expert = iniExpert(input.expert ?? catalog.identity.fileStem, 'expert', false);
  const symbol = iniSymbol(input.symbol, 'symbol');
  const period = iniPeriod(input.period, 'period', false);
  const { from, to, forward } = checkDates(input);
  const t = ['[Tester]', `Expert=${expert}`];
  if (input.inputs?.kind === 'file') t.push(`ExpertParameters=${iniFileName(input.inputs.expertParameters, 'inputs.expertParameters')}`);
  t.push(`Symbol=${symbol}`, `Period=${period.name}`);
  t.push(`Optimization=${iniInt(input.optimization ?? 0, 'optimization', 0, 3)}`);
  t.push(`Model=${iniInt(input.model ?? 1, 'model', 0, 4)}`);
  t.push(`FromDate=${from}`, `ToDate=${to}`, `ForwardMode=${iniInt(input.forwardMode ?? 0, 'forwardMode', 0, 4)}`);
  if (forward) t.push(`ForwardDate=${forward}`);
  if (input.deposit !== undefined) t.push(`Deposit=${iniPositive(input.deposit, 'deposit')}`);
  if (input.currency !== undefined) t.push(`Currency=${iniCurrency(input.currency, 'currency')}`);
  if (input.leverage !== undefined) t.push(`Leverage=1:${iniLeverage(input.leverage, 'leverage')}`);
  if (input.executionMode !== undefined) t.push(`ExecutionMode=${iniInt(input.executionMode, 'executionMode', -1, 600000)}`);
  t.push(`OptimizationCriterion=${iniInt(input.optimizationCriterion ?? 0, 'optimizationCriterion', 0, 7)}`);
  if (input.visual !== undefined) t.push(`Visual=${bool01(input.visual)}`);
  if (input.report !== undefined) t.push(`Report=${iniReport(input.report, 'report')}`, `ReplaceReport=${bool01(input.replaceReport)}`);
  if (input.shutdownTerminal !== undefined) t.push(`ShutdownTerminal=${bool01(input.shutdownTerminal)}`);
  const fileName = `${stem(expert)}.${symbol}.${period.name}.${from.replace(/\./g, '')}_${to.replace(/\./g, '')}.ini`;
  return { mt4: false, lines: [...commonSection(input), ...t, ...inlineInputs(input, catalog)], fileName };
}

function mt4Lines(input: BacktestIniInput, catalog: Catalog): Checked {
  if (input.inputs?.kind === 'inline')
    throw new EaSettingsError(
      'invalid_ini_field',
      'MT4 tester configs cannot hold inputs inline; save a .set in the tester folder and use inputs.kind = "file"',
      'inputs',
    );
  const expert = iniExpert(input.expert ?? catalog.identity.fileStem, 'expert', true);
  const symbol = iniSymbol(input.symbol, 'symbol');
  const period = iniPeriod(input.period, 'period', true);
  const { from, to } = checkDates(input);
  const lines = [`TestExpert=${expert}`];
  if (input.inputs?.kind === 'file')
    lines.push(`TestExpertParameters=${iniFileName(input.inputs.expertParameters, 'inputs.expertParameters')}`);
  lines.push(
    `TestSymbol=${symbol}`,
    `TestPeriod=${period.name === 'MN1' ? 'MN' : period.name}`,
    `TestModel=${iniInt(input.model ?? 0, 'model', 0, 2)}`,
  );
  lines.push(`TestSpread=${iniInt(input.spread ?? 0, 'spread', 0, 100000)}`, `TestOptimization=${(input.optimization ?? 0) > 0}`);
  lines.push('TestDateEnable=true', `TestFromDate=${from}`, `TestToDate=${to}`);
  if (input.report !== undefined)
    lines.push(`TestReport=${iniReport(input.report, 'report')}`, `TestReplaceReport=${input.replaceReport === true}`);
  if (input.shutdownTerminal !== undefined) lines.push(`TestShutdownTerminal=${input.shutdownTerminal}`);
  if (input.visual !== undefined) lines.push(`TestVisualEnable=${input.visual}`);
  return { mt4: true, lines, fileName: `${stem(expert)}.${symbol}.${period.name}.ini` };
}

/** `ea_backtest_ini`: a strategy-tester config, its command line and the pitfalls that apply. */
export function backtestIni(input: BacktestIniInput, catalog: Catalog = defaultCatalog()): BacktestIniResult {
  const platform = input.platform ?? 'mt5';
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- published API: JS callers are not type-checked, so the input is checked at run time
  if (platform !== 'mt5' && platform !== 'mt4') throw new EaSettingsError('invalid_ini_field', 'platform must be mt5 or mt4', 'platform');
  const checked = platform === 'mt4' ? mt4Lines(input, catalog) : mt5Lines(input, catalog);
  const text = `${checked.lines.join('\r\n')}\r\n`;
  const encoding: TextEncodingName = checked.mt4 ? 'windows-1252' : 'utf-16le-bom';
  const configPath = input.configPath ?? checked.fileName;
  const terminal = input.terminalPath ?? (checked.mt4 ? 'terminal.exe' : 'terminal64.exe');
  const quotedTerminal = /\s/.test(terminal) ? `"${terminal}"` : terminal;
  const commandLine = checked.mt4
    ? `${quotedTerminal} "${configPath}"${input.portable ? ' /portable' : ''}`
    : `${quotedTerminal} /config:"${configPath}"${input.portable ? ' /portable' : ''}`;
  const pitfalls = pitfallsFor({
    mt4: checked.mt4,
    report: input.report !== undefined,
    replaceReport: input.replaceReport === true,
    shutdown: input.shutdownTerminal === true,
    optimization: (input.optimization ?? 0) > 0,
    inputs: input.inputs?.kind ?? 'none',
    relativeConfigPath: !/^[a-z]:\\|^\\\\/i.test(configPath),
    passwordIncluded: input.common?.includePassword === true && input.common.password !== undefined,
    realTicks: !checked.mt4 && input.model === 4,
    noRangedInput: input.inputs?.kind !== 'file' && !(input.inputs?.kind === 'inline' && (input.inputs.changes ?? []).some(isRanged)),
  });
  return {
    fileName: checked.fileName,
    encoding,
    text,
    bytes: concatBytes([bomBytes(encoding), encodeText(text, encoding)]),
    commandLine,
    pitfalls,
  };
}
