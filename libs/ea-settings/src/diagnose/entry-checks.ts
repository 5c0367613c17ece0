import { paramForName, suggestNames } from '../catalog/resolve.js';
import type { Catalog, CatalogParam, ParamValue } from '../catalog/types.js';
import { formatSetValue, parseSetValue, type ValueProblemCode } from '../catalog/values.js';
import type { SetDocument, SetFormat } from '../setfile/document.js';
import type { CollectedEntries, SetEntry } from '../setfile/entries.js';
import { lt, type LocalizedText } from '../text/i18n.js';
import type { Finding, FindingFix, Severity } from './types.js';

export type Purpose = 'live' | 'tester';
/** `summary` (default) reports the inputs left at their defaults as one finding; `full` as one finding each. */
export type Detail = 'summary' | 'full';

/**
 * Did-you-mean work per file is bounded: a file of thousands of unknown names would otherwise cost one
 * edit-distance scan of the catalog each, which is what made large files slow. Later names get no hint.
 */
const SUGGESTION_BUDGET = 32;

/** Suggestions per distinct unknown name, computed at most SUGGESTION_BUDGET times per file. */
function suggester(catalog: Catalog): (name: string) => string[] {
  const cache = new Map<string, string[]>();
  return (name) => {
    let hit = cache.get(name);
    if (hit === undefined) {
      hit = cache.size < SUGGESTION_BUDGET ? suggestNames(catalog, name) : [];
      cache.set(name, hit);
    }
    return hit;
  };
}

interface Location {
  line: number;
  column: number;
}

/** Every catalog input's effective value (file value when valid, otherwise the default) and where it was set. */
export interface ResolvedValues {
  values: Map<string, ParamValue>;
  locations: Map<string, Location>;
}

const VALUE_MESSAGES: Record<ValueProblemCode, (detail: string, fix: string) => LocalizedText> = {
  invalid_type: (d, f) => lt(`型が合いません（${d}）。${f} にしてください。`, `Wrong type (${d}). Use ${f}.`),
  invalid_bool: (d, f) => lt(`true/falseで指定してください（${d}）。${f} にしてください。`, `Use true or false (${d}). Use ${f}.`),
  decimal_comma: (d, f) =>
    lt(
      `小数点にカンマが使われています（${d}）。MetaTraderは常に「.」です。${f} にしてください。`,
      `Decimal comma (${d}); MetaTrader always uses "." Use ${f}.`,
    ),
  out_of_range: (d, f) => lt(`範囲外です（${d}）。${f} にしてください。`, `Out of range (${d}). Use ${f}.`),
  invalid_enum: (d, f) => lt(`選択肢にない値です（${d}）。${f} にしてください。`, `Not one of the options (${d}). Use ${f}.`),
  invalid_timeframe: (d, f) => lt(`時間足のコードが不正です（${d}）。${f} にしてください。`, `Invalid timeframe code (${d}). Use ${f}.`),
  invalid_format: (d, f) => lt(`書式が違います（${d}）。${f} にしてください。`, `Wrong format (${d}). Use ${f}.`),
  string_too_long: (d, f) =>
    lt(`文字列が長すぎます（${d}）。「${f}」まで短くしてください。`, `String too long (${d}). Shorten it to "${f}".`),
};

const FINDING_CODE: Record<ValueProblemCode, string> = {
  invalid_type: 'type_error',
  invalid_bool: 'type_error',
  decimal_comma: 'decimal_comma',
  out_of_range: 'out_of_range',
  invalid_enum: 'invalid_enum',
  invalid_timeframe: 'invalid_timeframe',
  invalid_format: 'invalid_format',
  string_too_long: 'string_too_long',
};

export function setValueFix(param: CatalogParam, value: ParamValue): FindingFix {
  return { kind: 'set_value', name: param.name, number: param.number, value: formatSetValue(param, value, 'mt5') };
}

function at(
  entry: SetEntry,
  column: number,
  severity: Severity,
  code: string,
  param: CatalogParam | null,
  message: LocalizedText,
  fix: FindingFix | null,
): Finding {
  return {
    severity,
    code,
    number: param?.number ?? null,
    name: param?.name ?? entry.name,
    line: entry.lineIndex + 1,
    column,
    message,
    fix,
  };
}

function checkOptimisation(entry: SetEntry, param: CatalogParam | null, format: SetFormat, purpose: Purpose): Finding[] {
  const out: Finding[] = [];
  if (format === 'mt5' && entry.fieldCount !== 1 && entry.fieldCount !== 5) {
    out.push(
      at(
        entry,
        entry.valueColumn,
        'warning',
        'malformed_range',
        param,
        lt(
          '「||」で区切られた最適化範囲は値・開始・刻み・終了・Y/Nの5つが必要です。',
          'An optimisation range needs five "||" fields: value, start, step, stop, Y/N.',
        ),
        null,
      ),
    );
  }
  const flag = format === 'mt5' ? entry.range?.flag.trim() : entry.mt4.F?.value.trim();
  const optimised = format === 'mt5' ? flag === 'Y' : flag === '1';
  if (format === 'mt5' && flag !== undefined && flag !== 'Y' && flag !== 'N') {
    out.push(
      at(
        entry,
        entry.valueColumn,
        'warning',
        'malformed_range',
        param,
        lt(`最適化フラグは Y か N です（「${flag}」）。`, `The optimisation flag must be Y or N (got "${flag}").`),
        null,
      ),
    );
  }
  if (optimised && purpose === 'live') {
    out.push(
      at(
        entry,
        entry.valueColumn,
        'warning',
        'optimization_flag_on',
        param,
        lt(
          '最適化フラグがオンのままです。本番用のプリセットではオフにしてください（テスターで意図しない最適化が走ります）。',
          'The optimisation flag is still on; clear it in a preset meant for live trading (the tester would optimise this input).',
        ),
        { kind: 'clear_optimization_flag', name: param?.name ?? entry.name },
      ),
    );
  }
  return out;
}

function checkValue(entry: SetEntry, param: CatalogParam, format: SetFormat, resolved: ResolvedValues): Finding[] {
  const parsed = parseSetValue(param, entry.value, format);
  if (parsed.ok) {
    resolved.values.set(param.name, parsed.value);
    if (!parsed.numericBool) return [];
    const fix = setValueFix(param, parsed.value);
    return [
      at(
        entry,
        entry.valueColumn,
        'warning',
        'numeric_bool',
        param,
        lt(
          `MT5のboolは true/false で書きます（${entry.value}）。${fix.kind === 'set_value' ? fix.value : ''} にしてください。`,
          `MT5 writes bools as true/false (got ${entry.value}). Use ${fix.kind === 'set_value' ? fix.value : ''}.`,
        ),
        fix,
      ),
    ];
  }
  const fixText = formatSetValue(param, parsed.suggestion, 'mt5');
  return [
    at(
      entry,
      entry.valueColumn,
      'error',
      FINDING_CODE[parsed.code],
      param,
      VALUE_MESSAGES[parsed.code](parsed.detail, fixText),
      setValueFix(param, parsed.suggestion),
    ),
  ];
}

function checkName(
  catalog: Catalog,
  entry: SetEntry,
  seen: Set<string>,
  suggest: (name: string) => string[],
): { param: CatalogParam | null; findings: Finding[] } {
  const found = paramForName(catalog, entry.name);
  if (!found) {
    const suggestions = suggest(entry.name);
    const best = suggestions[0];
    const hint = best ? lt(`もしかして ${suggestions.join(', ')}？`, `Did you mean ${suggestions.join(', ')}?`) : lt('', '');
    return {
      param: null,
      findings: [
        at(
          entry,
          entry.nameColumn,
          'warning',
          'unknown_input',
          null,
          lt(
            `「${entry.name}」はこのEAの入力にありません。MT5は知らない名前を無視します。${hint.ja}`,
            `"${entry.name}" is not an input of this EA; MT5 ignores unknown names. ${hint.en}`.trim(),
          ),
          best ? { kind: 'rename', from: entry.name, to: best } : { kind: 'remove_line', line: entry.lineIndex + 1 },
        ),
      ],
    };
  }
  const { param, renamedFrom } = found;
  const findings: Finding[] = [];
  if (seen.has(param.name)) {
    findings.push(
      at(
        entry,
        entry.nameColumn,
        'warning',
        'duplicate_input',
        param,
        lt(
          `${param.name} が2回以上書かれています。どちらが使われるかは保証されないので1行にしてください。`,
          `${param.name} appears more than once; which one wins is not guaranteed, keep one line.`,
        ),
        { kind: 'remove_line', line: entry.lineIndex + 1 },
      ),
    );
    return { param: null, findings };
  }
  seen.add(param.name);
  if (renamedFrom) {
    findings.push(
      at(
        entry,
        entry.nameColumn,
        'warning',
        'renamed_input',
        param,
        lt(
          `「${renamedFrom}」は旧バージョンの名前です。現在は ${param.name}（${param.number}）です。`,
          `"${renamedFrom}" is an old name; it is now ${param.name} (${param.number}).`,
        ),
        { kind: 'rename', from: renamedFrom, to: param.name },
      ),
    );
  } else if (entry.name !== param.name) {
    findings.push(
      at(
        entry,
        entry.nameColumn,
        'warning',
        'name_case_mismatch',
        param,
        lt(
          `入力名は大文字と小文字を区別します。「${entry.name}」ではなく ${param.name} と書いてください。`,
          `Input names are case-sensitive: write ${param.name}, not "${entry.name}".`,
        ),
        { kind: 'rename', from: entry.name, to: param.name },
      ),
    );
  }
  return { param, findings };
}

function lineFindings(doc: SetDocument, collected: CollectedEntries, format: SetFormat): Finding[] {
  const out: Finding[] = [];
  doc.lines.forEach((l, i) => {
    if (l.syntax.kind !== 'invalid') return;
    out.push({
      severity: 'warning',
      code: 'malformed_line',
      number: null,
      name: null,
      line: i + 1,
      column: 1,
      message: lt(
        '「名前=値」の形になっていない行です。MetaTraderはこの行を読み飛ばします。',
        'This line is not "Name=value"; MetaTrader skips it.',
      ),
      fix: { kind: 'remove_line', line: i + 1 },
    });
  });
  if (format === 'mt4') {
    for (const o of collected.orphans) {
      out.push({
        severity: 'warning',
        code: 'orphan_mt4_line',
        number: null,
        name: o.name,
        line: o.lineIndex + 1,
        column: 1,
        message: lt(
          `${o.name},${o.field} に対応する ${o.name}= の行がありません。`,
          `${o.name},${o.field} has no matching ${o.name}= line.`,
        ),
        fix: { kind: 'remove_line', line: o.lineIndex + 1 },
      });
    }
  }
  return out;
}

function missingInput(p: CatalogParam): Finding {
  const def = formatSetValue(p, p.default, 'mt5');
  return {
    severity: 'info',
    code: 'missing_input',
    number: p.number,
    name: p.name,
    line: null,
    column: null,
    message: lt(
      `${p.name}（${p.number} ${p.label.ja}）がありません。MT5はEAの既定値（${def}）か、前回読み込んだ値をそのまま使います。`,
      `${p.name} (${p.number} ${p.label.en}) is missing; MT5 then keeps the EA default (${def}) or the value loaded last time.`,
    ),
    fix: setValueFix(p, p.default),
  };
}

/** One finding for every input the file leaves out (a short preset may omit most of them on purpose). */
function missingSummary(missing: readonly CatalogParam[]): Finding[] {
  if (missing.length === 0) return [];
  const n = missing.length;
  return [
    {
      severity: 'info',
      code: 'missing_inputs',
      number: null,
      name: null,
      line: null,
      column: null,
      message: lt(
        `${n}個の入力がファイルにありません。MT5はそれぞれEAの既定値か、前回読み込んだ値を使います（一覧は detail: "full"）。`,
        `${n} inputs are not in the file; MT5 keeps the EA default or the value loaded last time for each (list them with detail: "full").`,
      ),
      fix: null,
    },
  ];
}

/** Checks every input line against the catalog and resolves the effective values. */
export function checkEntries(
  catalog: Catalog,
  doc: SetDocument,
  collected: CollectedEntries,
  format: SetFormat,
  purpose: Purpose,
  detail: Detail = 'summary',
): { findings: Finding[]; resolved: ResolvedValues } {
  const resolved: ResolvedValues = { values: new Map(), locations: new Map() };
  const findings = lineFindings(doc, collected, format);
  const seen = new Set<string>();
  const suggest = suggester(catalog);
  for (const entry of collected.entries) {
    const named = checkName(catalog, entry, seen, suggest);
    findings.push(...named.findings);
    findings.push(...checkOptimisation(entry, named.param, format, purpose));
    if (!named.param) continue;
    resolved.locations.set(named.param.name, { line: entry.lineIndex + 1, column: entry.valueColumn });
    findings.push(...checkValue(entry, named.param, format, resolved));
  }
  const missing: CatalogParam[] = [];
  for (const p of catalog.params) {
    if (!resolved.values.has(p.name)) resolved.values.set(p.name, p.default);
    if (!seen.has(p.name)) missing.push(p);
  }
  findings.push(...(detail === 'full' ? missing.map(missingInput) : missingSummary(missing)));
  return { findings, resolved };
}
